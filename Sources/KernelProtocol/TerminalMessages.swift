/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: the line being typed was dropped.
  case interrupted
  /// Ctrl-D on an empty line, or the end of piped input.
  case endOfInput
}

/// What a `tcaplay-kernel` that runs a session at a terminal (the REPL with
/// `TCAPLAY_KERNEL=inprocess`, `tcaplay run NOTEBOOK --step`) asks of the front end that lent
/// it the terminal's line editor, over the socket on ``KernelChannel/kernelDescriptor``.
public enum TerminalRequest: Equatable, Sendable {
  /// Prints `text` above the line being typed (no answer).
  case write(StyledText)
  /// Reads a line after `prompt`: answered by ``TerminalEvent/line(_:)``.
  case readLine(prompt: String)
  /// The answer to ``TerminalEvent/complete(line:cursor:)``.
  case completions(CompletionResult)
}

/// What the front end that lent its terminal tells the process using it.
public enum TerminalEvent: Equatable, Sendable {
  /// The answer to ``TerminalRequest/readLine(prompt:)``.
  case line(LineInput)
  /// TAB: asks for the completions of `line` at `cursor` (a character offset).
  case complete(line: String, cursor: Int)
  /// Ctrl-C while no line is being edited: cancels what runs.
  case interrupt
}

extension LineInput: KernelMessage {
  public func write(to writer: inout KernelMessageWriter) {
    switch self {
    case let .line(text):
      writer.writeTag(0)
      writer.write(text)
    case .interrupted: writer.writeTag(1)
    case .endOfInput: writer.writeTag(2)
    }
  }

  public init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    switch try reader.readTag() {
    case 0: self = .line(try reader.readString())
    case 1: self = .interrupted
    case 2: self = .endOfInput
    case let tag: throw KernelWireError("no line input is tagged \(tag)")
    }
  }
}

extension CompletionResult: KernelMessage {
  public func write(to writer: inout KernelMessageWriter) {
    writer.write(self.start)
    writer.write(self.candidates)
    writer.write(self.appendsSpace)
  }

  public init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    self.init(start: try reader.readInt(), candidates: try reader.readStrings(), appendsSpace: try reader.readBool())
  }
}

extension TerminalRequest: KernelMessage {
  public func write(to writer: inout KernelMessageWriter) {
    switch self {
    case let .write(text):
      writer.writeTag(0)
      text.write(to: &writer)
    case let .readLine(prompt):
      writer.writeTag(1)
      writer.write(prompt)
    case let .completions(result):
      writer.writeTag(2)
      result.write(to: &writer)
    }
  }

  public init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    switch try reader.readTag() {
    case 0: self = .write(try StyledText(from: &reader))
    case 1: self = .readLine(prompt: try reader.readString())
    case 2: self = .completions(try CompletionResult(from: &reader))
    case let tag: throw KernelWireError("no terminal request is tagged \(tag)")
    }
  }
}

extension TerminalEvent: KernelMessage {
  public func write(to writer: inout KernelMessageWriter) {
    switch self {
    case let .line(input):
      writer.writeTag(0)
      input.write(to: &writer)
    case let .complete(line, cursor):
      writer.writeTag(1)
      writer.write(line)
      writer.write(cursor)
    case .interrupt: writer.writeTag(2)
    }
  }

  public init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    switch try reader.readTag() {
    case 0: self = .line(try LineInput(from: &reader))
    case 1: self = .complete(line: try reader.readString(), cursor: try reader.readInt())
    case 2: self = .interrupt
    case let tag: throw KernelWireError("no terminal event is tagged \(tag)")
    }
  }
}
