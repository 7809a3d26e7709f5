import SwiftUIStandIn

// The shapes of the SwiftUI value types loaded code keeps in state (SwiftUIStandIn, which it
// imports as `SwiftUI`), so that scripts can write them: `$0.editMode = .active`,
// `$0.accent = .blue`.

extension EditMode: PlaygroundShaped {
  public static var playgroundShape: TypeShape { casesShape([("inactive", EditMode.inactive), ("transient", .transient), ("active", .active)]) }
}

extension ColorScheme: PlaygroundShaped {
  public static var playgroundShape: TypeShape { casesShape([("light", ColorScheme.light), ("dark", .dark)]) }
}

extension ScenePhase: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    casesShape([("background", ScenePhase.background), ("inactive", .inactive), ("active", .active)])
  }
}

extension Color: PlaygroundShaped {
  /// The named colors, as scripts write them (`.blue`).
  static let named: [(String, Color)] = [
    ("accentColor", .accentColor), ("primary", .primary), ("secondary", .secondary), ("clear", .clear),
    ("black", .black), ("white", .white), ("gray", .gray), ("red", .red), ("orange", .orange), ("yellow", .yellow),
    ("green", .green), ("mint", .mint), ("teal", .teal), ("cyan", .cyan), ("blue", .blue), ("indigo", .indigo),
    ("purple", .purple), ("pink", .pink), ("brown", .brown),
  ]

  /// A named color's name, as a string.
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        guard case let .string(name) = literal else { return nil }
        return Self.named.first { $0.0 == name }?.1
      },
      literal: { .string(($0 as! Color).description) }
    ))
  }

  public static var playgroundMembers: [StaticMember] {
    Self.named.map { name, color in StaticMember(name, value: { color }) } + [
      StaticMember(
        "init",
        parameters: [
          ParameterShape("red", Double.self), ParameterShape("green", Double.self), ParameterShape("blue", Double.self),
          ParameterShape("opacity", Double.self, default: { 1 }),
        ]
      ) { arguments in
        Color(red: arguments.at(0), green: arguments.at(1), blue: arguments.at(2), opacity: arguments.at(3))
      }
    ]
  }
}

/// The shape of an enum without associated values, from its cases and their names.
private func casesShape<Value: Equatable>(_ cases: [(name: String, value: Value)]) -> TypeShape {
  .enum(EnumShape(
    cases: cases.map { CaseShape($0.name) },
    make: { index, _ in cases[index].value },
    destructure: { value in (cases.firstIndex { $0.value == value as? Value } ?? 0, []) }
  ))
}
