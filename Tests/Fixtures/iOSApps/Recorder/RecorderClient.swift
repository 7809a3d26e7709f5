import ComposableArchitecture
import Foundation

@DependencyClient
struct RecorderClient {
  var requestPermission: @Sendable () async -> Bool = { false }
  var startRecording: @Sendable (_ url: URL) async throws -> Bool
  var stopRecording: @Sendable () async -> Void
}

extension RecorderClient: TestDependencyKey {
  static let previewValue = Self(
    requestPermission: { true },
    startRecording: { _ in true },
    stopRecording: {}
  )

  static let testValue = Self()
}

extension DependencyValues {
  var recorder: RecorderClient {
    get { self[RecorderClient.self] }
    set { self[RecorderClient.self] = newValue }
  }
}
