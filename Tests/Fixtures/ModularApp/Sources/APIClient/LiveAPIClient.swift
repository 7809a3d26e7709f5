import ComposableArchitecture
import Foundation
import SharedModels

extension APIClient: DependencyKey {
  public static let liveValue = Self(
    logIn: { name, password in
      // The real app posts to its server; this one checks a fixed password.
      try await Task.sleep(for: .milliseconds(50))
      guard password == "hunter2" else { throw Failure(reason: "Wrong password.") }
      return User(id: name.count, name: name)
    },
    savePreferences: { _ in
      try await Task.sleep(for: .milliseconds(50))
    }
  )
}
