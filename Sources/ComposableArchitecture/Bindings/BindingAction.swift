/// An action that describes simple mutations to some root state at a writable key path.
///
/// Binding actions let a feature update fields of its state without an action per field. Embed
/// one in your feature's action with a case that conforms the action to ``BindableAction``, and
/// apply it with ``BindingReducer``:
///
/// ```swift
/// @Reducer
/// struct Settings {
///   @ObservableState
///   struct State: Equatable {
///     var displayName = ""
///     var enableNotifications = false
///   }
///   enum Action: BindableAction {
///     case binding(BindingAction<State>)
///   }
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///     Reduce { state, action in
///       switch action {
///       case .binding(\.displayName):
///         // Validate display name
///         return .none
///       case .binding:
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// Tests send binding actions with ``set(_:_:)-5wn6l`` or with a case key path through the
/// binding: `await store.send(\.binding.displayName, "Blob")`.
public struct BindingAction<Root>: CasePathable, Equatable, @unchecked Sendable {
  /// The key path of the field this action sets.
  public let keyPath: PartialKeyPath<Root>

  let apply: @Sendable (_ state: inout Root) -> Void
  // `Any` rather than `any Sendable`: the playground builds binding actions from typed text,
  // where the value's type is known only at run time (the struct is `@unchecked Sendable`).
  @_spi(Hosting) public let value: Any
  let valueIsEqualTo: @Sendable (_ other: Any) -> Bool

  init<Value: Equatable & Sendable>(
    keyPath: PartialKeyPath<Root>,
    value: Value,
    apply: @escaping @Sendable (_ state: inout Root, _ value: Value) -> Void
  ) {
    self.keyPath = keyPath
    self.value = value
    self.apply = { apply(&$0, value) }
    self.valueIsEqualTo = { ($0 as? Value) == value }
  }

  @_spi(Hosting) public init(
    keyPath: PartialKeyPath<Root>,
    value: Any,
    apply: @escaping @Sendable (_ state: inout Root) -> Void,
    valueIsEqualTo: @escaping @Sendable (_ other: Any) -> Bool
  ) {
    self.keyPath = keyPath
    self.value = value
    self.apply = apply
    self.valueIsEqualTo = valueIsEqualTo
  }

  /// Applies the mutation this action describes to the given state.
  public func set(_ state: inout Root) {
    self.apply(&state)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqualTo(rhs.value)
  }

  /// The case paths of a binding action: one for each writable field of the root state, so that
  /// `\.binding.displayName` is a case key path of a feature's action.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case path of a binding action that sets the given field of ``ObservableState`` state.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> where Root: ObservableState {
      let box = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(box.value, $0) },
        extract: { $0.keyPath == box.value ? $0.value as? Value : nil }
      )
    }

    /// The case path of a binding action that sets the given ``BindingState`` field.
    @available(
      *,
      deprecated,
      message:
        "Derive bindings directly from stores using '@ObservableState'. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#BindingState"
    )
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
    ) -> AnyCasePath<BindingAction, Value> {
      let box = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(box.value, $0) },
        extract: { $0.keyPath == box.value ? $0.value as? Value : nil }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension BindingAction {
  /// Returns an action that describes setting a field of ``ObservableState`` state to a value.
  ///
  /// ```swift
  /// await store.send(.binding(.set(\.displayName, "Blob"))) {
  ///   $0.displayName = "Blob"
  /// }
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self where Root: ObservableState {
    let box = UncheckedSendable(keyPath)
    return Self(keyPath: keyPath, value: value) { $0[keyPath: box.value] = $1 }
  }

  /// Returns an action that describes setting a ``BindingState`` field to a value.
  ///
  /// ```swift
  /// await store.send(.binding(.set(\.$displayName, "Blob"))) {
  ///   $0.displayName = "Blob"
  /// }
  /// ```
  @available(
    *,
    deprecated,
    message:
      "Derive bindings directly from stores using '@ObservableState'. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#BindingState"
  )
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    let box = UncheckedSendable(keyPath)
    return Self(keyPath: keyPath, value: value) { $0[keyPath: box.value].wrappedValue = $1 }
  }

  /// Matches a binding action by the field of ``ObservableState`` state it sets, in a `switch`:
  ///
  /// ```swift
  /// case .binding(\.displayName):
  /// ```
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>,
    bindingAction: Self
  ) -> Bool where Root: ObservableState {
    keyPath == bindingAction.keyPath
  }

  /// Matches a binding action by the ``BindingState`` field it sets, in a `switch`:
  ///
  /// ```swift
  /// case .binding(\.$displayName):
  /// ```
  @available(
    *,
    deprecated,
    message:
      "Derive bindings directly from stores using '@ObservableState'. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#BindingState"
  )
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, BindingState<Value>>,
    bindingAction: Self
  ) -> Bool {
    keyPath == bindingAction.keyPath
  }

  /// Transforms a binding action over some root state to one over a larger root state, through
  /// a writable key path from the larger root to the smaller one.
  public func pullback<NewRoot>(
    _ keyPath: WritableKeyPath<NewRoot, Root>
  ) -> BindingAction<NewRoot> {
    let box = UncheckedSendable(keyPath)
    let apply = self.apply
    return BindingAction<NewRoot>(
      keyPath: (keyPath as AnyKeyPath).appending(path: self.keyPath as AnyKeyPath)
        as! PartialKeyPath<NewRoot>,
      value: self.value,
      apply: { apply(&$0[keyPath: box.value]) },
      valueIsEqualTo: self.valueIsEqualTo
    )
  }
}

extension BindingAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(self, children: ["set": (self.keyPath, self.value)], displayStyle: .enum)
  }
}
