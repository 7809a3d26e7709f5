import Foundation
import Testing
@testable import KernelClient

/// Which kernel the front end runs (`KernelExecutable.path(built:)`): the one SwiftPM built for
/// it (KernelLocationPlugin's tool), `tcaplay-kernel` beside it, or itself when it's the kernel.
@Suite struct KernelLocationTests {
  /// A folder with a front end `tcaplay` and whichever kernels a test makes.
  struct Folder {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcaplay-kernel-location-\(UUID().uuidString)").path
    var frontEnd: String { path + "/tcaplay" }
    var beside: String { path + "/" + KernelExecutable.name }
    var tool: String { path + "/" + KernelExecutable.toolName }

    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// An executable file at `file`, last modified `age` seconds ago.
    func make(_ file: String, age: TimeInterval) throws {
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true
      )
      _ = FileManager.default.createFile(atPath: file, contents: Data("#!/bin/sh\n".utf8))
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755, .modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: file
      )
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  @Test func theKernelRunsItself() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.make(folder.tool, age: 0)
    for kernel in [folder.beside, folder.tool] {
      #expect(KernelExecutable.path(built: folder.tool, running: kernel) == kernel)
    }
  }

  /// `swift run tcaplay` on a fresh checkout: only the built kernel is there.
  @Test func theBuiltKernelWhenNothingIsBeside() throws {
    let folder = try Folder()
    defer { folder.remove() }
    #expect(KernelExecutable.path(built: folder.tool, running: folder.frontEnd) == folder.beside)
    try folder.make(folder.tool, age: 0)
    #expect(KernelExecutable.path(built: folder.tool, running: folder.frontEnd) == folder.tool)
    #expect(KernelExecutable.path(built: nil, running: folder.frontEnd) == folder.beside)
  }

  /// In one `.build` folder, the newer: `swift run tcaplay` after an edit rebuilds the tool and
  /// not `tcaplay-kernel`; `swift build --product tcaplay-kernel` the other way round.
  @Test func theNewerOfTwoInTheFrontEndsFolder() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.make(folder.beside, age: 60)
    try folder.make(folder.tool, age: 0)
    #expect(KernelExecutable.path(built: folder.tool, running: folder.frontEnd) == folder.tool)
    try folder.make(folder.beside, age: 0)
    try folder.make(folder.tool, age: 60)
    #expect(KernelExecutable.path(built: folder.tool, running: folder.frontEnd) == folder.beside)
  }

  /// An installed front end runs the kernel installed beside it, not the build's.
  @Test func theOneBesideWhenTheBuiltOneIsElsewhere() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let built = folder.path + "/build/" + KernelExecutable.toolName
    try folder.make(folder.beside, age: 60)
    try folder.make(built, age: 0)
    #expect(KernelExecutable.path(built: built, running: folder.frontEnd) == folder.beside)
  }
}
