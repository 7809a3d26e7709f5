import ComposableArchitecture
import FeatureCatalog
import PlaygroundHost

/// A value during evaluation.
package enum RuntimeValue {
  /// A Swift value (state, actions, presets, literals), with its dynamic type.
  case swift(Any)
  /// A store the session created.
  case store(StoreHandle)
  /// `\Root.a.b`.
  case keyPath(KeyPathValue)
  /// `/Root.case` or `\Root.Cases.case`.
  case casePath(CasePathValue)
  /// A type named in the script (`PromoState` in `PromoState.mocks(…)`).
  case type(Any.Type)
  /// The leading part of a nested type's name (`RootDomain` in `RootDomain.Action`).
  case namespace(String)
  /// A catalogued reducer (`promoListReducer`, `PromoList()`).
  case feature(any AnyFeature)
  /// A catalogued environment or dependency variant chosen by name (`.failing`).
  case variant(String)
  /// A closure written in the script (`{ $0.isComplete }`, `{ a, b in a < b }`), with the
  /// locals it captured; see ``ClosureValue``.
  case closure(ClosureValue)
  /// No value (the result of `send`, assignments…).
  case void
}

/// A key path written in a script, with the types it starts and ends at.
package struct KeyPathValue {
  package var root: Any.Type
  package var components: [PathComponent]
  var valueType: Any.Type
  var isWritable: Bool
}

/// A case path: the enum type and the chain of cases (and `[id:]` selections) it goes through.
package struct CasePathValue {
  package var root: Any.Type
  package var components: [PathComponent]
  var valueType: Any.Type
  /// Written `/Root.case` (a 0.x-style `AnyCasePath`) rather than `\Root.Cases.case`.
  var isAnyCasePath = false
}

/// A step of a key path or case path, resolved: a field or case name, an identified-collection
/// id, an array index, or optional unwrapping.
package enum PathComponent: CustomStringConvertible {
  case name(String)
  case id(Any, label: String)
  case index(Int)
  case optional

  package var description: String {
    switch self {
    case let .name(name): return ".\(name)"
    case let .id(id, label): return "[\(label): \(String(customDumping: id))]"
    case let .index(index): return "[\(index)]"
    case .optional: return "?"
    }
  }
}

/// A store in the session, by name.
@MainActor
package final class StoreHandle {
  package let name: String
  package let driver: any StoreDriver
  package let feature: any AnyFeature
  package var subscriptions: [(path: KeyPathValue, text: String, last: String)] = [] {
    didSet {
      if oldValue.isEmpty != self.subscriptions.isEmpty { self.subscribed.count += self.subscriptions.isEmpty ? -1 : 1 }
    }
  }
  /// How many of the session's stores have subscriptions (its ``ScriptEnvironment``'s count): with
  /// none, there is nothing to report after a statement (``Interpreter/reportSubscriptions()``).
  let subscribed: SubscribedStores
  /// What the store's recording hook shares with the sends to the store, in a box of its own
  /// that the hook holds.
  package let recorder = StoreRecorder()
  /// The store's history, kept by the session's history (SessionHistory's `HistoryRecorder`,
  /// put here as the store is made: ``StoreHistoryRecording/attachHistory(to:)``).
  package var historyRecord: AnyObject?
  /// Whether the action of the `send` being processed has been recorded (later ones in the same
  /// send came from effects).
  package var sentActionRecorded: Bool {
    get { self.recorder.sentActionRecorded }
    set { self.recorder.sentActionRecorded = newValue }
  }

  package init(name: String, driver: any StoreDriver, feature: any AnyFeature, subscribed: SubscribedStores) {
    self.name = name
    self.subscribed = subscribed
    self.driver = driver
    self.feature = feature
  }

  isolated deinit {
    if !self.subscriptions.isEmpty { self.subscribed.count -= 1 }
    // The recording hook holds the driver unowned: it goes first (the driver may outlive the
    // handle, if something else holds it, but never this line).
    self.driver.onReduce = nil
  }
}

/// How many of a session's stores have subscriptions: with none, there is nothing to report
/// after a statement (``Interpreter/reportSubscriptions()``) and no need to walk the stores.
@MainActor
package final class SubscribedStores {
  package var count = 0
  package init() {}
}
