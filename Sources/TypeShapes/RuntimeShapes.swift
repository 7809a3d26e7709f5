@_spi(Hosting) import ComposableArchitecture
import Foundation
import IdentifiedCollections

// Shapes of the runtime's own types, written the way scripts write them: a presentation is an
// optional, a stack is an array of its elements (which get fresh ids), a stack element id is an
// integer, text is a string, and alerts take `title:`, `actions:` and `message:`.

extension StackElementID: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .int(generation) = literal { return StackElementID(generation: generation) }
        return nil
      },
      literal: { .int(($0 as! StackElementID).generation) }
    ))
  }
}

extension TextState: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .string(text) = literal { return TextState(verbatim: text) }
        return nil
      },
      literal: { .string(($0 as! TextState).string) }
    ))
  }
}

extension PresentationState: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .optional(OptionalShape(
      wrapped: State.self,
      make: { PresentationState(wrappedValue: $0.map { $0 as! State }) },
      unwrap: { ($0 as! Self).wrappedValue.map { $0 as Any } }
    ))
  }
}

extension StackState: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .sequence(SequenceShape(
      element: Element.self,
      make: { elements in StackState(elements.map { $0 as! Element }) },
      elements: { Array($0 as! Self).map { $0 as Any } }
    ))
  }
}

extension PresentationAction: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .enum(EnumShape(
      cases: [CaseShape("dismiss"), CaseShape("presented", [ParameterShape(nil, Action.self)])],
      make: { index, arguments in index == 0 ? Self.dismiss : Self.presented(arguments.at(0)) },
      destructure: { value in
        switch value as! Self {
        case .dismiss: return (0, [])
        case let .presented(action): return (1, [action])
        }
      }
    ))
  }
}

extension IdentifiedAction: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .enum(EnumShape(
      cases: [CaseShape("element", [ParameterShape("id", ID.self), ParameterShape("action", Action.self)])],
      make: { _, arguments in Self.element(id: arguments.at(0), action: arguments.at(1)) },
      destructure: { value in
        switch value as! Self {
        case let .element(id, action): return (0, [id, action])
        }
      }
    ))
  }
}

extension StackAction: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .enum(EnumShape(
      cases: [
        CaseShape("element", [ParameterShape("id", StackElementID.self), ParameterShape("action", Action.self)]),
        CaseShape("popFrom", [ParameterShape("id", StackElementID.self)]),
        CaseShape("push", [ParameterShape("id", StackElementID.self), ParameterShape("state", State.self)]),
      ],
      make: { index, arguments in
        switch index {
        case 0: return Self.element(id: arguments.at(0), action: arguments.at(1))
        case 1: return Self.popFrom(id: arguments.at(0))
        default: return Self.push(id: arguments.at(0), state: arguments.at(1))
        }
      },
      destructure: { value in
        switch value as! Self {
        case let .element(id, action): return (0, [id, action])
        case let .popFrom(id): return (1, [id])
        case let .push(id, state): return (2, [id, state])
        }
      }
    ))
  }
}

extension TaskResult: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .enum(EnumShape(
      cases: [CaseShape("success", [ParameterShape(nil, Success.self)]), CaseShape("failure", [ParameterShape(nil, (any Error).self)])],
      make: { index, arguments in
        index == 0 ? Self.success(arguments.at(0)) : Self.failure(arguments.at(0, as: (any Error).self))
      },
      destructure: { value in
        switch value as! Self {
        case let .success(success): return (0, [success])
        case let .failure(error): return (1, [error])
        }
      }
    ))
  }
}

extension ButtonStateRole: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .enum(EnumShape(
      cases: [CaseShape("cancel"), CaseShape("destructive")],
      make: { index, _ in index == 0 ? Self.cancel : Self.destructive },
      destructure: { ($0 as! Self == .cancel ? 0 : 1, []) }
    ))
  }
}

extension ConfirmationDialogStateTitleVisibility: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    let all: [Self] = [.automatic, .hidden, .visible]
    return .enum(EnumShape(
      cases: all.map { CaseShape($0.rawValue) },
      make: { index, _ in all[index] },
      destructure: { value in (all.firstIndex(of: value as! Self) ?? 0, []) }
    ))
  }
}

extension ButtonState: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .struct(StructShape(
      fields: [
        FieldShape("role", \Self.role, default: { nil }),
        FieldShape("action", \Self.action.action, default: { nil }),
        FieldShape("label", \Self.label),
      ],
      make: { arguments in
        Self(id: UUID(), action: .send(arguments.at(1, as: Action?.self)), label: arguments.at(2), role: arguments.at(0))
      }
    ))
  }
}

extension AlertState: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .struct(StructShape(
      fields: [
        FieldShape("title", \Self.title),
        FieldShape("actions", \Self.buttons, default: { [] }),
        FieldShape("message", \Self.message, default: { nil }),
      ],
      make: { arguments in
        Self(id: UUID(), buttons: arguments.at(1), message: arguments.at(2), title: arguments.at(0))
      }
    ))
  }
}

extension ConfirmationDialogState: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .struct(StructShape(
      fields: [
        FieldShape("titleVisibility", \Self.titleVisibility, default: { .automatic }),
        FieldShape("title", \Self.title),
        FieldShape("actions", \Self.buttons, default: { [] }),
        FieldShape("message", \Self.message, default: { nil }),
      ],
      make: { arguments in
        Self(
          id: UUID(), buttons: arguments.at(2), message: arguments.at(3), title: arguments.at(1),
          titleVisibility: arguments.at(0)
        )
      }
    ))
  }
}
