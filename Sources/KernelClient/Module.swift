// KernelClient: the kernel's client — which `tcaplay-kernel` to start, starting it and talking
// to it (`KernelProcess`, `KernelREPL`), its crash reports, and the REPL's command line — for
// the front end `tcaplay` and for `tcaplay-kernel`'s own scripts and notebooks.
