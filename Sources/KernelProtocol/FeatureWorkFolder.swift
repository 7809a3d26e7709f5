import FoundationEssentials

/// Where a kernel compiles the feature files it loads: `tcaplay-features-PID` in the temporary
/// directory. The loader compiles there, and the kernel's client removes it when the kernel
/// ends (a kernel keeps the libraries it loaded there, so that its crash reports name the
/// user's frames).
public enum FeatureWorkFolder {
  /// The name of the process `pid`'s work folder, in the temporary directory.
  public static func name(ofProcess pid: Int32) -> String {
    "tcaplay-features-\(pid)"
  }

  /// The path of the process `pid`'s work folder.
  public static func path(ofProcess pid: Int32) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(Self.name(ofProcess: pid)).path
  }
}
