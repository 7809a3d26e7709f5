// The unified-logging names app code uses outside views (`Logger`, `OSLogType`, `os_log`), for
// loaded code: `import os` resolves to this module (`-module-alias os=OSStandIn`). Messages go
// to standard error, as `[subsystem:category] level: message`.
import Foundation

/// How a value in a log message is shown: here, always (there is no log store to redact for).
public struct OSLogPrivacy: Sendable {
  public static let `public` = OSLogPrivacy()
  public static let `private` = OSLogPrivacy()
  public static let sensitive = OSLogPrivacy()
  public static let auto = OSLogPrivacy()
  public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy() }

  public enum Mask: Sendable { case hash, none }
}

/// A log message with interpolated values (`"\(count, privacy: .public) items"`).
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
  public let text: String

  public init(stringLiteral value: String) { self.text = value }
  public init(stringInterpolation: Interpolation) { self.text = stringInterpolation.text }

  public struct Interpolation: StringInterpolationProtocol, Sendable {
    var text = ""
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) { self.text += literal }
    public mutating func appendInterpolation<T>(_ value: T, privacy: OSLogPrivacy = .auto) {
      self.text += String(describing: value)
    }
    public mutating func appendInterpolation<T>(_ value: T, format: some Any, privacy: OSLogPrivacy = .auto) {
      self.text += String(describing: value)
    }
  }
}

/// A message's level.
public struct OSLogType: Hashable, Sendable, CustomStringConvertible {
  public let description: String
  public static let `default` = OSLogType(description: "default")
  public static let info = OSLogType(description: "info")
  public static let debug = OSLogType(description: "debug")
  public static let error = OSLogType(description: "error")
  public static let fault = OSLogType(description: "fault")
}

/// A log: a subsystem and category.
public struct OSLog: Sendable {
  public let subsystem: String
  public let category: String
  public init(subsystem: String, category: String) {
    self.subsystem = subsystem
    self.category = category
  }
  public static let `default` = OSLog(subsystem: "", category: "")
  public static let disabled = OSLog(subsystem: "", category: "disabled")

  func write(_ level: OSLogType, _ text: String) {
    guard self.category != "disabled" else { return }
    let label = self.subsystem.isEmpty && self.category.isEmpty ? "" : "[\(self.subsystem):\(self.category)] "
    FileHandle.standardError.write(Data("\(label)\(level): \(text)\n".utf8))
  }
}

/// A logger of a subsystem and category, whose messages go to standard error.
public struct Logger: Sendable {
  let log: OSLog

  public init() { self.log = .default }
  public init(subsystem: String, category: String) { self.log = OSLog(subsystem: subsystem, category: category) }
  public init(_ log: OSLog) { self.log = log }

  public func log(level: OSLogType = .default, _ message: OSLogMessage) { self.log.write(level, message.text) }
  public func log(_ message: OSLogMessage) { self.log.write(.default, message.text) }
  public func trace(_ message: OSLogMessage) { self.log.write(.debug, message.text) }
  public func debug(_ message: OSLogMessage) { self.log.write(.debug, message.text) }
  public func info(_ message: OSLogMessage) { self.log.write(.info, message.text) }
  public func notice(_ message: OSLogMessage) { self.log.write(.default, message.text) }
  public func warning(_ message: OSLogMessage) { self.log.write(.error, message.text) }
  public func error(_ message: OSLogMessage) { self.log.write(.error, message.text) }
  public func critical(_ message: OSLogMessage) { self.log.write(.fault, message.text) }
  public func fault(_ message: OSLogMessage) { self.log.write(.fault, message.text) }
}

/// `os_log("format %@", log: log, type: .error, args…)`: the format with its arguments in order.
public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ arguments: any CVarArg...) {
  log.write(type, String(format: message.description, arguments: arguments))
}
