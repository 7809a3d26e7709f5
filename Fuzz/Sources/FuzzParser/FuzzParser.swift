import TCAScriptSyntax

/// The script lexer and parser on arbitrary bytes: must never trap or hang, and every error
/// must render with its caret.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let statements = try Parser.parse(source)
    _ = statements.map(\.description)
  } catch {
    _ = Diagnostics.render(error, source: source)
  }
  return 0
}
