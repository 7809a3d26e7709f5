/// The requests and events as the socket carries them (``KernelMessage``): a one-byte tag for the
/// case, then its fields in order.
extension KernelRequest: KernelMessage {
  public func write(to writer: inout KernelMessageWriter) {
    switch self {
    case let .execute(input, firstLine, origin, terminalWidth):
      writer.writeTag(0)
      writer.write(input)
      writer.write(firstLine)
      writer.write(origin)
      writer.write(terminalWidth)
    case let .complete(line, cursor):
      writer.writeTag(1)
      writer.write(line)
      writer.write(cursor)
    case .interrupt:
      writer.writeTag(2)
    case let .replay(inputs):
      writer.writeTag(3)
      writer.write(inputs)
    case .reset:
      writer.writeTag(4)
    }
  }

  public init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    switch try reader.readTag() {
    case 0:
      self = .execute(
        input: try reader.readString(), firstLine: try reader.readInt(), origin: try reader.readOptionalString(),
        terminalWidth: try reader.readOptionalInt()
      )
    case 1: self = .complete(line: try reader.readString(), cursor: try reader.readInt())
    case 2: self = .interrupt
    case 3: self = .replay(inputs: try reader.readStrings())
    case 4: self = .reset
    case let tag: throw KernelWireError("no request is tagged \(tag)")
    }
  }
}

extension KernelEvent: KernelMessage {
  public func write(to writer: inout KernelMessageWriter) {
    switch self {
    case let .output(text):
      writer.writeTag(0)
      text.write(to: &writer)
    case let .standardOutput(line):
      writer.writeTag(1)
      writer.write(line)
    case let .ready(progress):
      writer.writeTag(2)
      progress.write(to: &writer)
    case let .done(control, progress):
      writer.writeTag(3)
      writer.write(control == .quit)
      progress.write(to: &writer)
    case let .completions(result):
      writer.writeTag(4)
      result.write(to: &writer)
    }
  }

  public init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    switch try reader.readTag() {
    case 0: self = .output(try StyledText(from: &reader))
    case 1: self = .standardOutput(try reader.readString())
    case 2: self = .ready(try KernelProgress(from: &reader))
    case 3: self = .done(control: try reader.readBool() ? .quit : .continue, progress: try KernelProgress(from: &reader))
    case 4: self = .completions(try CompletionResult(from: &reader))
    case let tag: throw KernelWireError("no event is tagged \(tag)")
    }
  }
}

extension KernelProgress {
  func write(to writer: inout KernelMessageWriter) {
    writer.write(self.problemCount)
    writer.write(self.replayable)
    writer.write(Int(self.setupStatus))
    writer.write(self.leftEffectsRunning)
  }

  init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    self.init(
      problemCount: try reader.readInt(), replayable: try reader.readStrings(),
      setupStatus: Int32(truncatingIfNeeded: try reader.readInt()), leftEffectsRunning: try reader.readBool()
    )
  }
}

extension StyledText {
  func write(to writer: inout KernelMessageWriter) {
    writer.write(self.spans.count)
    for span in self.spans {
      writer.write(span.kind.rawValue)
      writer.write(span.text)
    }
  }

  init(from reader: inout KernelMessageReader) throws(KernelWireError) {
    self.init()
    let count = try reader.readInt()
    guard count >= 0 else { throw KernelWireError("a negative count of parts") }
    for _ in 0..<count {
      let name = try reader.readString()
      guard let kind = Kind(rawValue: name) else { throw KernelWireError("no text is of the kind \(name)") }
      self.append(try reader.readString(), kind)
    }
  }
}
