import ComposableArchitecture
import StateDiff
import Testing

extension Int {
  struct TypeNameNested {}
}

struct TypeNameRow: Identifiable {
  var id: Int
}

/// The runtime's `_typeName` and StateDiff's `typeName` are one implementation with two sets of
/// options: TCA's messages keep generic arguments and drop extension contexts; CustomDump's
/// dumps (and so StateDiff's) do the opposite.
@Suite struct TypeNameTests {
  @Test func runtimeNames() {
    #expect(_typeName([Int?].self) == "[Int?]")
    #expect(_typeName([String: [Int]].self) == "[String: [Int]]")
    #expect(_typeName(IdentifiedArrayOf<TypeNameRow>.self) == "IdentifiedArray<Int, TypeNameRow>")
    #expect(_typeName(Int.TypeNameNested.self) == "Int.TypeNameNested")
  }

  @Test func customDumpNames() {
    #expect(typeName([Int?].self) == "[Int?]")
    #expect(typeName(IdentifiedArrayOf<TypeNameRow>.self) == "IdentifiedArray")
    #expect(typeName(IdentifiedArrayOf<TypeNameRow>.self, genericsAbbreviated: false) == "IdentifiedArray<Int, TypeNameRow>")
    #expect(typeName(Int.TypeNameNested.self) == "(extension in ComposableArchitectureTests):Int.TypeNameNested")
  }
}
