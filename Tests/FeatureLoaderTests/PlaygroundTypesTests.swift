import ComposableArchitecture
import Testing
import TypeShapes

/// The table of types described without a conformance, as a loaded library fills it.
struct PlaygroundTypesTests {
  struct Note: Equatable {
    var text = ""
    var pinned = false
    var length: Int { self.text.count }
    static let sample = Note(text: "Hello")
  }

  enum Mood { case calm, busy }

  @Test func theLookupsFindWhatTheTableHolds() throws {
    #expect(playgroundShape(of: Note.self) == nil)
    #expect(PlaygroundTypes.description(of: Note.self) == nil)

    PlaygroundTypes.setShape(
      of: Note.self,
      .struct(StructShape(
        fields: [FieldShape("text", \Note.text, default: { "" }), FieldShape("pinned", \Note.pinned, default: { false })],
        make: { v in Note(text: v.at(0, \Note.text), pinned: v.at(1, \Note.pinned)) }
      ))
    )
    PlaygroundTypes.setMembers(of: Note.self, [StaticMember("sample", value: { Note.sample })])
    PlaygroundTypes.setProperties(of: Note.self, [ComputedProperty("length", \Note.length)])
    PlaygroundTypes.setExtensionMembers(
      of: Note.self, [ExtensionMember([Note].self, StaticMember("pair", value: { [Note.sample, Note.sample] }))]
    )
    PlaygroundTypes.setDependencies(of: Note.self, [DependencyShape("uuid", \DependencyValues.uuid)])

    guard case let .struct(shape)? = playgroundShape(of: Note.self) else {
      Issue.record("no struct shape")
      return
    }
    #expect(shape.fields.map(\.name) == ["text", "pinned"])
    let made = try shape.make?(ShapeArguments(["Hi", true])) as? Note
    #expect(made == Note(text: "Hi", pinned: true))
    #expect(try playgroundMembers(of: Note.self).map { try $0.call(ShapeArguments([])) as? Note } == [Note.sample])
    #expect(playgroundProperties(of: Note.self).map { $0.get(Note.sample) as? Int } == [5])
    #expect(playgroundExtensionMembers(of: Note.self).map { ObjectIdentifier($0.owner) } == [ObjectIdentifier([Note].self)])
    #expect(playgroundDependencies(of: Note.self).map(\.name) == ["uuid"])
    // Another type isn't touched.
    #expect(playgroundShape(of: Mood.self) == nil)
    #expect(playgroundMembers(of: Mood.self).isEmpty)
  }

  @Test func aConformanceIsFoundFirst() {
    // `Int` conforms to `PlaygroundShaped`; a table entry doesn't replace its shape.
    PlaygroundTypes.setShape(of: Int.self, .struct(StructShape(fields: [], make: nil)))
    guard case .scalar? = playgroundShape(of: Int.self) else {
      Issue.record("Int's shape isn't its conformance's")
      return
    }
  }
}
