// TCAPlayInput: the input loop without a line editor — lines from a `LineSource` gathered into
// whole inputs (`InputAccumulator`) and run one after another in an `InputRunner`, in the
// front end, in a kernel's scripts and notebooks, and in one process.
