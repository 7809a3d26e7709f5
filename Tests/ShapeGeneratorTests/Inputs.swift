/// Representative user code for the generator's tests; every input compiles against the
/// playground's modules (``CompileTests`` checks the generated code alongside it).
enum Inputs {
  static let structs = #"""
    import ComposableArchitecture
    import Foundation

    @Reducer
    struct Parent {
      @ObservableState
      struct State: Equatable {
        var count = 0
        var title: String = "Hello"
        let id: UUID
        let kind = "parent"
        var note: String?
        var a, b: Int
        @Presents var child: Child.State?
        var child2 = Child.State()
        static let shared = 1
        var doubled: Int { count * 2 }
      }
      @Reducer
      struct Child {
        struct State: Equatable { var value = 0 }
        enum Action { case tapped }
      }
      enum Action { case child(PresentationAction<Child.Action>) }
      var body: some ReducerOf<Self> { EmptyReducer() }
    }

    struct Plain {
      var observed = 1 { didSet {} }
      lazy var cache = 0
      var (p, q) = (1, 2)
    }

    struct Temperature: Equatable {
      var celsius: Double
      init(celsius: Double = 20) { self.celsius = celsius }
      init(fahrenheit: Double) throws { self.celsius = (fahrenheit - 32) / 1.8 }
      init?(text: String) { return nil }
      private init(kelvin: Double) { self.celsius = kelvin - 273.15 }
    }

    extension Temperature {
      init(_ other: Temperature, plus delta: Double) { self.celsius = other.celsius + delta }
    }
    """#

  static let enums = #"""
    import ComposableArchitecture

    enum Shape: Equatable {
      case circle(radius: Double = 1), square(Double)
      case point
      indirect case group([Shape], name: String)
    }

    enum Never2 {}

    @Reducer
    struct Feature {
      struct State: Equatable {}
      enum Action { case ok }
      @Reducer
      enum Destination {
        case detail(Detail)
        case alert(AlertState<Alert>)
        case note(text: String)
        @ReducerCaseIgnored
        case skipped(Detail)
        enum Alert: Equatable { case confirm }
      }
      @Reducer
      struct Detail {
        struct State: Equatable { var text = "" }
        enum Action { case edited(String) }
      }
    }
    """#

  static let members = #"""
    import ComposableArchitecture

    struct Item: Equatable {
      var name: String
      var price: Double = 0
      var label: String { "\(name): \(price)" }
      var total: Double {
        get { price }
        set { price = newValue }
      }
      private var secret: Int { 1 }
      static let mock = Item(name: "Mock")
      static func mocks(count: Int = 3) -> [Item] { (0..<count).map { Item(name: "\($0)") } }
      static func named(_ name: String, price: Double) throws -> Item { Item(name: name, price: price) }
      static func apply(_ change: (inout Item) -> Void) {}
      static func generic<T>(_ value: T) -> Item { mock }
      static func == (lhs: Item, rhs: Item) -> Bool { lhs.name == rhs.name }
    }

    extension Item {
      static var empty: Item { Item(name: "") }
      static func pair() -> [Item] { [mock, mock] }
      static func pair(_ first: Item) -> [Item] { [first, first] }
      var isFree: Bool { price == 0 }
    }
    """#

  static let access = #"""
    import ComposableArchitecture

    fileprivate struct Hidden: Equatable {
      var value = 0
    }

    private enum Mode { case on, off }

    struct Settings: Equatable {
      var volume = 5
      private var token = "x"
      fileprivate static let preset = Settings()
      private struct Cache { var hits = 0 }
      fileprivate struct Log { var lines: [String] = [] }
    }
    """#

  static let generics = #"""
    import ComposableArchitecture

    struct Box<Value: Equatable>: Equatable {
      var value: Value
      var count = 1
    }

    enum Either<Left, Right> {
      case left(Left), right(Right)
    }

    struct Outer<T> {
      struct Inner { var t: Int }
    }

    extension Box<Int> {
      static var one: Self { Self(value: 1) }
      var isOne: Bool { value == 1 }
    }

    extension Box where Value == String {
      static var empty: Self { Self(value: "") }
    }
    """#

  static let conditions = #"""
    import ComposableArchitecture
    #if canImport(Combine)
    import Combine
    #endif

    #if DEBUG
    struct DebugInfo { var text = "" }
    #elseif os(Linux)
    struct DebugInfo { var lines = 0 }
    #else
    enum DebugInfo { case none }
    #endif

    struct Flags {
      var a = 1
      #if DEBUG
      var b = 2
      #endif
    }
    """#

  static let extensions = #"""
    import ComposableArchitecture

    struct Spot: Equatable, Identifiable {
      let id: Int
      var name: String
    }

    @Reducer
    struct Atlas {
      struct State: Equatable { var places: IdentifiedArrayOf<Spot> = [] }
      enum Action { case alert(Alert) }
      enum Alert: Equatable { case confirm }
      var body: some ReducerOf<Self> { EmptyReducer() }
    }

    extension [Spot] {
      static let samples: Self = [Spot(id: 1, name: "Paris"), Spot(id: 2, name: "Berlin")]
      static func first(_ count: Int = 1) -> Self { Array(samples.prefix(count)) }
      var names: [String] { map(\.name) }
    }

    extension Array where Element == Spot {
      static func with(_ element: Element) -> Self { [element] }
      static func ids(_ ids: Element.ID...) -> Self { [] }
      init(named name: String) { self = [Spot(id: 0, name: name)] }
    }

    extension IdentifiedArrayOf<Spot> {
      static var samples: Self { IdentifiedArray(uniqueElements: [Spot].samples) }
    }

    extension IdentifiedArray where ID == Spot.ID, Element == Spot {
      static var one: Self { [Spot(id: 1, name: "Paris")] }
    }

    extension Optional where Wrapped == Spot {
      static var nowhere: Self { nil }
    }

    extension Dictionary<String, Spot> {
      static var byName: Self { [:] }
    }

    extension AlertState where Action == Atlas.Alert {
      static func confirm(name: String) -> Self {
        Self { TextState("Remove \(name)?") } actions: { ButtonState(action: .confirm) { TextState("Remove") } }
      }
    }

    fileprivate extension [Spot] {
      static let local: Self = []
    }

    extension [Int] {
      static let primes = [2, 3, 5]
    }

    extension Array where Element: Identifiable {
      static var none: Self { [] }
    }
    """#

  static let dependencies = #"""
    import ComposableArchitecture

    struct Place: Equatable, Sendable { var name: String }
    struct NotFound: Error, Equatable {}

    @DependencyClient
    struct PlacesClient: Sendable {
      var search: @Sendable (_ query: String) async throws -> [Place]
      var count: @Sendable () -> Int = { 0 }
      var log: @Sendable (String, Int) async -> Void
      var rename: (@Sendable (inout Place) -> Void)?
    }

    struct Hooks {
      var tagged: (String) throws(NotFound) -> Place
      var update: (inout Place) -> Void
      private(set) var stamp: () -> Int = { 1 }
      let fixed: () -> Int
      var plain: (Int, Int) -> Int
    }

    extension PlacesClient: TestDependencyKey {
      static let testValue = Self()
    }

    extension DependencyValues {
      var places: PlacesClient {
        get { self[PlacesClient.self] }
        set { self[PlacesClient.self] = newValue }
      }
      fileprivate var hidden: PlacesClient {
        get { self[PlacesClient.self] }
        set { self[PlacesClient.self] = newValue }
      }
    }

    @Reducer
    struct Finder {
      struct State: Equatable { var places: [Place] = [] }
      enum Action { case search(String) }
      @Dependency(\.places) var places
      @Dependency(\.date.now) var now
      @Dependency(\.hidden) var hidden
      @Dependency(PlacesClient.self) var client
      var body: some ReducerOf<Self> { EmptyReducer() }
    }
    """#
}
