import FeatureCatalog
import PlaygroundHost

/// What a session's scripts can name (jlox's environment): the values and stores bound to
/// names, the current store, `_`, and the types of the catalog the session runs against.
@MainActor
package final class ScriptEnvironment {
  /// The catalog's types, replaced as a whole when features are installed.
  var types: TypeRegistry
  var bindings: [String: RuntimeValue] = [:] {
    didSet { self.bindingsVersion &+= 1 }
  }
  /// Changes with every change of ``bindings``: while it is what it was, so is every binding
  /// (``CompiledSend`` finds its store by it). The environment's own: two sessions in one
  /// process don't share it (a compiled send checks that it runs in the environment it was
  /// compiled in).
  private(set) var bindingsVersion = 0
  package var storesByName: [String: StoreHandle] = [:]
  /// The store commands apply to when none is named (the last one created, loaded or driven).
  package var currentStore: StoreHandle?
  /// What `_` refers to: the last value shown or bound.
  var lastValue: Any?
  /// The names failed statements would have defined, with each statement's first line
  /// (`FailedStatements.swift`).
  package var failedDefinitions: [String: Int] = [:]
  /// How long a store's `receive` and `finish` wait when no `timeout:` is given.
  package var receiveTimeout: Duration = .milliseconds(200)
  /// How long `advance(by:)` lets effects in flight run, before and after it (``StoreConfiguration/effectStartGrace``).
  package var effectStartGrace: Duration = .milliseconds(100)
  /// Where the session's stores count their running effects (``StoreConfiguration/effects``).
  package let effects = SessionEffects()
  /// How many of the session's stores have subscriptions.
  package let subscribedStores = SubscribedStores()
  /// The block scopes being run, innermost last (see `ScriptEnvironment+Scopes.swift`).
  var localScopes: [LocalScope] = []
  /// The source being run, for rendering errors found later (a closure that a dependency
  /// endpoint runs while another statement drives the store).
  package var runningSource: (source: String, origin: String?, firstLine: Int) = ("", nil, 1)
  /// Prints an error found while no statement of its own runs (the session sets it).
  package var reportRuntimeError: (String) -> Void = { _ in }

  package init(catalog: Catalog) {
    self.types = TypeRegistry(catalog: catalog)
  }

  /// The catalog the session runs against (its features, presets, values).
  package var catalog: Catalog { self.types.catalog }

  /// Replaces the catalog (and with it the types scripts may name).
  package func replaceCatalog(_ catalog: Catalog) {
    self.types = TypeRegistry(catalog: catalog)
  }

  /// The store named `name`, or the current store when `name` is `nil`.
  package func store(named name: String?) -> StoreHandle? {
    name.map({ self.storesByName[$0] }) ?? self.currentStore
  }

  /// Binds a store to a name and makes it the current store.
  func bind(_ store: StoreHandle, as name: String) {
    self.bindings[name] = .store(store)
    self.storesByName[name] = store
    self.currentStore = store
  }

  /// Puts `new` wherever `old` was: under its names and as the current store.
  package func swap(_ old: StoreHandle, for new: StoreHandle) {
    for (key, value) in self.bindings {
      if case let .store(store) = value, store === old { self.bindings[key] = .store(new) }
    }
    for (key, store) in self.storesByName where store === old { self.storesByName[key] = new }
    if self.currentStore === old { self.currentStore = new }
  }
}
