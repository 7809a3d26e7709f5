import ComposableArchitecture
import Testing

/// Chained `.dependency` and `.transformDependency` calls collapse into one
/// `_DependencyKeyWritingReducer`, and the first call in the chain wins, as it does when the
/// calls nest (the innermost override is the one the reducer sees), as in TCA 1.25.5 (modelled
/// on TCA's DependencyKeyWritingReducerTests).
@MainActor
@Suite struct DependencyKeyWritingReducerTests {
  @Test func chainedWritesCollapse() {
    let reducer = ReadsValue()
      .dependency(\.writtenValue, 42)
      .dependency(\.writtenValue, 1729)
      .dependency(\.writtenValue, 1)
    #expect(type(of: reducer) == _DependencyKeyWritingReducer<ReadsValue>.self)
  }

  @Test func chainedTransformsCollapse() {
    let reducer = ReadsValue()
      .transformDependency(\.writtenValue) { $0 = 42 }
      .transformDependency(\.writtenValue) { $0 = 1729 }
      .dependency(\.writtenValue, 1)
      .transformDependency(\.writtenValue) { $0 += 1 }
    #expect(type(of: reducer) == _DependencyKeyWritingReducer<ReadsValue>.self)
  }

  @Test func theFirstWriteInAChainWins() async {
    let store = TestStore(initialState: 0) {
      ReadsValue()
        .dependency(\.writtenValue, 42)
        .dependency(\.writtenValue, 1729)
    }
    await store.send(.read) { $0 = 42 }
  }

  @Test func theFirstTransformInAChainWins() async {
    let store = TestStore(initialState: 0) {
      ReadsValue()
        .transformDependency(\.writtenValue) { $0 = 42 }
        .transformDependency(\.writtenValue) { $0 = 1729 }
    }
    await store.send(.read) { $0 = 42 }
  }

  @Test func laterTransformsRunFirst() async {
    let store = TestStore(initialState: 0) {
      ReadsValue()
        .transformDependency(\.writtenValue) { $0 *= 10 }
        .dependency(\.writtenValue, 4)
        .transformDependency(\.writtenValue) { $0 += 1 }
    }
    // 4, then + 1 (ignored: the write of 4 comes after it), then × 10.
    await store.send(.read) { $0 = 40 }
  }

  @Test func aChainReadsAsNesting() async {
    let store = TestStore(initialState: 0) {
      CombineReducers {
        ReadsValue()
          .dependency(\.writtenValue, 42)
      }
      .dependency(\.writtenValue, 1729)
    }
    await store.send(.read) { $0 = 42 }
  }

  @Test func nestedTransformsApplyFromTheOutside() async {
    let store = TestStore(initialState: 0) {
      CombineReducers {
        ReadsValue()
          .transformDependency(\.writtenValue) { $0 = 42 }
      }
      .transformDependency(\.writtenValue) { $0 = 1729 }
    }
    await store.send(.read) { $0 = 42 }
  }

  @Test func effectsOfEffectsSeeTheWrittenValue() async {
    let store = TestStore(initialState: 0) {
      ReadsValue()
        .dependency(\.writtenValue, 42)
        .dependency(\.writtenValue, 1729)
    }
    await store.send(.readLater)
    await store.receive(.response(42)) { $0 = 42 }
    await store.receive(.secondResponse(42))
  }
}

/// Puts the `writtenValue` dependency in its state when told to read it, or, from an effect, in
/// a response, and again in a second response sent by that response's effect.
struct ReadsValue: Reducer {
  enum Action: Equatable { case read, readLater, response(Int), secondResponse(Int) }

  @Dependency(\.writtenValue) var writtenValue

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state = self.writtenValue
      return .none
    case .readLater:
      return .run { send in await send(.response(self.writtenValue)) }
    case let .response(value):
      state = value
      return .run { send in await send(.secondResponse(self.writtenValue)) }
    case let .secondResponse(value):
      state = value
      return .none
    }
  }
}

private enum WrittenValueKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  var writtenValue: Int {
    get { self[WrittenValueKey.self] }
    set { self[WrittenValueKey.self] = newValue }
  }
}
