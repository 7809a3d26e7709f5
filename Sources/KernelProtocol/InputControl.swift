/// Whether a session goes on after an input (`:quit` ends it).
public enum InputControl: Codable, Sendable {
  case `continue`
  case quit
}
