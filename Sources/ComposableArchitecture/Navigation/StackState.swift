import OrderedCollections

/// A list of data representing the content of a navigation stack.
///
/// Use it to model a feature that pushes child features onto a stack, integrated with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``:
///
/// ```swift
/// @Reducer
/// struct RootFeature {
///   struct State: Equatable {
///     var path = StackState<Path.State>()
///   }
///   enum Action {
///     case path(StackActionOf<Path>)
///   }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       // Core logic of the root feature
///     }
///     .forEach(\.path, action: \.path)
///   }
/// }
/// ```
///
/// Every element gets a ``StackElementID`` when it is added, from the
/// ``DependencyValues/stackElementID`` generator, which is what actions use to address it:
/// `.path(.element(id: 0, action: …))`. Two stacks are equal when they hold equal elements
/// under the same identifiers.
public struct StackState<Element> {
  var _dictionary: OrderedDictionary<StackElementID, Element>
  /// The identifiers the stack reducer has started presentation effects for.
  var _mounted: OrderedSet<StackElementID> = []

  /// An ordered set of identifiers, one for each stack element.
  ///
  /// ```swift
  /// for (id, element) in zip(state.path.ids, state.path) {
  ///   // …
  /// }
  /// ```
  public var ids: OrderedSet<StackElementID> {
    self._dictionary.keys
  }

  /// Accesses the element with the given identifier, for reading and writing.
  ///
  /// Assigning `nil` removes the element. Assigning an element at an identifier the stack does
  /// not hold appends it under that identifier, which lets tests assert a push with
  /// `$0.path[id: 1] = .counter(Counter.State())`.
  public subscript(id id: StackElementID) -> Element? {
    _read { yield self._dictionary[id] }
    _modify { yield &self._dictionary[id] }
  }

  /// Accesses the element with the given identifier and case, for reading and writing.
  ///
  /// ```swift
  /// state.path[id: 0, case: \.counter]?.count += 1
  /// ```
  ///
  /// Modifying an element that holds another case reports an issue, and changes nothing.
  public subscript<Case>(
    id id: StackElementID,
    case path: CaseKeyPath<Element, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? where Element: CasePathable {
    get { self[id: id].flatMap { $0[case: path] } }
    set {
      writeCase(
        newValue, of: self[id: id], path: AnyCasePath(path),
        fileID: fileID, filePath: filePath, line: line, column: column
      ) { self[id: id] = $0 }
    }
  }

  /// Accesses the element with the given identifier and case, for reading and writing, through
  /// a case path: the spelling for elements that are not `@CasePathable`.
  ///
  /// Modifying an element that holds another case reports an issue, and changes nothing.
  @available(
    *,
    deprecated,
    message:
      "Use the version of this subscript with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public subscript<Case>(
    id id: StackElementID,
    case path: AnyCasePath<Element, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? {
    get { self[id: id].flatMap(path.extract(from:)) }
    set {
      writeCase(
        newValue, of: self[id: id], path: path,
        fileID: fileID, filePath: filePath, line: line, column: column
      ) { self[id: id] = $0 }
    }
  }

  /// Pops the element with the given identifier from the stack, and all elements after it.
  public mutating func pop(from id: StackElementID) {
    guard let index = self.ids.firstIndex(of: id) else { return }
    self.removeSubrange(index...)
  }

  /// Pops all elements that come after the element with the given identifier.
  public mutating func pop(to id: StackElementID) {
    guard let index = self.ids.firstIndex(of: id) else { return }
    self.removeSubrange((index + 1)...)
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection {
  public var startIndex: Int { self._dictionary.keys.startIndex }
  public var endIndex: Int { self._dictionary.keys.endIndex }
  public func index(after i: Int) -> Int { self._dictionary.keys.index(after: i) }
  public func index(before i: Int) -> Int { self._dictionary.keys.index(before: i) }
  public subscript(position: Int) -> Element { self._dictionary.values[position] }

  /// Creates an empty stack.
  public init() {
    self._dictionary = [:]
  }

  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    self._dictionary.removeAll(keepingCapacity: keepCapacity)
  }

  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    @Dependency(\.stackElementID) var stackElementID
    self._dictionary.removeSubrange(subrange)
    for (offset, element) in zip(subrange.lowerBound..., newElements) {
      self._dictionary.updateValue(element, forKey: stackElementID.next(), insertingAt: offset)
    }
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._dictionary == rhs._dictionary
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self._dictionary)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes a stack from an array of elements, which get fresh identifiers.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the stack as an array of its elements.
  public func encode(to encoder: any Encoder) throws {
    try Array(self).encode(to: encoder)
  }
}

extension StackState: CustomStringConvertible {
  public var description: String {
    self._dictionary.values.elements.description
  }
}

extension StackState: CustomDebugStringConvertible {
  public var debugDescription: String {
    "\(Self.self)(\(self._dictionary.description))"
  }
}

extension StackState: CustomDumpReflectable {
  /// Dumps as a dictionary from identifiers to elements: `[#0: Counter.State(…), #1: …]`.
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(zip(self.ids, self)), displayStyle: .dictionary)
  }
}

/// The name of the case an enum value holds, for "unrelated case" warnings.
func _caseName(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  return mirror.children.first?.label ?? "\(value)"
}
