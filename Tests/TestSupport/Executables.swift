import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// Writes `text` to a new executable file at `path` (a shell script a test runs), through a
/// descriptor that closes on exec.
///
/// `String.write(to:)` opens its file without that mark, so a process another test started in
/// the same instant inherits the writing end and keeps it as long as it lives; running the file
/// then fails with "Text file busy" (`ETXTBSY`).
public func writeExecutable(_ text: String, to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(descriptor) }
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    offset += written
  }
}
