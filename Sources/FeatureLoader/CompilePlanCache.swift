import Foundation

/// Compile plans kept on disk between sessions, by toolchain and arguments: asking the drivers
/// for a plan (`swiftc -###`, `clang -###`) took ~50 ms of every session's first load.
///
/// A plan is used only for the exact key it was made for: the same `swiftc` (path, size and
/// modification time: a new toolchain is a new key) and the same arguments (which name the
/// playground's modules and macro plugins). Unreadable or unwritable files are misses.
struct CompilePlanCache: Sendable {
  var directory: URL

  /// The user's cache: `$XDG_CACHE_HOME/tcaplay`, else `~/.cache/tcaplay`.
  static var user: CompilePlanCache? {
    let environment = ProcessInfo.processInfo.environment
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return CompilePlanCache(directory: URL(fileURLWithPath: cache).appendingPathComponent("tcaplay"))
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return CompilePlanCache(directory: URL(fileURLWithPath: home).appendingPathComponent(".cache/tcaplay"))
  }

  /// What a plan was made for.
  struct Key: Codable, Equatable, Sendable {
    /// Bumped when ``CompilePlan``'s shape or meaning changes.
    var format = 2
    var swiftc: String
    var swiftcSize: Int
    var swiftcModified: Double
    var arguments: [String]

    /// The key of `swiftc` (followed to its file) with `arguments`; `nil` if it can't be read.
    init?(swiftc: URL, arguments: [String]) {
      let path = swiftc.resolvingSymlinksInPath().path
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let size = (attributes[.size] as? NSNumber)?.intValue,
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
      else { return nil }
      self.swiftc = path
      self.swiftcSize = size
      self.swiftcModified = modified
      self.arguments = arguments
    }

    /// A file name for the key: a 64-bit FNV-1a hash of its encoding (the file holds the key
    /// too, so a collision is a miss).
    var fileName: String {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      for byte in (try? encoder.encode(self)) ?? Data() {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      return "compile-plan-\(String(hash, radix: 16)).json"
    }
  }

  private struct Entry: Codable {
    var key: Key
    var plan: CompilePlan
  }

  /// The plan kept for `key`, if any.
  func plan(for key: Key) -> CompilePlan? {
    guard let data = FileManager.default.contents(atPath: self.directory.appendingPathComponent(key.fileName).path),
      let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key
    else { return nil }
    return entry.plan
  }

  /// Keeps `plan` for `key` (replacing the file whole, so a reader never sees half of one).
  func keep(_ plan: CompilePlan, for key: Key) {
    guard (try? FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)) != nil,
      let data = try? JSONEncoder().encode(Entry(key: key, plan: plan))
    else { return }
    try? data.write(to: self.directory.appendingPathComponent(key.fileName), options: .atomic)
  }
}
