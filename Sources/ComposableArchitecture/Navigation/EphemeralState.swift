/// Loosely represents features that are only briefly shown, and that go away the first time they
/// are interacted with. Such features do not manage any behavior on the inside.
///
/// Alerts and confirmation dialogs are examples of this kind of state: a presentation reducer
/// `nil`s them out after any of their actions, and does not give them a dismissal effect.
public protocol _EphemeralState {}

extension AlertState: _EphemeralState {}
extension ConfirmationDialogState: _EphemeralState {}

/// Whether presented state is ephemeral: an alert or dialog, or an enum case holding one.
func isEphemeral(_ state: Any) -> Bool {
  if state is any _EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let child = mirror.children.first else { return false }
  return child.value is any _EphemeralState
}

/// Whether an action of presented ephemeral state is one of the ephemeral feature's own: any
/// action of a directly presented alert, or, for an enum destination, an action of the same case
/// as the presented alert.
func isEphemeralAction(_ action: Any, of state: Any) -> Bool {
  if state is any _EphemeralState { return true }
  let stateMirror = Mirror(reflecting: state)
  let actionMirror = Mirror(reflecting: action)
  guard
    stateMirror.displayStyle == .enum, actionMirror.displayStyle == .enum,
    let stateCase = stateMirror.children.first, stateCase.value is any _EphemeralState
  else { return false }
  return stateCase.label == actionMirror.children.first?.label
}
