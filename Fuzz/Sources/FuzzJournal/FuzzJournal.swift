import Foundation
import FuzzSupport
import TCAScript

/// Saved sessions and journals (`:open`, `--resume`) from arbitrary file contents, each opened
/// in the one fuzz session reset in place (a new session per input ran ~130 inputs a second).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-journal-\(getpid()).tca")
  FileManager.default.createFile(atPath: url.path, contents: Data(UnsafeBufferPointer(start: data, count: size)))
  runOnMainActor {
    let session = FuzzSession.shared
    session.reset()
    _ = try? await session.open(url)
  }
  return 0
}
