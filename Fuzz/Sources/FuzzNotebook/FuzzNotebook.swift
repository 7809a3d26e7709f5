import Notebooks

/// The notebook reader, matcher and updater on arbitrary text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNotebook(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let notebook = try? NotebookParser.parse(text, path: "fuzz.tca.md") else { return 0 }
  for cell in notebook.cells {
    _ = OutputMatcher.matches(actual: cell.code, recorded: cell.recordedOutput ?? "")
    _ = UnifiedDiff.diff(recorded: cell.recordedOutput ?? "", actual: cell.code, firstLine: cell.outputLine, path: "fuzz")
  }
  return 0
}
