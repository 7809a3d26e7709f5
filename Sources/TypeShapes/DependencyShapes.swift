import ComposableArchitecture
import ConcurrencyExtras
import Dependencies
import Foundation

// What the playground needs to override a dependency client's endpoints with a script's
// closures: the `DependencyValues` properties a reducer reads (``DependencyShape``), and, for a
// closure-typed stored property, a way to build a closure of its exact type (``EndpointShape``)
// around an ``EndpointInvoker`` that runs the script's closure.

/// A `DependencyValues` property a reducer reads with `@Dependency(\.apiClient)`, by the name a
/// test sets it with (`apiClient`, `date.now`).
public struct DependencyShape: @unchecked Sendable {
  /// The key path's names after `\.`, joined with dots: `apiClient`, `date.now`.
  public let name: String
  /// The property's type (`APIClient`).
  public let type: Any.Type
  /// Reads the property.
  public let get: (DependencyValues) -> Any
  /// Writes the property; `nil` when the key path isn't writable.
  public let set: ((inout DependencyValues, Any) -> Void)?

  /// The property `keyPath` names, as `name`.
  public init<Value>(_ name: String, _ keyPath: KeyPath<DependencyValues, Value>) {
    self.name = name
    self.type = Value.self
    self.get = { $0[keyPath: keyPath] }
    if let writable = keyPath as? WritableKeyPath<DependencyValues, Value> {
      self.set = { values, value in values[keyPath: writable] = value as! Value }
    } else {
      self.set = nil
    }
  }
}

/// How generated code builds a value of a closure-typed stored property (an endpoint such as
/// `var search: @Sendable (_ query: String) async throws -> [Location]`) from an
/// ``EndpointInvoker``: the closure it makes converts its arguments to `Any`, hands them to the
/// invoker, and converts the invoker's answer back to its result type.
public struct EndpointShape: @unchecked Sendable {
  /// Whether the endpoint is `async`.
  public let isAsync: Bool
  /// Whether the endpoint `throws`.
  public let isThrowing: Bool
  /// How many parameters it takes.
  public let arity: Int
  /// The endpoint's value for an invoker, given the value it replaces (what a non-throwing
  /// endpoint answers when the invoker can't).
  public let make: (_ invoker: EndpointInvoker, _ previous: Any) -> Any

  /// The endpoint of the property `keyPath` names.
  public init<Root, Value>(
    _ keyPath: KeyPath<Root, Value>, async isAsync: Bool, throws isThrowing: Bool, arity: Int,
    make: @escaping (_ invoker: EndpointInvoker, _ previous: Value) -> Value
  ) {
    self.isAsync = isAsync
    self.isThrowing = isThrowing
    self.arity = arity
    self.make = { invoker, previous in make(invoker, previous as! Value) }
  }
}

/// Runs a script's closure for an endpoint the playground built (``EndpointShape``), on the main
/// actor: the arguments arrive as `Any`, and the answer must be of the endpoint's result type.
///
/// The interpreter supplies ``body``: it binds the arguments to the closure's parameters, runs
/// it, and converts its value to the result type it is given, or throws (the error a script
/// `throw`s, or ``EndpointFailure`` when the closure went wrong, already reported).
public final class EndpointInvoker: Sendable {
  /// Runs the closure with arguments, for a result of the given type.
  public typealias Body = @MainActor @Sendable (_ arguments: [Any], _ resultType: Any.Type) throws -> Any

  private let body: Body

  /// An invoker that runs `body` for each call of the endpoint.
  public init(_ body: @escaping Body) {
    self.body = body
  }

  /// A throwing synchronous endpoint's answer.
  public func callThrowing<Result>(_ arguments: [Any]) throws -> Result {
    try self.cast(self.runSynchronously(arguments, Result.self).get())
  }

  /// A synchronous endpoint's answer, or `otherwise()` when the closure can't give one.
  public func call<Result>(_ arguments: [Any], otherwise: () -> Result) -> Result {
    do { return try self.callThrowing(arguments) } catch { return otherwise() }
  }

  /// A throwing `async` endpoint's answer.
  public func callAsyncThrowing<Result>(_ arguments: [Any]) async throws -> Result {
    let sent = UncheckedSendable(arguments)
    let answer = await MainActor.run { [body] in
      UncheckedSendable(Swift.Result { try body(sent.value, Result.self) })
    }
    return try self.cast(answer.value.get())
  }

  /// An `async` endpoint's answer, or `otherwise()` when the closure can't give one.
  public func callAsync<Result>(_ arguments: [Any], otherwise: () async -> Result) async -> Result {
    do { return try await self.callAsyncThrowing(arguments) } catch { return await otherwise() }
  }

  /// Runs the body on the main actor, from the main thread or waiting for it.
  private func runSynchronously(_ arguments: [Any], _ resultType: Any.Type) -> Swift.Result<Any, any Error> {
    let sent = UncheckedSendable(arguments)
    let run = { @MainActor [body] in UncheckedSendable(Swift.Result { try body(sent.value, resultType) }) }
    // The main actor runs on the main queue, which isn't always drained by the main thread.
    if Thread.isMainThread || DispatchQueue.getSpecific(key: Self.mainQueueKey) == true {
      return MainActor.assumeIsolated { run() }.value
    }
    return DispatchQueue.main.sync { MainActor.assumeIsolated { run() } }.value
  }

  /// A key only the main queue has a value for.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  private func cast<Result>(_ value: Any) throws -> Result {
    guard let result = value as? Result else {
      throw EndpointFailure("the closure's value has type \(_typeName(type(of: value))), expected \(_typeName(Result.self))")
    }
    return result
  }
}

/// Why an endpoint built around a script's closure couldn't answer: the closure failed, or its
/// value doesn't fit the endpoint's result type (the playground has reported it already).
public struct EndpointFailure: Error, CustomStringConvertible {
  /// What went wrong, in one line.
  public let description: String

  /// A failure saying `description`.
  public init(_ description: String) { self.description = description }
}
