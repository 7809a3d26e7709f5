// Glibc is imported with `@preconcurrency` (as readline's headers are, where the front end uses
// them), so that C's global `stdout` is usable from Swift 6 code (a release build otherwise
// rejects it).
#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The process's standard output and error, written without Foundation.
public enum StandardStreams {
  /// Writes all of `text` to `descriptor` at once (unbuffered), as `FileHandle.write` does.
  public static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Writes `text` to standard error.
  public static func writeError(_ text: String) {
    self.write(text, to: STDERR_FILENO)
  }

  /// Makes standard output line-buffered (it is fully buffered on a pipe).
  public static func lineBufferStandardOutput() {
    setvbuf(stdout, nil, _IOLBF, 0)
  }
}
