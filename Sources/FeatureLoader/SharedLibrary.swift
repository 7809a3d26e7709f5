import ComposableArchitecture
import FeatureRegistration

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared library opened with `dlopen(RTLD_NOW | RTLD_GLOBAL)`: every symbol is bound at once
/// (a missing one is an error now, not a crash later), and the library's own symbols become
/// visible to libraries loaded after it.
///
/// Libraries are never closed: the types they define may live on in values the session holds.
struct SharedLibrary {
  private let handle: UnsafeMutableRawPointer

  init(path: String) throws(LoadError) {
    guard let handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL) else {
      let message = dlerror().map { String(cString: $0) } ?? "unknown error"
      var text = "Could not load the compiled features: \(message)"
      if message.contains("undefined symbol") || message.contains("symbol not found") {
        text += """

          The playground executable must export its symbols for loaded features to use them: link it \
          with linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])] (Linux).
          """
      }
      throw .loading(text)
    }
    self.handle = handle
  }

  /// Calls the registration entry point `name` (a `@_cdecl` function taking a pointer from
  /// `PlaygroundRegistration.withPointer`), which registers the library's reducers with
  /// `registrar`.
  func register(into registrar: any PlaygroundFeatureRegistrar, entryPoint name: String) throws(LoadError) {
    guard let symbol = dlsym(self.handle, name) else {
      throw .loading("The compiled features have no entry point '\(name)'.")
    }
    typealias EntryPoint = @convention(c) (UnsafeRawPointer) -> Void
    let entryPoint = unsafeBitCast(symbol, to: EntryPoint.self)
    PlaygroundRegistration.withPointer(to: registrar) { entryPoint($0) }
  }
}
