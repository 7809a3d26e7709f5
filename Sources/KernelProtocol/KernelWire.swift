/// A message on the kernel's socket, written as compact binary (``KernelFrame``).
///
/// Written by hand rather than through `Codable` and `JSONEncoder`: every input a front end
/// sends costs an `execute` and a `done`, and encoding them as JSON was a fifth of the kernel's
/// time per input (a `perf` profile of 5,000 piped sends). Both ends are the same build, so the
/// layout needs no versioning; a malformed message throws ``KernelWireError``.
public protocol KernelMessage: Sendable {
  func write(to writer: inout KernelMessageWriter)
  init(from reader: inout KernelMessageReader) throws(KernelWireError)
}

/// A message's bytes, field by field: integers as 8 bytes little-endian, strings as their UTF-8
/// length then bytes, optionals and arrays with a presence flag or count first.
public struct KernelMessageWriter {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  /// The tag of an enum's case: one byte.
  public mutating func writeTag(_ tag: UInt8) {
    self.bytes.append(tag)
  }

  public mutating func write(_ value: Int) {
    withUnsafeBytes(of: Int64(value).littleEndian) { self.bytes.append(contentsOf: $0) }
  }

  public mutating func write(_ value: Bool) {
    self.bytes.append(value ? 1 : 0)
  }

  public mutating func write(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      self.write(utf8.count)
      self.bytes.append(contentsOf: utf8)
    }
  }

  public mutating func write(_ value: String?) {
    self.write(value != nil)
    if let value { self.write(value) }
  }

  public mutating func write(_ value: Int?) {
    self.write(value != nil)
    if let value { self.write(value) }
  }

  public mutating func write(_ values: [String]) {
    self.write(values.count)
    for value in values { self.write(value) }
  }
}

/// Reads what a ``KernelMessageWriter`` wrote, in the same order.
public struct KernelMessageReader {
  private let bytes: [UInt8]
  private var offset: Int

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    self.offset = 0
  }

  /// Whether every byte was read (a message with bytes left over is malformed).
  public var isAtEnd: Bool { self.offset == self.bytes.count }

  public mutating func readInt() throws(KernelWireError) -> Int {
    guard self.bytes.count - self.offset >= 8 else { throw KernelWireError("a message ends inside a number") }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(self.bytes[self.offset + index]) << (8 * UInt64(index)) }
    self.offset += 8
    return Int(Int64(bitPattern: value))
  }

  public mutating func readBool() throws(KernelWireError) -> Bool {
    guard self.offset < self.bytes.count else { throw KernelWireError("a message ends inside a flag") }
    defer { self.offset += 1 }
    switch self.bytes[self.offset] {
    case 0: return false
    case 1: return true
    default: throw KernelWireError("a flag is neither 0 nor 1")
    }
  }

  public mutating func readString() throws(KernelWireError) -> String {
    let count = try self.readInt()
    guard count >= 0, count <= self.bytes.count - self.offset else { throw KernelWireError("a string longer than its message") }
    defer { self.offset += count }
    return String(decoding: self.bytes[self.offset..<self.offset + count], as: UTF8.self)
  }

  public mutating func readOptionalString() throws(KernelWireError) -> String? {
    try self.readBool() ? try self.readString() : nil
  }

  public mutating func readOptionalInt() throws(KernelWireError) -> Int? {
    try self.readBool() ? try self.readInt() : nil
  }

  public mutating func readStrings() throws(KernelWireError) -> [String] {
    let count = try self.readInt()
    // Each string takes at least its 8-byte length.
    guard count >= 0, count <= (self.bytes.count - self.offset) / 8 else { throw KernelWireError("more strings than the message holds") }
    var values: [String] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try self.readString()) }
    return values
  }

  /// The tag of an enum's case: one byte.
  public mutating func readTag() throws(KernelWireError) -> UInt8 {
    guard self.offset < self.bytes.count else { throw KernelWireError("a message ends before its kind") }
    defer { self.offset += 1 }
    return self.bytes[self.offset]
  }
}

/// A message that isn't one (the other end is broken, or not a kernel).
public struct KernelWireError: Error, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
