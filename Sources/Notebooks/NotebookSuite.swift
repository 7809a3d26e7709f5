import Foundation
import TextFiles

/// Checks a set of notebooks (`tcaplay test notebooks/`): finds `*.tca.md` files, runs each in
/// a fresh session, prints one line per notebook and a unified diff per mismatching cell, and a
/// final "N passed, N failed" line.
public struct NotebookSuite {
  /// Makes the executor for one notebook (a fresh session each time), or `nil` when no session
  /// can be made (the kernel can't start): the notebook fails.
  public typealias ExecutorFactory = @MainActor @Sendable () async -> NotebookRunner.Executor?

  public var paths: [String]
  public var update: Bool
  public var output: (String) -> Void

  public init(paths: [String], update: Bool = false, output: @escaping (String) -> Void = { print($0) }) {
    self.paths = paths
    self.update = update
    self.output = output
  }

  /// The notebook files under the given paths (files as given; directories searched
  /// recursively), sorted, and one error line for each path that gave none.
  public static func notebookFiles(in paths: [String]) -> (files: [String], problems: [String]) {
    var files: [String] = []
    var problems: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        problems.append("\(path): error: no such file or directory")
        continue
      }
      if isDirectory.boolValue {
        let enumerator = manager.enumerator(atPath: path)
        let before = files.count
        while let item = enumerator?.nextObject() as? String {
          guard item.hasSuffix(".tca.md") else { continue }
          let file = (path as NSString).appendingPathComponent(item)
          var isFolder: ObjCBool = false
          if manager.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
            files.append(file)
          }
        }
        if files.count == before { problems.append("\(path): error: no notebooks (*.tca.md) in this folder") }
      } else {
        files.append(path)
      }
    }
    return (files.sorted(), problems)
  }

  /// Runs the suite; returns whether every notebook passed.
  @MainActor
  public func run(executor makeExecutor: ExecutorFactory) async -> Bool {
    let (files, problems) = Self.notebookFiles(in: self.paths)
    var passed = 0
    var failed = 0
    for problem in problems {
      self.output(problem)
      failed += 1
    }
    for path in files {
      let name = path.hasSuffix(".tca.md") ? String(path.dropLast(7)) : path
      let text: String
      do {
        text = try TextFile.read(atPath: path)
      } catch {
        self.output("\(path): error: \(error.reason)")
        failed += 1
        continue
      }
      let notebook: Notebook
      do {
        notebook = try NotebookParser.parse(text, path: path)
      } catch {
        self.output(error.description)
        failed += 1
        continue
      }
      guard let executor = await makeExecutor() else {
        self.output("\(name) … FAILED")
        self.output("\(path): error: no session to run the notebook in")
        failed += 1
        continue
      }
      let result = await NotebookRunner().run(notebook, executor: executor)
      let traps = result.cells.filter(\.trapped)
      if self.update, !traps.isEmpty {
        // A trap's output isn't a lesson's to record.
        self.output("\(name) … FAILED (not updated: a cell trapped)")
        traps.compactMap(\.problem).forEach(self.output)
        failed += 1
        continue
      }
      if self.update {
        let updated = NotebookRunner.updatedText(text, result: result)
        if updated != text {
          do {
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            self.output("\(name) … updated")
          } catch {
            self.output("\(path): error: can't write the notebook: \(error.localizedDescription)")
            failed += 1
            continue
          }
        } else {
          self.output("\(name) … ok")
        }
        // After promotion only the expect-failure contract can still fail.
        let contractProblems = result.cells.compactMap(\.problem).filter { !$0.hasPrefix("---") && !$0.contains("no ```output block") }
        if contractProblems.isEmpty { passed += 1 } else {
          contractProblems.forEach(self.output)
          failed += 1
        }
        continue
      }
      if result.passed {
        self.output("\(name) … ok")
        passed += 1
      } else {
        self.output("\(name) … FAILED")
        for cell in result.cells {
          if let problem = cell.problem { self.output(problem) }
        }
        failed += 1
      }
    }
    self.output("\(passed) passed, \(failed) failed")
    return failed == 0
  }
}
