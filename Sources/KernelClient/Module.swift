// KernelClient: the kernel's client — which `tcaplay-kernel` to start, starting it and talking
// to it (`KernelProcess`, `KernelREPL`), its crash reports, the REPL's command line, the input
// loop that feeds a session, and a terminal's line editor as the front end lends it — for the
// front end `tcaplay` and for `tcaplay-kernel`'s own scripts and notebooks.
