import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's open descriptors, as a child started without care would inherit them.
///
/// SourceKit starts the macro plugins' processes with `posix_spawn` and no list of descriptors
/// to close, so a plugin inherits every descriptor not marked close-on-exec, and it lives on
/// between compiles. A pipe it holds a copy of never reaches its end: a session whose input was
/// such a pipe waited for it forever. ``markAllCloseOnExec()`` runs before each warm compile.
enum InheritedDescriptors {
  /// Marks every open descriptor above standard error close-on-exec. Children started with an
  /// explicit list of descriptors (`Process`, `posix_spawn` with `dup2` actions) are unaffected:
  /// a descriptor duplicated onto another number doesn't keep the mark.
  static func markAllCloseOnExec() {
    for descriptor in self.open() where descriptor > 2 {
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0, flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// The open descriptors, read from `/proc/self/fd` (`/dev/fd` elsewhere); the first 1,024
  /// numbers when neither can be listed.
  static func open() -> [Int32] {
    for directory in ["/proc/self/fd", "/dev/fd"] {
      guard let stream = opendir(directory) else { continue }
      defer { closedir(stream) }
      let own = dirfd(stream)
      var descriptors: [Int32] = []
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let descriptor = Int32(name), descriptor != own { descriptors.append(descriptor) }
      }
      return descriptors
    }
    return (0..<1024).filter { fcntl($0, F_GETFD) >= 0 }
  }
}
