import Testing
@testable import TCAPlayREPL

/// `:load`'s arguments, parsed once into paths, `--test`, `as` and `with`, and written back
/// into a command that parses to the same (the journal's and a kernel's replay).
@Suite struct FileLoadArgumentsTests {
  @Test func pathsReducerAndInitialState() throws {
    let parsed = try FileLoadArguments.parse(#"A.swift "My App/B.swift" C\ D.swift --test as Checkout with Checkout.State(note: "a b")"#).get()
    #expect(parsed.paths == ["A.swift", "My App/B.swift", "C D.swift"])
    #expect(parsed.isTest)
    #expect(parsed.reducer == "Checkout")
    #expect(parsed.initialState == #"Checkout.State(note: "a b")"#)
    #expect(parsed.command == #":load A.swift "My App/B.swift" "C D.swift" --test as Checkout with Checkout.State(note: "a b")"#)
    #expect(try FileLoadArguments.parse(String(parsed.command.dropFirst(":load ".count))).get() == parsed)
  }

  @Test func pathsAsGiven() throws {
    let arguments = FileLoadArguments(paths: ["/tmp/My App/Feature.swift", #"odd"name\.swift"#])
    #expect(arguments.command == #":load "/tmp/My App/Feature.swift" "odd\"name\\.swift""#)
    #expect(try FileLoadArguments.parse(String(arguments.command.dropFirst(":load ".count))).get() == arguments)
  }

  @Test func malformedArguments() {
    #expect(FileLoadArguments.parse(#""My App/B.swift"#) == .failure(.unclosedQuote))
    #expect(FileLoadArguments.parse("A.swift as") == .failure(.misplacedAs))
    #expect(FileLoadArguments.parse("A.swift with X.State()") == .failure(.misplacedWith))
    #expect(FileLoadArguments.parse("A.swift as X with") == .failure(.misplacedWith))
  }
}
