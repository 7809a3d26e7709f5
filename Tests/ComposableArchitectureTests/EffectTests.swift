import ComposableArchitecture
import Foundation
import Testing
import TestSupport

/// A search field that debounces its request by cancelling the one in flight.
struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case queryChanged(String)
    case response([String])
  }

  enum CancelID { case search }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .run { send in
          try await self.clock.sleep(for: .milliseconds(300))
          await send(.response([query.uppercased()]))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)
      case let .response(results):
        state.results = results
        return .none
      }
    }
  }
}

@MainActor
@Suite struct EffectTests {
  @Test func debounceByCancelInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await clock.waitForSleep()
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ca")) { $0.query = "ca" }
    await clock.waitForSleep()
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("cat")) { $0.query = "cat" }
    await clock.waitForSleep()
    await clock.advance(by: .milliseconds(300))
    await store.receive(.response(["CAT"])) { $0.results = ["CAT"] }
  }

  @Test func mergeRunsConcurrentlyAndConcatenateInSequence() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        switch action {
        case "merge":
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(2))
              await send("slow")
            },
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send("fast")
            }
          )
        case "concatenate":
          return .concatenate(
            .run { send in
              try await clock.sleep(for: .seconds(2))
              await send("first")
            },
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send("second")
            }
          )
        default:
          return .none
        }
      }
    }
    await store.send("merge") { $0 = ["merge"] }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(2))
    await store.receive("fast") { $0.append("fast") }
    await store.receive("slow") { $0.append("slow") }
    await store.send("concatenate") { $0.append("concatenate") }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(2))
    await store.receive("first") { $0.append("first") }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive("second") { $0.append("second") }
  }

  @Test func mapAndSendEffects() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return action < 3 ? Effect.send(action).map { $0 + 1 } : .none
      }
    }
    await store.send(1) { $0 = 1 }
    await store.receive(2) { $0 = 3 }
    await store.receive(3) { $0 = 6 }
  }

  @Test func unhandledErrorInRunIsReported() async {
    struct Failure: Error, Equatable {}
    await expectIssue(
      """
      An "Effect.run" returned from "ComposableArchitectureTests/EffectTests.swift:136" threw an \
      unhandled error.

          EffectTests.Failure()

      All non-cancellation errors must be explicitly handled via the "catch" parameter on \
      "Effect.run", or via a "do" block.
      """
    ) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in
          .run { _ in throw Failure() }
        }
      }
      await store.send(())
      await store.finish(timeout: .seconds(30))
    }
  }

  @Test func catchHandlerReceivesError() async {
    struct Failure: Error, Equatable {}
    let store = TestStore(initialState: "") {
      Reduce<String, TaskResult<Int>> { state, action in
        switch action {
        case .success: return .run { _ in throw Failure() } catch: { error, send in
            await send(.failure(error))
          }
        case .failure:
          state = "failed"
          return .none
        }
      }
    }
    await store.send(.success(1))
    await store.receive(.failure(Failure())) { $0 = "failed" }
  }

  @Test func taskResultEquatesErrors() {
    struct E1: Error, Equatable { var code: Int }
    struct E2: Error {}
    #expect(TaskResult<Int>.failure(E1(code: 1)) == .failure(E1(code: 1)))
    #expect(TaskResult<Int>.failure(E1(code: 1)) != .failure(E1(code: 2)))
    #expect(TaskResult<Int>.failure(E2()) == .failure(E2()))
    #expect(TaskResult<Int>.failure(E1(code: 1)) != .failure(E2()))
    #expect(TaskResult<Int>.success(1) != .failure(E2()))
  }

  @Test func dependenciesReachReducersAndEffects() async {
    struct Feature: Reducer {
      @Dependency(\.uuid) var uuid
      @Dependency(\.date.now) var now
      var body: some Reducer<[String], Int> {
        Reduce { state, action in
          state.append(self.uuid().uuidString)
          guard action == 0 else { return .none }
          return .run { send in
            @Dependency(\.date.now) var now
            await send(Int(now.timeIntervalSince1970))
          }
        }
      }
    }
    let store = TestStore(initialState: [String]()) {
      Feature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 42))
    }
    await store.send(0) { $0 = ["00000000-0000-0000-0000-000000000000"] }
    await store.receive(42) { $0.append("00000000-0000-0000-0000-000000000001") }
  }

  @Test func dependencyModifierOverridesForChild() async {
    struct Reader: Reducer {
      @Dependency(\.date.now) var now
      func reduce(into state: inout Double, action: Void) -> Effect<Void> {
        state = self.now.timeIntervalSince1970
        return .none
      }
    }
    let store = TestStore(initialState: 0.0) {
      Reader().dependency(\.date, .constant(Date(timeIntervalSince1970: 7)))
    }
    await store.send(()) { $0 = 7 }
  }

  @Test func transformDependencyChangesTheInheritedValue() async {
    struct Reader: Reducer {
      @Dependency(\.date.now) var now
      func reduce(into state: inout Double, action: Void) -> Effect<Void> {
        state = self.now.timeIntervalSince1970
        return .none
      }
    }
    let store = TestStore(initialState: 0.0) {
      Reader().transformDependency(\.date) { date in
        let now = date.now
        date = .constant(now.addingTimeInterval(60))
      }
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 7))
    }
    await store.send(()) { $0 = 67 }
  }

  @Test func dependencyModifierWithADependencyThatIsItsOwnKey() async {
    struct Greeter: TestDependencyKey, Sendable {
      var greeting: String
      static let testValue = Greeter(greeting: "Hello")
    }
    struct Greeting: Reducer {
      @Dependency(Greeter.self) var greeter
      func reduce(into state: inout String, action: Void) -> Effect<Void> {
        state = self.greeter.greeting
        return .none
      }
    }
    let store = TestStore(initialState: "") {
      Greeting().dependency(Greeter(greeting: "Bonjour"))
    }
    await store.send(()) { $0 = "Bonjour" }
  }
}
