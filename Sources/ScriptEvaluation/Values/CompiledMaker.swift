import ComposableArchitecture
import TypeShapes

/// A build of one type from one neutral value whose literals vary, resolved once: each part's
/// shape, the case it names and the defaults it leaves out are looked up when it is compiled,
/// so that building calls only the type's constructors, its defaults and the literals'
/// conversions.
///
/// It builds what ``ValueMaker`` builds from the same value with the same literals put in:
/// defaults are called on every build (a `UUID()` stays fresh), and a literal a scalar can't
/// take (out of its range) throws. Parts whose build isn't known in advance (a value kept whole,
/// a dictionary, a type built through a declared initializer or through `Codable`) aren't
/// compiled: ``compile(_:from:literalAt:)`` returns `nil`, and the caller builds through the
/// ``ValueMaker``.
// Written for speed: docs/benchmarks-log.md, "A send compiled with its script".
struct CompiledMaker {
  /// Builds the value from the literals, in the order the compiled value's slots name them.
  package let make: ([DataValue]) throws(ValueMaker.Failure) -> Any
  /// Whether the same literals always build the same value: built of enum cases, scalars,
  /// optionals and arrays only, with no default to call (a struct's initializer, a default's
  /// `UUID()`, may give another value each time).
  var isPure = false

  /// The build of `type` from `data`, where the scalar at a path `literalAt` numbers is the
  /// literal of that number (the rest are fixed); `nil` when part of it can't be compiled.
  static func compile(_ type: Any.Type, from data: DataValue, literalAt: [[DataPathStep]: Int]) -> CompiledMaker? {
    var compiler = Compiler(literalAt: literalAt)
    return compiler.compile(type, from: data)
  }

  private struct Compiler {
    let literalAt: [[DataPathStep]: Int]
    package var path: [DataPathStep] = []

    private static var failure: ValueMaker.Failure {
      ValueMaker.Failure(path: [], message: "a literal this value can't take")
    }

    /// A maker that always gives `value` (a part without defaults or literals to put in).
    private static func constant(_ value: Any) -> CompiledMaker {
      CompiledMaker(make: { _ throws(ValueMaker.Failure) in value }, isPure: true)
    }

    mutating func compile(_ type: Any.Type, from data: DataValue) -> CompiledMaker? {
      if case .opaque = data { return nil }
      let slot = self.literalAt[self.path]
      if type == Any.self, let value = ValueMaker.untyped(data) {
        guard let slot else { return Self.constant(value) }
        return CompiledMaker(make: { literals throws(ValueMaker.Failure) in
          guard let value = ValueMaker.untyped(literals[slot]) else { throw Self.failure }
          return value
        }, isPure: true)
      }
      switch playgroundShape(of: type) {
      case nil:
        return nil
      case let .scalar(scalar)?:
        guard let slot else {
          return data.literal.flatMap(scalar.make).map(Self.constant)
        }
        return CompiledMaker(make: { literals throws(ValueMaker.Failure) in
          guard let literal = literals[slot].literal, let value = scalar.make(literal) else { throw Self.failure }
          return value
        }, isPure: true)
      case let .optional(optional)?:
        if data == .null { return Self.constant(optional.make(nil)) }
        guard let wrapped = self.compile(optional.wrapped, from: data) else { return nil }
        return CompiledMaker(make: { literals throws(ValueMaker.Failure) in optional.make(try wrapped.make(literals)) }, isPure: wrapped.isPure)
      case let .sequence(sequence)?:
        guard case let .array(elements) = data else { return nil }
        var makers: [CompiledMaker] = []
        for (index, element) in elements.enumerated() {
          guard let maker = self.compile(sequence.element, from: element, at: .index(index)) else { return nil }
          makers.append(maker)
        }
        return CompiledMaker(make: { literals throws(ValueMaker.Failure) in
          var values: [Any] = []
          values.reserveCapacity(makers.count)
          for maker in makers { values.append(try maker.make(literals)) }
          do { return try sequence.make(values) } catch { throw Self.failure }
        }, isPure: makers.allSatisfy(\.isPure))
      case let .struct(shape)?:
        guard case let .object(object) = data, let make = shape.make else { return nil }
        var parts: [Part] = []
        for field in shape.fields {
          guard let part = self.part(field.type, object[field.name], at: field.name, default: field.defaultValue) else {
            return nil
          }
          parts.append(part)
        }
        return CompiledMaker { literals throws(ValueMaker.Failure) in
          let values = try Part.values(parts, literals)
          do { return try make(ShapeArguments(values)) } catch { throw Self.failure }
        }
      case let .enum(shape)?:
        guard case let .object(object) = data, object.count == 1, let name = object.keys.first,
          case let .object(payload)? = object[name],
          let index = shape.cases.firstIndex(where: { $0.name == name })
        else { return nil }
        self.path.append(.key(name))
        defer { self.path.removeLast() }
        var parts: [Part] = []
        for (position, parameter) in shape.cases[index].payload.enumerated() {
          let key = parameter.label ?? "_\(position)"
          var defaultValue = parameter.defaultValue
          if payload[key] == nil, defaultValue == nil, case let .optional(optional)? = playgroundShape(of: parameter.type) {
            let none = optional.make(nil)
            defaultValue = { none }
          }
          guard let part = self.part(parameter.type, payload[key], at: key, default: defaultValue) else { return nil }
          parts.append(part)
        }
        return CompiledMaker(make: { literals throws(ValueMaker.Failure) in
          shape.make(index, ShapeArguments(try Part.values(parts, literals)))
        }, isPure: parts.allSatisfy(\.isPure))
      case .dictionary?:
        return nil
      }
    }

    private mutating func compile(_ type: Any.Type, from data: DataValue, at step: DataPathStep) -> CompiledMaker? {
      self.path.append(step)
      defer { self.path.removeLast() }
      return self.compile(type, from: data)
    }

    /// A field's or payload's part: built from `data` when given, else its default.
    private mutating func part(_ type: Any.Type, _ data: DataValue?, at key: String, default defaultValue: (() -> Any)?) -> Part? {
      if let data { return self.compile(type, from: data, at: .key(key)).map(Part.built) }
      return defaultValue.map(Part.defaulted)
    }
  }

  /// A field or payload value: built, or its declared default (called on each build).
  private enum Part {
    case built(CompiledMaker)
    case defaulted(() -> Any)

    var isPure: Bool {
      if case let .built(maker) = self { return maker.isPure }
      return false
    }

    static package func values(_ parts: [Part], _ literals: [DataValue]) throws(ValueMaker.Failure) -> [Any] {
      var values: [Any] = []
      values.reserveCapacity(parts.count)
      for part in parts {
        switch part {
        case let .built(maker): values.append(try maker.make(literals))
        case let .defaulted(defaultValue): values.append(defaultValue())
        }
      }
      return values
    }
  }
}

/// A step from a neutral value into one of its parts: a field or case name, or an element's
/// position.
package enum DataPathStep: Hashable {
  case key(String)
  case index(Int)
}
