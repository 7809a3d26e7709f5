/// A property wrapper for state that can be presented.
///
/// Use it, through the ``Presents()`` macro, for the optional state of a child feature that a
/// parent presents with ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var child: Child.State?
/// }
/// // …
/// Reduce { state, action in
///   // Core logic of the parent feature
/// }
/// .ifLet(\.$child, action: \.child) {
///   Child()
/// }
/// ```
///
/// The feature's logic deals with `child` as a plain optional; the projected value `$child` is
/// the ``PresentationState`` itself, which is what `ifLet` needs. The wrapped state lives in a
/// copy-on-write box on the heap, so that large child states (and recursive ones) don't inflate
/// the parent's state. Presentation states are equal when their wrapped values are, and dump as
/// the wrapped optional.
@propertyWrapper
@dynamicMemberLookup
public struct PresentationState<State> {
  private final class Storage: @unchecked Sendable {
    var state: State?

    init(state: State?) {
      self.state = state
    }
  }

  private var storage: Storage
  /// The navigation path of the presentation whose dismissal effect is running, if any.
  var presentedID: NavigationIDPath?

  /// Creates presentation state around an optional value.
  public init(wrappedValue: State?) {
    self.storage = Storage(state: wrappedValue)
  }

  /// The presented state, or `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { self.storage.state }
    set {
      if isKnownUniquelyReferenced(&self.storage) {
        self.storage.state = newValue
      } else {
        self.storage = Storage(state: newValue)
      }
    }
  }

  /// The presentation state itself: `\.$child` is the key path `ifLet` takes.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Accesses a case of enum presentation state, for reading and writing.
  ///
  /// ```swift
  /// state.$destination[case: \.edit]?.title = "Untitled"
  /// ```
  ///
  /// Modifying a case that is not the presented one reports an issue, and changes nothing.
  public subscript<Case>(
    case path: CaseKeyPath<State, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? where State: CasePathable {
    get { self.wrappedValue.flatMap { $0[case: path] } }
    set {
      writeCase(
        newValue, of: self.wrappedValue, path: AnyCasePath(path),
        fileID: fileID, filePath: filePath, line: line, column: column
      ) { self.wrappedValue = $0 }
    }
  }

  /// Accesses a case of enum presentation state through a case path, for reading and writing:
  /// the spelling for state that is not `@CasePathable`.
  ///
  /// Modifying a case that is not the presented one reports an issue, and changes nothing.
  @available(
    *,
    deprecated,
    message:
      "Use the version of this subscript with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public subscript<Case>(
    case path: AnyCasePath<State, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? {
    get { self.wrappedValue.flatMap(path.extract(from:)) }
    set {
      writeCase(
        newValue, of: self.wrappedValue, path: path,
        fileID: fileID, filePath: filePath, line: line, column: column
      ) { self.wrappedValue = $0 }
    }
  }

  /// Presentation state of a case of enum state: `state.$destination.alert`.
  public subscript<Case>(
    dynamicMember keyPath: CaseKeyPath<State, Case>
  ) -> PresentationState<Case> where State: CasePathable {
    PresentationState<Case>(wrappedValue: self.wrappedValue.flatMap { $0[case: keyPath] })
  }

  /// Presentation state of a property of the presented state.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> PresentationState<Member> {
    PresentationState<Member>(wrappedValue: self.wrappedValue?[keyPath: keyPath])
  }

  func sharesStorage(with other: Self) -> Bool {
    self.storage === other.storage
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the wrapped optional: `null` for nothing presented.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(State?.self))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the wrapped optional: `null` for nothing presented.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.wrappedValue)
  }
}

extension PresentationState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}

extension PresentationState: CustomDumpReflectable {
  /// Dumps as the wrapped optional: `nil`, or the presented state.
  public var customDumpMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}
