import Foundation
import Testing
import TestSupport

/// Binding actions typed as a TCA test types them: `.binding(.set(\.field, value))`, built from
/// the state's field and checked against its type.
@Suite struct BindingActionTests {
  static let profile = """
    import ComposableArchitecture

    @Reducer
    struct Profile {
      @ObservableState
      struct State: Equatable {
        var name = ""
        var isOn = false
      }
      enum Action: BindableAction, Equatable {
        case binding(BindingAction<State>)
      }
      var body: some ReducerOf<Self> {
        BindingReducer()
      }
    }
    """

  @Test(.enabled(if: compilerIsAvailable))
  func bindingActionsAreTypedAsTestsTypeThem() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let file = try folder.write("Profile.swift", Self.profile)
    let script = try folder.write(
      "profile.tca",
      """
      :print off
      let t = TestStore(initialState: Profile.State()) { Profile() }
      t.send(.binding(.set(\\.name, "Blob"))) { $0.name = "Blob" }
      t.send(.binding(.set(\\.isOn, true))) { $0.isOn = true }
      t.state
      t.send(.binding(.set(\\.nope, 1)))
      t.send(.binding(.set(\\.name, 1)))
      """
    )
    let run = try await Binary.run(["run", "--load", file, script])
    #expect(run.status == 1)
    #expect(
      run.output == """
        printing: off
        Profile.State(
          name: "Blob",
          isOn: true
        )
        \(script):6:22: error: value of type Profile.State has no member 'nope'; did you mean 'name'?
          t.send(.binding(.set(\\.nope, 1)))
                               ^~~~~~
        \(script):7:30: error: cannot convert integer literal to expected type String
          t.send(.binding(.set(\\.name, 1)))
                                       ^

        """
    )
  }

  /// `send(\.binding.field, value)`: TCA's binding case key paths, built from the state's
  /// field and checked against its type.
  @Test(.enabled(if: compilerIsAvailable))
  func bindingCaseKeyPathsSendAsTestsSendThem() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let file = try folder.write("Profile.swift", Self.profile)
    let script = try folder.write(
      "profile.tca",
      """
      :print off
      let t = TestStore(initialState: Profile.State()) { Profile() }
      t.send(\\.binding.name, "Blob") { $0.name = "Blob" }
      t.send(\\.binding.isOn, true)
      t.send(\\.binding.nope, 1)
      t.send(\\.binding.name, 1)
      """
    )
    let run = try await Binary.run(["run", "--load", file, script])
    #expect(run.status == 1)
    #expect(
      run.output.replacingOccurrences(of: "\u{2007}", with: " ") == """
        printing: off
        ✘ State was not expected to change, but a change occurred.

              Profile.State(
                name: "Blob",
            −   isOn: false
            +   isOn: true
              )

        (Expected: −, Actual: +)
        \(script):5:8: error: value of type Profile.State has no member 'nope'; did you mean 'name'?
          t.send(\\.binding.nope, 1)
                 ^~~~~~~~~~~~~~
        \(script):6:24: error: cannot convert integer literal to expected type String
          t.send(\\.binding.name, 1)
                                 ^

        """
    )
  }
}
