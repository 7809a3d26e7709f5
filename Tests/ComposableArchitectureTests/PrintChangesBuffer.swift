import ComposableArchitecture
import Foundation

/// A thread-safe text buffer that captures ``Reducer/_printChanges(_:)`` output in a test.
final class PrintChangesBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = ""

  func write(_ string: String) {
    self.lock.withLock { self.storage += string }
  }

  /// The text written so far.
  var text: String { self.lock.withLock { self.storage } }

  /// Returns the text written so far and empties the buffer.
  func drain() -> String {
    self.lock.withLock {
      defer { self.storage = "" }
      return self.storage
    }
  }
}

extension _ReducerPrinter {
  /// The ``customDump`` format, written to `output` (each block with the newline `print` adds).
  static func customDump(to output: PrintChangesBuffer) -> Self {
    .customDump(printer: { output.write($0 + "\n") })
  }
}
