import Dispatch

/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: the line being typed was dropped.
  case interrupted
  /// Ctrl-D on an empty line, or the end of piped input.
  case endOfInput
}

/// Where the REPL's lines come from. Reading never blocks the main actor, so that effects keep
/// running while the user types.
public protocol LineSource: AnyObject, Sendable {
  func readLine(prompt: String) async -> LineInput
}

/// Lines from a pipe or file on standard input: no prompts, no echo, no editing.
public final class PlainLineSource: LineSource {
  private let queue = DispatchQueue(label: "tcaplay.plain-input")

  public init() {}

  public func readLine(prompt: String) async -> LineInput {
    await withCheckedContinuation { continuation in
      self.queue.async {
        if let line = Swift.readLine(strippingNewline: true) {
          continuation.resume(returning: .line(line))
        } else {
          continuation.resume(returning: .endOfInput)
        }
      }
    }
  }
}
