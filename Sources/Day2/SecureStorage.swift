// "KeyPath & CasePath", part 1: a short story of KeyPath.
//
// A storage of sensitive data (kept in the keychain in the app) whose every property can be read
// and written through one generic pair of methods taking a key path, instead of one method per
// property or an untyped dictionary: the compiler checks both the key and the value's type.

/// The sensitive data of the signed-in user.
public struct SecureModel: Equatable, Sendable {
  public var userId: Int
  public var name: String
  public var age: Int
  public var deviceToken: String

  public init(userId: Int, name: String, age: Int, deviceToken: String) {
    self.userId = userId
    self.name = name
    self.age = age
    self.deviceToken = deviceToken
  }

  /// The value the storage starts with: user 1, "John Doe", 25, "myToken".
  public static let mock = SecureModel(userId: 1, name: "John Doe", age: 25, deviceToken: "myToken")
}

/// Stores a ``SecureModel``, read and written property by property through key paths.
///
/// ```swift
/// let secureManager = SecureStorage()
/// print(secureManager.getData(keyPath: \.deviceToken))
/// secureManager.setSecureData(keyPath: \.deviceToken, value: "new Token")
/// print(secureManager.getData(keyPath: \.deviceToken))
/// ```
///
/// prints
///
/// ```
/// myToken
/// try to change \SecureModel.deviceToken to new Token
/// new Token
/// ```
///
/// (The lesson's recording shows the key path as
/// `Swift.WritableKeyPath<TCABootcamp.SecureModel, Swift.String>`: Swift 5.9 and later describe a
/// key path by its source form.)
public final class SecureStorage {
  private var model: SecureModel
  private let log: (String) -> Void

  /// Creates a storage.
  ///
  /// - Parameters:
  ///   - model: The data the storage starts with.
  ///   - log: Where ``setSecureData(keyPath:value:)`` reports changes; standard output by
  ///     default.
  public init(model: SecureModel = .mock, log: @escaping (String) -> Void = { print($0) }) {
    self.model = model
    self.log = log
  }

  /// All the stored data.
  public func getSecureData() -> SecureModel {
    return model
  }

  /// One property of the stored data.
  public func getData<Value>(keyPath: KeyPath<SecureModel, Value>) -> Value {
    model[keyPath: keyPath]
  }

  /// Changes one property of the stored data, and logs the change.
  public func setSecureData<Value>(keyPath: WritableKeyPath<SecureModel, Value>, value: Value) {
    log("try to change \(keyPath) to \(value)")
    model[keyPath: keyPath] = value
  }
}
