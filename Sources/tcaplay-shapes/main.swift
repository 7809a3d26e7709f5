// tcaplay-shapes: writes the playground's shapes (`PlaygroundShaped` conformances) of a module's
// types into one Swift file of that module. Run by ShapeGeneratorPlugin at build time:
//
//     tcaplay-shapes --output PlaygroundShapes.swift Sources/Day2/*.swift
//
// What the generator left out is listed as comments at the end of the generated file.
import Foundation
import ShapeGenerator

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("tcaplay-shapes: \(message)\n".utf8))
  exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments[0] == "--output" else {
  fail("usage: tcaplay-shapes --output FILE.swift SOURCE.swift...")
}
let output = arguments[1]
arguments.removeFirst(2)

var files: [SourceFile] = []
for path in arguments {
  guard let data = FileManager.default.contents(atPath: path) else { fail("can't read \(path)") }
  files.append(SourceFile(path: path, text: String(decoding: data, as: UTF8.self)))
}
let generated = GlueGenerator(files: files, mode: .separateFile).generate()
var text = generated.text
if !generated.notes.isEmpty {
  text += "\n// Left out:\n" + generated.notes.map { "// \($0)\n" }.joined()
}
do {
  try text.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
  fail("can't write \(output): \(error.localizedDescription)")
}
