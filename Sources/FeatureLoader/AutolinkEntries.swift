import Foundation

/// The libraries a compiled Swift object asks to be linked with (`-lswiftCore`, `-lFoundation`,
/// …: its autolink entries), read from the object itself.
///
/// Written by hand rather than run as `swift-autolink-extract`: starting that tool took ~15 ms of
/// every compile, and reading one section of one ELF file takes microseconds. Anything that
/// isn't a 64-bit little-endian ELF object reads as `nil`, and the loader runs the tool instead.
enum AutolinkEntries {
  /// The section the Swift frontend writes the entries to, NUL-separated.
  static let sectionName = ".swift1_autolink_entries"

  /// The object's entries, each once, in the section's order (the tool's order differs; for
  /// shared libraries the order doesn't matter); `[]` if it has none; `nil` if it can't be read.
  static func read(objectAt path: String) -> [String]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return self.entries(inELF: [UInt8](data))
  }

  /// The entries of the ELF image `bytes` (see ``read(objectAt:)``).
  static func entries(inELF bytes: [UInt8]) -> [String]? {
    // ELF64 little-endian: magic, class 2, data 1.
    guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
      bytes[4] == 2, bytes[5] == 1
    else { return nil }
    func integer(at offset: Int, size: Int) -> Int? {
      guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
      var value: UInt64 = 0
      for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
      return value > UInt64(Int.max) ? nil : Int(value)
    }
    guard let sectionTable = integer(at: 0x28, size: 8), let entrySize = integer(at: 0x3A, size: 2),
      let count = integer(at: 0x3C, size: 2), let namesIndex = integer(at: 0x3E, size: 2),
      entrySize >= 64, namesIndex < count
    else { return nil }
    /// A section's name offset, file offset and size.
    func section(_ index: Int) -> (name: Int, offset: Int, size: Int)? {
      let header = sectionTable + index * entrySize
      guard let name = integer(at: header, size: 4), let offset = integer(at: header + 0x18, size: 8),
        let size = integer(at: header + 0x20, size: 8), offset <= bytes.count, size <= bytes.count - offset
      else { return nil }
      return (name, offset, size)
    }
    guard let names = section(namesIndex) else { return nil }
    let wanted = Array(self.sectionName.utf8)
    var entries: [String] = []
    for index in 0..<count {
      guard let candidate = section(index) else { return nil }
      let nameStart = names.offset + candidate.name
      guard nameStart + wanted.count < names.offset + names.size,
        Array(bytes[nameStart..<(nameStart + wanted.count)]) == wanted, bytes[nameStart + wanted.count] == 0
      else { continue }
      let contents = bytes[candidate.offset..<(candidate.offset + candidate.size)]
      for entry in contents.split(separator: 0) {
        let text = String(decoding: entry, as: UTF8.self)
        if !entries.contains(text) { entries.append(text) }
      }
    }
    return entries
  }

  /// `entries` without the `-lNAME` of libraries already loaded in this process (`loaded`: file
  /// names such as `libFoundation.so`): a loaded feature's symbols resolve against those anyway,
  /// and the linker reads each library it is given (~7 ms for Foundation's). A library the
  /// process hasn't loaded stays (`swiftSwiftOnoneSupport` for `-Onone` code in a release build).
  static func withoutLoaded(_ entries: [String], loaded: Set<String>) -> [String] {
    entries.filter { entry in
      guard entry.hasPrefix("-l") else { return true }
      return !loaded.contains("lib\(entry.dropFirst(2)).so")
    }
  }

  /// The file names of the shared libraries mapped into this process (from `/proc/self/maps`),
  /// with any version suffix dropped (`libc.so.6` is `libc.so`); empty where there is no such file.
  static func loadedLibraries() -> Set<String> {
    // Read to its end: a /proc file says it is empty, and a read sized by that stops early.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try? file.readToEnd() else { return [] }
    try? file.close()
    return data.withUnsafeBytes { self.libraryNames(inMaps: $0) }
  }

  /// The library names in `maps`, the text of a `/proc/PID/maps` file: of each line's last path
  /// component that holds `.so`, the part up to its end.
  ///
  /// Read byte by byte: a kernel maps hundreds of regions (443 after a load and three reloads),
  /// and splitting the text into lines and searching each for `.so` with Foundation is slow
  /// (speed: docs/benchmarks-log.md, "Where a reload's time goes").
  static func libraryNames(inMaps maps: UnsafeRawBufferPointer) -> Set<String> {
    let slash = UInt8(ascii: "/")
    let newline = UInt8(ascii: "\n")
    var names: Set<String> = []
    // A library maps several regions in a row: its name is made into a string once.
    var previous: Slice<UnsafeRawBufferPointer>?
    /// Where the current line's last path component starts, once it has a `/`.
    var nameStart: Int?
    func lineEnds(at end: Int) {
      defer { nameStart = nil }
      guard let start = nameStart, let name = Self.libraryName(maps[start..<end]) else { return }
      if let previous, name.elementsEqual(previous) { return }
      names.insert(String(decoding: name, as: UTF8.self))
      previous = name
    }
    for index in maps.indices {
      switch maps[index] {
      case slash: nameStart = index + 1
      case newline: lineEnds(at: index)
      default: continue
      }
    }
    lineEnds(at: maps.endIndex)
    return names
  }

  /// `component` up to the end of its first `.so`, or `nil` if it has none.
  private static func libraryName(_ component: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer>? {
    var index = component.startIndex
    while index + 2 < component.endIndex {
      if component[index] == UInt8(ascii: "."), component[index + 1] == UInt8(ascii: "s"), component[index + 2] == UInt8(ascii: "o") {
        return component[component.startIndex..<(index + 3)]
      }
      index += 1
    }
    return nil
  }
}
