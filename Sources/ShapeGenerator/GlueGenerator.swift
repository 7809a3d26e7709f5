import SwiftParser
import SwiftSyntax

/// Writes the shapes of the structs and enums declared in Swift source (`PlaygroundShaped`
/// conformances, or calls that describe them to the table `TypeShapes.PlaygroundTypes`), so that the
/// playground can build, read and call into a module's values without `Codable`.
///
/// ```swift
/// let generator = GlueGenerator(
///   files: [SourceFile(path: "Counter.swift", text: source)], mode: .separateFile
/// )
/// let output = generator.generate()
/// try output.text.write(toFile: "PlaygroundShapes.swift", atomically: true, encoding: .utf8)
/// for note in output.notes { print(note) }
/// ```
///
/// Generation runs in three stages, one type each: ``DeclarationCollector`` finds the
/// declarations of every file, ``ShapeModeler`` turns them into plain-data ``TypeModel``s (and
/// notes what it leaves out), and ``ShapeEmitter`` writes the Swift text.
public struct GlueGenerator: Sendable {
  /// Where the generated code goes, which decides what it can reach.
  public enum Mode: Sendable, Equatable {
    /// A separate file of the same module (build time): private and fileprivate declarations
    /// are out of reach.
    case separateFile
    /// Appended to a copy of each user file (load time): fileprivate declarations, and private
    /// ones at file scope, are reachable. Most types are described in a table function per file
    /// (``GlueOutput/tableFunctions``), which compiles faster than conformances; generic types
    /// and types with private stored properties get conformances.
    case sameFile
  }

  /// How many lines a ``Mode/sameFile`` copy has before the user's first line: the compiler
  /// reports the user's lines by their original numbers, but prints excerpts of the copy with
  /// the copy's numbers.
  public static let sameFileLineOffset = 1

  /// The files to generate conformances for.
  public var files: [SourceFile]
  /// Where the generated code goes.
  public var mode: Mode
  /// Whether ``Mode/sameFile`` describes types in table functions where it can (the default),
  /// rather than by conformances. A conformance sits in the type's extension, which sees names
  /// a table at file scope doesn't (a static member used unqualified in a default argument).
  public var usesTables = true

  /// A generator for `files` in `mode`.
  public init(files: [SourceFile], mode: Mode) {
    self.files = files
    self.mode = mode
  }

  /// Generates the conformances.
  ///
  /// In ``Mode/separateFile`` mode, ``GlueOutput/text`` is one file for all the types, and
  /// ``GlueOutput/files`` holds that one file. In ``Mode/sameFile`` mode, ``GlueOutput/files``
  /// holds a copy of every input file with its types' conformances appended (``GlueOutput/text``
  /// is their concatenation, for inspection).
  public func generate() -> GlueOutput {
    let collected = self.files.enumerated().map { index, file in
      DeclarationCollector.collect(Parser.parse(source: file.text), fileIndex: index, path: file.path)
    }
    var modeler = ShapeModeler(files: collected, mode: self.mode, usesTables: self.usesTables)
    let models = modeler.models()
    let imports = Self.imports(of: collected)
    let declaredTypes = Self.nameableTypes(of: collected)
    switch self.mode {
    case .separateFile:
      let text = ShapeEmitter.file(imports: imports, models: models)
      return GlueOutput(
        text: text, files: [SourceFile(path: "PlaygroundShapes.swift", text: text)], notes: modeler.notes,
        declaredTypes: declaredTypes
      )
    case .sameFile:
      var tableFunctions: [String] = []
      let copies = self.files.enumerated().map { index, file in
        let models = models.filter { $0.fileIndex == index }
        let tableFunction = "__tcaplaygroundDescribeTypes\(index)"
        if models.contains(where: \.isInTable) { tableFunctions.append(tableFunction) }
        return SourceFile(
          path: file.path,
          text: ShapeEmitter.sameFileCopy(of: file, models: models, tableFunction: tableFunction)
        )
      }
      return GlueOutput(
        text: copies.map(\.text).joined(separator: "\n"), files: copies, notes: modeler.notes,
        tableFunctions: tableFunctions, declaredTypes: declaredTypes
      )
    }
  }

  /// The structs and enums any file of the module can name, once each, in order: neither
  /// private nor fileprivate (nor in a type that is), not generic, not under `#if`, and nested
  /// only in types the files declare (not in an extension of another module's type).
  private static func nameableTypes(of files: [CollectedFile]) -> [String] {
    let declared = files.reduce(into: Set<String>()) { $0.formUnion($1.declaredNames) }
    var seen: Set<String> = []
    return files.flatMap(\.types).filter { type in
      type.unreachableInSeparateFile == nil && type.unsupported == nil && !type.isGeneric && type.conditions.isEmpty
        && type.scope.allSatisfy(declared.contains)
    }.map(\.qualifiedName).filter { seen.insert($0).inserted }
  }

  /// The imports of every file, once each, in order of appearance.
  private static func imports(of files: [CollectedFile]) -> [String] {
    var seen: Set<String> = []
    return files.flatMap(\.imports).filter { seen.insert($0).inserted }
  }
}

/// A Swift file given to the generator: its path (for notes and `#sourceLocation`) and text.
public struct SourceFile: Sendable, Equatable {
  /// The file's path, as it should appear in diagnostics.
  public var path: String
  /// The file's Swift source.
  public var text: String

  /// A file at `path` with `text`.
  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }
}

/// What the generator wrote, and what it left out.
public struct GlueOutput: Sendable, Equatable {
  /// The generated Swift text (in ``GlueGenerator/Mode/sameFile`` mode, every copy in turn).
  public var text: String
  /// The files to compile: the one generated file, or a copy of every input file.
  public var files: [SourceFile]
  /// Declarations left out, and why.
  public var notes: [GlueNote]
  /// In ``GlueGenerator/Mode/sameFile`` mode, the functions (one per copy that has any) that
  /// describe the copies' types to the table (`TypeShapes.PlaygroundTypes`): the module must call
  /// each before the playground reads its values.
  public var tableFunctions: [String] = []
  /// The qualified names of the structs and enums the files declare that code elsewhere in the
  /// module can name (not private, not generic, not under `#if`): the types a script may name.
  public var declaredTypes: [String] = []
}

/// A declaration the generator left out (or handled partly), and why.
public struct GlueNote: Sendable, Equatable, CustomStringConvertible {
  /// The file declaring it.
  public var path: String
  /// Its line, from 1.
  public var line: Int
  /// What was left out, and why.
  public var message: String

  /// A note about the declaration at `path`:`line`.
  public init(path: String, line: Int, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  /// `path:line: note: message`, as a compiler prints notes.
  public var description: String { "\(self.path):\(self.line): note: \(self.message)" }
}
