import Foundation
import Testing
import TestSupport
import TextFiles

@Suite struct TextFileTests {
  func temporaryPath(_ name: String) -> String {
    TestScratch.path(name).path
  }

  @Test func readsUTF8Text() throws {
    let path = self.temporaryPath("ok.tca")
    try "store.send(.addItem)\n// é\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try TextFile.read(atPath: path) == "store.send(.addItem)\n// é\n")
  }

  @Test func aMissingFile() {
    #expect(throws: TextFileError(path: "/nonexistent/x.tca", reason: .noSuchFile)) {
      try TextFile.read(atPath: "/nonexistent/x.tca")
    }
    #expect("\(TextFileError(path: "x.tca", reason: .noSuchFile))" == "can't read x.tca: no such file")
  }

  @Test func aDirectory() throws {
    let path = self.temporaryPath("folder.tca.md")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect(throws: TextFileError(path: path, reason: .isADirectory)) { try TextFile.read(atPath: path) }
  }

  @Test func binaryContentsNameTheFirstInvalidByte() throws {
    let path = self.temporaryPath("binary.tca")
    #expect(FileManager.default.createFile(atPath: path, contents: Data([0x61, 0xC3, 0xA9, 0x62, 0xFF, 0x00])))
    #expect(throws: TextFileError(path: path, reason: .notUTF8(offset: 4))) { try TextFile.read(atPath: path) }
    #expect(TextFileError.Reason.notUTF8(offset: 4).description == "not UTF-8 text (invalid byte at offset 4)")
  }

  @Test(.enabled(if: getuid() != 0, "root reads every file"))
  func anUnreadableFile() throws {
    let path = self.temporaryPath("secret.tca")
    try "x".write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0)
    #expect(throws: TextFileError(path: path, reason: .permissionDenied)) { try TextFile.read(atPath: path) }
  }
}
