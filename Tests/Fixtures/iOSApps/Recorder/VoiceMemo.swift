import ComposableArchitecture
import SwiftUI

@Reducer
struct VoiceMemo {
  @ObservableState
  struct State: Equatable {
    var isRecording = false
    var permission: Permission = .undetermined
    /// The recordings' file names, in the temporary directory.
    var recordings: [String] = []

    enum Permission: Equatable { case undetermined, allowed, denied }
  }

  enum Action: Equatable {
    case recordButtonTapped
    case permissionResponse(Bool)
    case recordingStarted(String, Bool)
    case stopButtonTapped
  }

  @Dependency(\.recorder) var recorder
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .recordButtonTapped:
        switch state.permission {
        case .undetermined:
          return .run { send in
            await send(.permissionResponse(await recorder.requestPermission()))
          }
        case .allowed:
          let name = "\(uuid()).m4a"
          let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(name)
          return .run { send in
            await send(.recordingStarted(name, try await recorder.startRecording(url: url)))
          }
        case .denied:
          return .none
        }

      case let .permissionResponse(granted):
        state.permission = granted ? .allowed : .denied
        return granted ? .send(.recordButtonTapped) : .none

      case let .recordingStarted(name, started):
        state.isRecording = started
        if started { state.recordings.append(name) }
        return .none

      case .stopButtonTapped:
        state.isRecording = false
        return .run { _ in await recorder.stopRecording() }
      }
    }
  }
}

struct VoiceMemoView: View {
  let store: StoreOf<VoiceMemo>

  var body: some View {
    VStack {
      Text(store.isRecording ? "Recording…" : "\(store.recordings.count) recordings")
      Button(store.isRecording ? "Stop" : "Record") {
        store.send(store.isRecording ? .stopButtonTapped : .recordButtonTapped)
      }
    }
  }
}
