import Foundation

// The test store's spellings of TCA 1.0–1.3, still shipped (deprecated) by TCA 1.25.5: receiving
// by `AnyCasePath` (`/Action.response`), and timeouts in nanoseconds (`timeout: 1_000_000_000`).
// Each forwards to the current form, so failures read the same.

extension TestStore {
  /// Asserts an action was received matching a case path, and asserts how the state changes:
  /// `await store.receive(/Action.response) { … }`.
  @_disfavoredOverload
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self._receive(
      caseMatching: { actionCase.extract(from: $0) != nil },
      timeout: duration,
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// ``finish(timeout:fileID:filePath:line:column:)`` with a timeout in nanoseconds.
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.finish(
      timeout: Duration(nanoseconds: nanoseconds),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Receiving an action, with a timeout in nanoseconds.
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await self.receive(
      expectedAction,
      timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Receiving an action matching a predicate, with a timeout in nanoseconds.
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receive(
      isMatching,
      timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Receiving an action matching a case key path, with a timeout in nanoseconds.
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receive(
      actionCase,
      timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Receiving an action matching a case key path and an associated value, with a timeout in
  /// nanoseconds.
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    await self.receive(
      actionCase,
      value,
      timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Receiving an action matching a case path, with a timeout in nanoseconds.
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self._receive(
      caseMatching: { actionCase.extract(from: $0) != nil },
      timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension TestStoreTask {
  /// ``finish(timeout:fileID:filePath:line:column:)`` with a timeout in nanoseconds.
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.finish(
      timeout: Duration(nanoseconds: nanoseconds),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension Duration {
  fileprivate init(nanoseconds: UInt64) {
    self = .seconds(Int64(nanoseconds / NSEC_PER_SEC)) + .nanoseconds(Int64(nanoseconds % NSEC_PER_SEC))
  }
}
