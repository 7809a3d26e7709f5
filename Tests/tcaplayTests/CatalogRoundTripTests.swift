import ComposableArchitecture
import CustomDump
import Day2
import FeatureCatalog
import Foundation
import Lessons
import Testing
@testable import ScriptEvaluation
@testable import TCAScript
import TypeShapes

/// Every case of every catalogued action type can be typed and round-trips: an example of the
/// case (built from the type's shape with the simplest value of each field) is rendered as Swift
/// source, typed into a session, and evaluates to the same value. Cases that carry a value no
/// script can write (`any Error`) are typed too, and give the one-line error that says so.
@MainActor
@Suite struct CatalogRoundTripTests {
  @Test func everyActionCaseOfEveryLessonFeatureRoundTrips() async throws {
    var checked = 0
    for feature in lessonCatalog.features {
      let actionType = feature.actionType
      guard case let .enum(shape)? = playgroundShape(of: actionType) else {
        Issue.record("\(feature.name): \(actionType) has no enum shape")
        continue
      }
      #expect(!shape.cases.isEmpty, "\(feature.name): no cases found in \(actionType)")
      for (index, enumCase) in shape.cases.enumerated() {
        guard let payload = Sample.values(enumCase.payload.map(\.type)) else {
          Issue.record("\(feature.name).\(enumCase.name): no sample payload")
          continue
        }
        let example = shape.make(index, ShapeArguments(payload))
        // Alert and dialog states come from reducers (scripts match them with
        // `receive(\.case)`); their text form isn't an initializer to type.
        let dump = String(customDumping: example)
        if dump.contains("AlertState(") || dump.contains("ConfirmationDialogState(") { continue }
        let source = SwiftSource.render(ValueReader().read(example), as: actionType, implicit: false)
        let session = Session(catalog: lessonCatalog)
        // A value that can't be written as source is typed as a string, as a person would try.
        let typed = source.replacingOccurrences(of: #"/\* [^*]* \*/"#, with: #""boom""#, options: .regularExpression)
        let outputs = await session.run(typed.replacingOccurrences(of: "\n", with: " "))
        if source.contains("can't be written as source") {
          // An `any Error` payload: one line that names the type.
          #expect(outputs.count == 1 && outputs[0].kind == .error, "\(feature.name).\(enumCase.name)")
          #expect(outputs.first?.text.contains("a value of type any Error can't be typed in a script") == true, "\(outputs)")
          continue
        }
        #expect(outputs.map(\.text) == [dump], "\(feature.name).\(enumCase.name): \(source)")
        checked += 1
      }
    }
    #expect(checked >= 70)
  }
}

/// The simplest value of a type, built from its shape: zero, the empty string, the first case,
/// an empty collection, `nil`; a struct from its fields' defaults or samples.
enum Sample {
  static func values(_ types: [Any.Type], depth: Int = 0) -> [Any]? {
    var values: [Any] = []
    for type in types {
      guard let value = self.value(type, depth: depth) else { return nil }
      values.append(value)
    }
    return values
  }

  static func value(_ type: Any.Type, depth: Int = 0) -> Any? {
    if type == (any Error).self { return SampleFailure() }
    guard depth < 8, let shape = playgroundShape(of: type) else { return nil }
    switch shape {
    case let .scalar(scalar):
      let literals: [ShapeLiteral] = [.int(0), .double(0), .bool(false), .string("00000000-0000-0000-0000-000000000000"), .string("")]
      return literals.lazy.compactMap { scalar.make($0) }.first
    case let .optional(optional):
      return optional.make(nil)
    case let .sequence(sequence):
      return try? sequence.make([])
    case let .dictionary(dictionary):
      return try? dictionary.make([])
    case let .struct(shape):
      // Through the playground's own builder, which also calls a declared initializer.
      var fields = DataObject()
      for field in shape.fields {
        guard let value = field.defaultValue?() ?? self.value(field.type, depth: depth + 1) else { return nil }
        fields[field.name] = ValueReader().read(value)
      }
      return try? ValueMaker().make(type, from: .object(fields))
    case let .enum(shape):
      for (index, enumCase) in shape.cases.enumerated() {
        if let payload = self.values(enumCase.payload.map(\.type), depth: depth + 1) {
          return shape.make(index, ShapeArguments(payload))
        }
      }
      return nil
    }
  }
}

private struct SampleFailure: Error, Equatable {}

/// A value no script can write (an `any Error` inside a `TaskResult`) is one line that names
/// its type and where it goes, and says how to receive such an action instead.
@MainActor
@Suite struct UnbuildableValueTests {
  @Test func anErrorPayloadCantBeTyped() async {
    let session = Session(catalog: lessonCatalog)
    let outputs = await session.run(#"ProductListDomain.Action.fetchProductsResponse(.failure("boom"))"#)
    #expect(
      outputs.map(\.text) == [
        """
        1:57: error: a value of type any Error can't be typed in a script (associated value 1 of \
        TaskResult<[Product]>.failure(_: any Error)); receive such an action by case key path instead \
        ('receive(\\.response.failure)')
          ProductListDomain.Action.fetchProductsResponse(.failure("boom"))
                                                                  ^~~~~~
        """
      ]
    )
  }
}

/// A build compiled once for a value whose literals vary (`CompiledMaker`, what a repeated send
/// uses) builds what the `ValueMaker` builds from the same value with the same literals put in:
/// for every case of every lesson feature's action, with its literals as they are and changed.
@MainActor
@Suite struct CompiledBuildTests {
  @Test func compiledBuildsAgreeWithTheValueMakerOnEveryActionCase() throws {
    var compiled = 0
    for feature in lessonCatalog.features {
      let actionType = feature.actionType
      guard case let .enum(shape)? = playgroundShape(of: actionType) else { continue }
      for (index, enumCase) in shape.cases.enumerated() {
        guard let payload = Sample.values(enumCase.payload.map(\.type)) else { continue }
        let data = ValueReader().read(shape.make(index, ShapeArguments(payload)))
        let scalars = data.scalars
        let literalAt = Dictionary(uniqueKeysWithValues: scalars.enumerated().map { ($1.0, $0) })
        guard let maker = CompiledMaker.compile(actionType, from: data, literalAt: literalAt) else { continue }
        compiled += 1
        for literals in [scalars.map(\.1), scalars.map { Self.changed($0.1) }] {
          var substituted = data
          for (path, literal) in zip(scalars.map(\.path), literals) { substituted.replace(at: path[...], with: literal) }
          let expected = Result { try ValueMaker().make(actionType, from: substituted) }.map { String(customDumping: $0) }
          let actual = Result { try maker.make(literals) }.map { String(customDumping: $0) }
          switch (expected, actual) {
          case let (.success(expected), .success(actual)):
            #expect(actual == expected, "\(feature.name).\(enumCase.name)")
          case (.failure, .failure):
            break
          default:
            Issue.record("\(feature.name).\(enumCase.name): \(expected) against compiled \(actual)")
          }
        }
      }
    }
    #expect(compiled >= 50)
  }

  @Test func aCompiledBuildThrowsForALiteralOutOfRange() throws {
    let data = DataValue.object(DataObject([("child", .object(DataObject([("id", .int(1)), ("action", .object(DataObject([("toggle", .object(DataObject()))])))])))]))
    let maker = try #require(CompiledMaker.compile(DemoForEachAction.self, from: data, literalAt: [[.key("child"), .key("id")]: 0]))
    #expect(String(customDumping: try maker.make([.int(7)])) == String(customDumping: DemoForEachAction.child(id: 7, action: .toggle)))
    #expect(throws: ValueMaker.Failure.self) { try maker.make([.string("seven")]) }
  }

  /// Only a build of enum cases and literals is pure (made once for a statement typed again): a
  /// struct's initializer or a default may give another value each time.
  @Test func onlyEnumsAndLiteralsArePure() throws {
    let toggle = DataValue.object(DataObject([("child", .object(DataObject([("id", .int(1)), ("action", .object(DataObject([("toggle", .object(DataObject()))])))])))]))
    #expect(try #require(CompiledMaker.compile(DemoForEachAction.self, from: toggle, literalAt: [[.key("child"), .key("id")]: 0])).isPure)
    // `Stamped(name: "a")`, its `serial` left to its default.
    let stamped = DataValue.object(DataObject([("name", .string("a"))]))
    let maker = try #require(CompiledMaker.compile(Stamped.self, from: stamped, literalAt: [[.key("name")]: 0]))
    #expect(!maker.isPure)
    let first = try #require(try maker.make([.string("a")]) as? Stamped)
    let second = try #require(try maker.make([.string("a")]) as? Stamped)
    #expect(first.name == "a" && second.serial == first.serial + 1)
  }

  private static func changed(_ literal: DataValue) -> DataValue {
    switch literal {
    case let .int(value): return .int(value + 41)
    case let .double(value): return .double(value + 0.5)
    case let .bool(value): return .bool(!value)
    case let .string(value): return .string(value + "x")
    default: return literal
    }
  }
}

/// A struct with a default that gives another value each time (as `var id = UUID()` does), shaped
/// as tcaplay-shapes shapes a loaded feature's types.
private struct Stamped {
  nonisolated(unsafe) static var count = 0
  var name: String
  var serial: Int = Stamped.next()

  static func next() -> Int {
    count += 1
    return count
  }
}

@_spi(Hosting) extension Stamped: PlaygroundShaped {
  static var playgroundShape: TypeShape {
    .struct(StructShape(
      fields: [
        FieldShape("name", \Self.name),
        FieldShape("serial", \Self.serial, default: { Stamped.next() }),
      ],
      make: { v in Self(name: v.at(0, \Self.name), serial: v.at(1, \Self.serial)) }
    ))
  }
}
