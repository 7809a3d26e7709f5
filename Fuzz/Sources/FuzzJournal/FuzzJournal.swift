import Foundation
import Lessons
import TCAScript

/// Saved sessions and journals (`:open`, `--resume`) from arbitrary file contents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-journal-\(getpid()).tca")
  FileManager.default.createFile(atPath: url.path, contents: Data(UnsafeBufferPointer(start: data, count: size)))
  nonisolated(unsafe) var done = false
  Task { @MainActor in
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    _ = try? await session.open(url)
    done = true
  }
  while !done {
    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
  }
  return 0
}
