/// A property wrapper for state that can be bound to a view, in the style of TCA 0.x.
///
/// Fields of state that a view edits directly are marked `@BindingState`, and set through
/// ``BindingAction``s with their projected key path:
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var displayName = ""
///   var isSaving = false
/// }
/// // …
/// await store.send(.binding(.set(\.$displayName, "Blob"))) {
///   $0.displayName = "Blob"
/// }
/// ```
///
/// In TCA 1.x, state marked with the ``ObservableState()`` macro needs no wrapper: binding
/// actions set its plain `var` fields.
@available(
  *,
  deprecated,
  message:
    "Derive bindings directly from stores using '@ObservableState'. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#BindingState"
)
@dynamicMemberLookup
@propertyWrapper
public struct BindingState<Value> {
  /// The underlying value wrapped by the binding state.
  public var wrappedValue: Value

  /// Creates bindable state from the value of another bindable state.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// A projection that can be used to derive binding actions: `\.$displayName`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Returns bindable state to the resulting value of a given key path.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> BindingState<Subject> {
    get { BindingState<Subject>(wrappedValue: self.wrappedValue[keyPath: keyPath]) }
    set { self.wrappedValue[keyPath: keyPath] = newValue.wrappedValue }
  }
}

@available(*, deprecated)
extension BindingState: Equatable where Value: Equatable {}
@available(*, deprecated)
extension BindingState: Hashable where Value: Hashable {}
@available(*, deprecated)
extension BindingState: Sendable where Value: Sendable {}

@available(*, deprecated)
extension BindingState: Decodable where Value: Decodable {
  public init(from decoder: any Decoder) throws {
    do {
      let container = try decoder.singleValueContainer()
      self.init(wrappedValue: try container.decode(Value.self))
    } catch {
      self.init(wrappedValue: try Value(from: decoder))
    }
  }
}

@available(*, deprecated)
extension BindingState: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    do {
      var container = encoder.singleValueContainer()
      try container.encode(self.wrappedValue)
    } catch {
      try self.wrappedValue.encode(to: encoder)
    }
  }
}

@available(*, deprecated)
extension BindingState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: self.wrappedValue)
  }
}

@available(*, deprecated)
extension BindingState: CustomDumpRepresentable {
  public var customDumpValue: Any {
    self.wrappedValue
  }
}

@available(*, deprecated)
extension BindingState: CustomDebugStringConvertible where Value: CustomDebugStringConvertible {
  public var debugDescription: String {
    self.wrappedValue.debugDescription
  }
}
