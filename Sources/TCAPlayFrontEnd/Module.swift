// TCAPlayFrontEnd: the terminal's line editing — readline, the history file, the signal relay —
// for the REPL `tcaplay` runs and for the sessions it lends its terminal to; `tcaplay` alone
// imports it.
