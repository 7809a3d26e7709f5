import ComposableArchitecture
import Foundation
import TestSupport
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// A feature whose failure case holds a child reducer named `Failure`, to check that
/// `ifCaseLet` infers its generic parameters next to a type of that name.
@Reducer
struct Loader {
  @CasePathable
  enum State: Equatable {
    case loading
    case failure(Failure.State)
  }

  @CasePathable
  enum Action: Equatable {
    case failed(String)
    case failure(Failure.Action)
    case retryFinished
  }

  @Reducer
  struct Failure {
    struct State: Equatable { var message: String; var retries = 0 }
    enum Action: Equatable { case retryButtonTapped }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.retries += 1
        return .none
      }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .failed(message):
        state = .failure(Failure.State(message: message))
        return .none
      case .failure(.retryButtonTapped):
        return .send(.retryFinished)
      case .retryFinished:
        state = .loading
        return .none
      }
    }
    .ifCaseLet(\.failure, action: \.failure) {
      Failure()
    }
  }
}

@MainActor
@Suite struct SurfaceTests {
  @Test func ifCaseLetRunsChildOnItsCase() async {
    let store = TestStore(initialState: Loader.State.loading) { Loader() }
    await store.send(.failed("offline")) { $0 = .failure(.init(message: "offline")) }
    await store.send(.failure(.retryButtonTapped)) {
      $0 = .failure(.init(message: "offline", retries: 1))
    }
    await store.receive(.retryFinished) { $0 = .loading }
  }

  @Test func ifCaseLetWarnsOfActionsForAnotherCase() async {
    await expectIssue(
      """
      An "ifCaseLet" at "ComposableArchitectureTests/SurfaceTests.swift:54" received a child \
      action when child state was set to a different case.

        Action:
          Loader.Action.failure(.retryButtonTapped)
        State:
          Loader.State.loading

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set "Loader.State" to a different case before this reducer ran. This \
      reducer must run before any other reducer sets child state to a different case. This \
      ensures that child reducers can handle their actions while their state is still available.

      An in-flight effect emitted this action when child state was unavailable. While it may be \
      perfectly reasonable to ignore this action, consider canceling the associated effect before \
      child state changes to another case, especially if it is a long-living effect.

      This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent from a store when state is set to the appropriate case. \
      In SwiftUI applications, use "SwitchStore".
      """
    ) {
      let store = TestStore(initialState: Loader.State.loading) { Loader() }
      await store.send(.failure(.retryButtonTapped))
      await store.receive(.retryFinished)
    }
  }

  @Test func viewStoreObservesAndSends() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let viewStore = ViewStore(store, observe: { $0 })
    var facts: [String?] = []
    let cancellable = viewStore.publisher.fact.sink { facts.append($0) }
    viewStore.send(.incrementButtonTapped)
    viewStore.send(.factResponse("1 is a good number."))
    viewStore.send(.incrementButtonTapped)
    #expect(viewStore.count == 2)
    #expect(viewStore.state.count == 2)
    #expect(facts == [nil, "1 is a good number."])
    cancellable.cancel()
  }

  @Test func viewStoreRemovesDuplicates() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let viewStore = ViewStore(store, observe: { $0.count.isMultiple(of: 2) })
    var values: [Bool] = []
    let cancellable = viewStore.publisher.sink { values.append($0) }
    viewStore.send(.incrementButtonTapped)
    viewStore.send(.incrementButtonTapped)
    viewStore.send(.incrementButtonTapped)
    #expect(values == [true, false, true, false])
    cancellable.cancel()
  }

  @Test func stackCaseSubscriptWithCasePath() {
    enum Path: Equatable { case counter(Int), note(String) }
    let counter = AnyCasePath<Path, Int>(
      embed: { Path.counter($0) }, extract: { if case let .counter(n) = $0 { n } else { nil } }
    )
    var stack = StackState<Path>([.counter(1), .note("hi")])
    stack[id: 0, case: counter]? += 1
    #expect(stack[id: 0] == .counter(2))
    #expect(stack[id: 1, case: counter] == nil)
  }

  @Test func presentationCaseSubscriptWithCasePath() {
    enum Destination: Equatable { case counter(Int), note(String) }
    let note = AnyCasePath<Destination, String>(
      embed: { Destination.note($0) }, extract: { if case let .note(s) = $0 { s } else { nil } }
    )
    var destination = PresentationState<Destination>(wrappedValue: .note("a"))
    destination[case: note]?.append("b")
    #expect(destination.wrappedValue == .note("ab"))
  }

  @Test func presentationCaseSubscriptReportsUnrelatedCase() async {
    enum Destination: Equatable { case counter(Int), note(String) }
    let note = AnyCasePath<Destination, String>(
      embed: { Destination.note($0) }, extract: { if case let .note(s) = $0 { s } else { nil } }
    )
    await expectIssue("Can't modify unrelated case \"counter\"") {
      var destination = PresentationState<Destination>(wrappedValue: .counter(1))
      destination[case: note] = "x"
      #expect(destination.wrappedValue == .counter(1))
    }
  }
}
