import ComposableArchitecture
import Foundation

/// Everything the playground knows of one type that is described in the table of
/// ``PlaygroundTypes`` rather than by a ``PlaygroundShaped`` conformance: the same five things a
/// conformance gives.
public struct PlaygroundTypeDescription: @unchecked Sendable {
  /// Its shape, as ``PlaygroundShaped/playgroundShape``.
  public internal(set) var shape: TypeShape?
  /// As ``PlaygroundShaped/playgroundMembers``.
  public internal(set) var members: [StaticMember] = []
  /// As ``PlaygroundShaped/playgroundProperties``.
  public internal(set) var properties: [ComputedProperty] = []
  /// As ``PlaygroundShaped/playgroundExtensionMembers``.
  public internal(set) var extensionMembers: [ExtensionMember] = []
  /// As ``PlaygroundShaped/playgroundDependencies``.
  public internal(set) var dependencies: [DependencyShape] = []
}

/// The table of types described without a ``PlaygroundShaped`` conformance, which the
/// lookups (``playgroundShape(of:)`` and its siblings) consult after conformances.
///
/// The playground's loader describes the types of a `:load`ed file this way: generated code
/// calls these functions when the library is opened, one call per type and part.
///
/// ```swift
/// func __tcaplaygroundDescribeTypes0() {
///   PlaygroundTypes.setShape(of: Counter.State.self, .struct(StructShape(
///     fields: [FieldShape("count", \Counter.State.count, default: { 0 })],
///     make: { v in Counter.State(count: v.at(0, \Counter.State.count)) }
///   )))
/// }
/// ```
///
/// Such calls cost about 30% less to compile than the same shapes as conformances (type-checking
/// conformances and emitting their witness tables cost about as much as the shapes' closures and
/// key paths), and every `:reload` compiles them again. Separate functions, neither generic nor
/// with default arguments, keep each call cheap: a default argument costs a call of its own, and
/// an array of descriptions (a value of a type from another module, for each of which the
/// compiler emits copies and destroys) cost as much as the conformances.
public enum PlaygroundTypes {
  /// Sets the shape of `type`.
  public static func setShape(of type: Any.Type, _ shape: TypeShape) {
    self.update(type) { $0.shape = shape }
  }

  /// Sets the static members a script may call on `type`.
  public static func setMembers(of type: Any.Type, _ members: [StaticMember]) {
    self.update(type) { $0.members = members }
  }

  /// Sets the computed properties a script may read on `type`.
  public static func setProperties(of type: Any.Type, _ properties: [ComputedProperty]) {
    self.update(type) { $0.properties = properties }
  }

  /// Sets the static members `type`'s module declares on other types specialised to it.
  public static func setExtensionMembers(of type: Any.Type, _ members: [ExtensionMember]) {
    self.update(type) { $0.extensionMembers = members }
  }

  /// Sets the `DependencyValues` properties the reducer type `type` reads.
  public static func setDependencies(of type: Any.Type, _ dependencies: [DependencyShape]) {
    self.update(type) { $0.dependencies = dependencies }
  }

  /// What the table holds of `type`, if anything.
  public static func description(of type: Any.Type) -> PlaygroundTypeDescription? {
    self.lock.lock()
    defer { self.lock.unlock() }
    return self.table[ObjectIdentifier(type)]
  }

  private static func update(_ type: Any.Type, _ body: (inout PlaygroundTypeDescription) -> Void) {
    self.lock.lock()
    defer { self.lock.unlock() }
    body(&self.table[ObjectIdentifier(type), default: PlaygroundTypeDescription()])
  }

  // A loaded library's types stay loaded (libraries are never closed), so their identifiers
  // stay valid and unique.
  private static let lock = NSLock()
  nonisolated(unsafe) private static var table: [ObjectIdentifier: PlaygroundTypeDescription] = [:]
}

/// Looks up the shape of a type, if it has one: its ``PlaygroundShaped`` conformance's, or the
/// one ``PlaygroundTypes`` holds for it.
public func playgroundShape(of type: Any.Type) -> TypeShape? {
  if let shaped = type as? any PlaygroundShaped.Type { return shaped.playgroundShape }
  return PlaygroundTypes.description(of: type)?.shape
}

/// The static members a script may call on a type (``PlaygroundShaped/playgroundMembers``).
public func playgroundMembers(of type: Any.Type) -> [StaticMember] {
  if let shaped = type as? any PlaygroundShaped.Type { return shaped.playgroundMembers }
  return PlaygroundTypes.description(of: type)?.members ?? []
}

/// The computed properties a script may read on a type (``PlaygroundShaped/playgroundProperties``).
public func playgroundProperties(of type: Any.Type) -> [ComputedProperty] {
  if let shaped = type as? any PlaygroundShaped.Type { return shaped.playgroundProperties }
  return PlaygroundTypes.description(of: type)?.properties ?? []
}

/// The static members a type's module declares on other types specialised to it
/// (``PlaygroundShaped/playgroundExtensionMembers``).
public func playgroundExtensionMembers(of type: Any.Type) -> [ExtensionMember] {
  if let shaped = type as? any PlaygroundShaped.Type { return shaped.playgroundExtensionMembers }
  return PlaygroundTypes.description(of: type)?.extensionMembers ?? []
}

/// The `DependencyValues` properties a reducer type reads
/// (``PlaygroundShaped/playgroundDependencies``).
public func playgroundDependencies(of type: Any.Type) -> [DependencyShape] {
  if let shaped = type as? any PlaygroundShaped.Type { return shaped.playgroundDependencies }
  return PlaygroundTypes.description(of: type)?.dependencies ?? []
}
