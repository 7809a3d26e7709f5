import Tagged

// The shape of swift-tagged's `Tagged` (ids as `Tagged<Self, UUID>`), which loaded apps import:
// written as its raw value's literal when that is one (`id: "00000000-…"`, `number: 2`), else
// as `rawValue`.

extension Tagged: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    let raw = PlaygroundTypes.description(of: RawValue.self)?.shape ?? (RawValue.self as? any PlaygroundShaped.Type)?.playgroundShape
    if case let .scalar(rawShape)? = raw {
      return .scalar(ScalarShape(
        make: { literal in rawShape.make(literal).map { Self(rawValue: $0 as! RawValue) } },
        literal: { rawShape.literal(($0 as! Self).rawValue) }
      ))
    }
    return .struct(StructShape(
      fields: [FieldShape("rawValue", \Self.rawValue)],
      make: { arguments in Self(rawValue: arguments.at(0)) }
    ))
  }
}
