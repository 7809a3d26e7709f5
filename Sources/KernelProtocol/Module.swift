// KernelProtocol: the kernel's wire protocol — the requests and events the front end and a
// kernel process exchange, their framing and channel, and the styled text and consoles the
// kernel's output is written as and rendered by — without readline or Foundation.
