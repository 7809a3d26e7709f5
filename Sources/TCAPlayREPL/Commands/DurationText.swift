import Foundation

/// Durations as typed after `:clock advance`: `1s`, `250ms`, `1.5s`, `2min`, `100us`, `10ns`.
public enum DurationText {
  /// The duration, or `nil` when `text` is not a number followed by a unit.
  public static func parse(_ text: String) -> Duration? {
    let text = text.trimmingCharacters(in: .whitespaces)
    guard let unitStart = text.firstIndex(where: { !($0.isNumber || $0 == ".") }) else { return nil }
    guard let amount = Double(text[..<unitStart]), amount >= 0, amount < 1e9 else { return nil }
    let unit = text[unitStart...].trimmingCharacters(in: .whitespaces).lowercased()
    let nanoseconds: Double
    switch unit {
    case "ns", "nanosecond", "nanoseconds": nanoseconds = amount
    case "us", "µs", "microsecond", "microseconds": nanoseconds = amount * 1e3
    case "ms", "millisecond", "milliseconds": nanoseconds = amount * 1e6
    case "s", "sec", "second", "seconds": nanoseconds = amount * 1e9
    case "min", "minute", "minutes": nanoseconds = amount * 60e9
    default: return nil
    }
    return .nanoseconds(Int64(nanoseconds.rounded()))
  }

  /// `1s`, `1.5s`, `250ms`, `0s`: a short rendering for `:clock`.
  public static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return "\(seconds)s" }
    let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    if seconds == 0, milliseconds < 1 {
      return "\(Self.trim(Double(attoseconds) / 1e12))µs"
    }
    return seconds == 0 ? "\(Self.trim(milliseconds))ms" : "\(Self.trim(milliseconds / 1000))s"
  }

  private static func trim(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
