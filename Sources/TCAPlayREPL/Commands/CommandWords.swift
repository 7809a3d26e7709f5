import ArgumentParser
import TCAScriptSyntax

/// A command's arguments parsed once into a typed value with swift-argument-parser: split into
/// words at whitespace (a word keeps its quotes and backslashes: a Swift expression's words stay
/// as typed), then parsed as `Arguments` declares, so that an unknown option or a missing value
/// is one line naming the command.
enum CommandWords {
  /// `arguments` as words.
  static func split(_ arguments: String) -> [String] {
    arguments.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// `arguments` (everything after `:command`) parsed as `Arguments`.
  static func parse<Arguments: ParsableArguments>(
    _ type: Arguments.Type, _ arguments: String, command: String
  ) throws(ScriptError) -> Arguments {
    do {
      return try Arguments.parse(Self.split(arguments))
    } catch {
      let message = Arguments.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      throw ScriptError(":\(command): \(message.prefix(1).lowercased() + message.dropFirst())", at: nil)
    }
  }
}

/// `:save [!] FILE [--branch NAME]`'s words after the `!`.
struct SaveArguments: ParsableArguments {
  /// The file's path (words joined by a space: `:save my session.tca`).
  @ArgumentParser.Argument var file: [String] = []
  /// The branch the saved script ends on.
  @Option var branch: String?

  var path: String { self.file.joined(separator: " ") }
}

/// `:test-export [!] FILE.swift [REDUCER] [--module NAME] [--branch NAME]`'s words after the `!`.
struct TestExportArguments: ParsableArguments {
  /// The test file's path, then the reducer expression's words, if one was written.
  @ArgumentParser.Argument var words: [String] = []
  /// The module the test imports with `@testable import`.
  @Option var module: String?
  /// The branch the test replays.
  @Option var branch: String?

  var path: String { self.words.first ?? "" }
  var reducer: String? { self.words.count > 1 ? self.words.dropFirst().joined(separator: " ") : nil }
}
