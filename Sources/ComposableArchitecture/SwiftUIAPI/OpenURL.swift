import Dependencies
import Foundation
import IssueReporting

// The dependency swift-dependencies offers only where SwiftUI is (`@Dependency(\.openURL)`), for
// feature code written for iOS. Linux has no app to hand a URL to: the live value says it
// couldn't open it (`false`), after noting the URL on standard error; the test value reports
// an unimplemented dependency, as swift-dependencies' does.

extension DependencyValues {
  /// Opens a URL: `await openURL(url)`.
  public var openURL: OpenURLEffect {
    get { self[OpenURLKey.self] }
    set { self[OpenURLKey.self] = newValue }
  }
}

private enum OpenURLKey: DependencyKey {
  static let liveValue = OpenURLEffect { url in
    FileHandle.standardError.write(Data("openURL: \(url.absoluteString) (no app on this system opens URLs)\n".utf8))
    return false
  }
  static let testValue = OpenURLEffect { _ in
    reportIssue(#"Unimplemented: @Dependency(\.openURL)"#)
    return false
  }
}

/// Opens a URL, answering whether it could.
public struct OpenURLEffect: Sendable {
  private let handler: @Sendable (URL) async -> Bool

  public init(handler: @escaping @Sendable (URL) async -> Bool) {
    self.handler = handler
  }

  @discardableResult
  public func callAsFunction(_ url: URL) async -> Bool {
    await self.handler(url)
  }

  @_disfavoredOverload
  public func callAsFunction(_ url: URL) async {
    _ = await self.handler(url)
  }
}
