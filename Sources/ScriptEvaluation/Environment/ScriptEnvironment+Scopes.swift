/// A block's scope: the names declared in it, each with the binding it shadowed (`nil` when the
/// name was unbound), restored when the block ends, so names bound inside a body don't leak.
struct LocalScope {
  var shadowed: [String: RuntimeValue?] = [:]
}

extension ScriptEnvironment {
  /// Binds `name` in the innermost block scope (or at top level when no block runs).
  func declare(_ name: String, _ value: RuntimeValue) {
    if let last = self.localScopes.indices.last, self.localScopes[last].shadowed.index(forKey: name) == nil {
      self.localScopes[last].shadowed[name] = .some(self.bindings[name])
    }
    self.bindings[name] = value
  }

  /// Runs `body` in a new block scope, restoring the names it declared afterwards.
  func withLocalScope<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    self.localScopes.append(LocalScope())
    defer { self.popLocalScope() }
    return try body()
  }

  /// Opens a block scope; ``popLocalScope()`` closes it (for async bodies).
  func pushLocalScope() {
    self.localScopes.append(LocalScope())
  }

  func popLocalScope() {
    guard let scope = self.localScopes.popLast() else { return }
    for (name, previous) in scope.shadowed {
      self.bindings[name] = previous
    }
  }

  /// The names declared in the open block scopes, with their current values: what a closure
  /// written here captures.
  var visibleLocals: [String: RuntimeValue] {
    var locals: [String: RuntimeValue] = [:]
    for scope in self.localScopes {
      for name in scope.shadowed.keys {
        if let value = self.bindings[name] { locals[name] = value }
      }
    }
    return locals
  }
}

extension ScriptEnvironment {
  /// Unbinds every name and store (``Session/reset()``).
  package func forgetEverythingNamed() {
    self.bindings = [:]
    self.storesByName = [:]
    self.currentStore = nil
    self.lastValue = nil
    self.failedDefinitions = [:]
    self.localScopes = []
    self.runningSource = ("", nil, 1)
  }
}
