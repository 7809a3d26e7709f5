import PlaygroundHost
import Testing
import TCAScript
@testable import KernelProtocol
@testable import TCAPlayREPL

@Suite struct DurationTextTests {
  @Test func parsesNumbersWithUnits() {
    #expect(DurationText.parse("1s") == .seconds(1))
    #expect(DurationText.parse("1.5s") == .milliseconds(1500))
    #expect(DurationText.parse("250ms") == .milliseconds(250))
    #expect(DurationText.parse("2min") == .seconds(120))
    #expect(DurationText.parse("5us") == .microseconds(5))
    #expect(DurationText.parse("10ns") == .nanoseconds(10))
    #expect(DurationText.parse(" 3 seconds ") == .seconds(3))
  }

  @Test func rejectsOtherText() {
    #expect(DurationText.parse("1") == nil)
    #expect(DurationText.parse("s") == nil)
    #expect(DurationText.parse("1h") == nil)
    #expect(DurationText.parse("-1s") == nil)
  }

  @Test func formats() {
    #expect(DurationText.format(.zero) == "0s")
    #expect(DurationText.format(.seconds(2)) == "2s")
    #expect(DurationText.format(.milliseconds(1500)) == "1.5s")
    #expect(DurationText.format(.milliseconds(250)) == "250ms")
    #expect(DurationText.format(.microseconds(5)) == "5µs")
  }

  @MainActor @Test func durationsAreWrittenInTheScriptLanguage() {
    #expect(REPL.durationExpression(.milliseconds(1500)) == ".milliseconds(1500)")
    #expect(REPL.durationExpression(.nanoseconds(10)) == ".nanoseconds(10)")
    #expect(REPL.durationExpression(.nanoseconds(1_500_000_001)) == ".milliseconds(1500.000001)")
  }
}

@Suite struct BlankTrimmingTests {
  @Test func trimsBlanksAndLineBreaksAtEitherEnd() {
    #expect("  store.send(.tap)\t".trimmingBlanks() == "store.send(.tap)")
    #expect("\u{00A0}x\u{2003}".trimmingBlanks() == "x")
    #expect("\nx y\r\n".trimmingBlanks(newlines: true) == "x y")
    #expect("\nx\n".trimmingBlanks() == "\nx\n")
    #expect(" \t ".trimmingBlanks() == "")
  }

  @Test func textWithoutBlanksAtItsEndsComesBackAsItIs() {
    #expect("store.send(.tap)".trimmingBlanks(newlines: true) == "store.send(.tap)")
    #expect("a  b".trimmingBlanks() == "a  b")
    #expect(":print off".trimmingBlanks() == ":print off")
    // A printable first or last byte begins or ends a character that isn't blank.
    #expect("e\u{0301} ".trimmingBlanks() == "e\u{0301}")
    #expect(" \u{00E9}".trimmingBlanks() == "\u{00E9}")
  }
}

@Suite struct UniquePrefixTests {
  let names = ["help", "features", "load", "stores", "state", "effects", "clock", "print", "view", "quit"]

  @Test func exactNamesAndUniquePrefixesResolve() throws {
    #expect(try UniquePrefix.resolve("state", among: self.names, kind: "command") == "state")
    #expect(try UniquePrefix.resolve("sta", among: self.names, kind: "command") == "state")
    #expect(try UniquePrefix.resolve("q", among: self.names, kind: "command") == "quit")
    #expect(try UniquePrefix.resolve("st", among: ["st", "state"], kind: "command") == "st")
  }

  @Test func ambiguousPrefixesListTheMatches() {
    #expect(throws: NameResolutionError.ambiguous(":st", matches: [":state", ":stores"], kind: "command")) {
      try UniquePrefix.resolve("st", among: self.names, kind: "command") { ":" + $0 }
    }
    #expect(
      NameResolutionError.ambiguous(":s", matches: [":a", ":b", ":c"], kind: "command").description
        == "ambiguous command ':s': it could be :a, :b or :c"
    )
  }

  @Test func unknownNamesSuggestTheNearest() {
    #expect(throws: NameResolutionError.unknown(":stat", suggestion: nil, kind: "command")) {
      try UniquePrefix.resolve("stat", among: ["help"], kind: "command") { ":" + $0 }
    }
    #expect(throws: NameResolutionError.unknown(":lod", suggestion: ":load", kind: "command")) {
      try UniquePrefix.resolve("lod", among: self.names, kind: "command") { ":" + $0 }
    }
    #expect(
      NameResolutionError.unknown(":lod", suggestion: ":load", kind: "command").description
        == "unknown command ':lod'; did you mean ':load'?"
    )
  }
}

@Suite struct TextStyleTests {
  /// A failure's lines get their kinds where it enters the session (`FailureReport`), and are
  /// coloured by them: its removed and added lines as a change's are.
  @Test func failureDiffLinesAreColouredOnATerminal() {
    let style = TextStyle(isColored: true)
    let text = "received action:\n  A.b\n- x: 0\n+ x: 1\n    −   y\n    +   y"
    let failure = FailureReport(text)
    #expect(failure.details.map(\.kind) == [.context, .removed, .added, .removed, .added])
    #expect(failure.text == text)
    #expect(
      style.render(StyledText(failure)) == """
        \u{1B}[1;31m✘ received action:\u{1B}[0m
          A.b
        \u{1B}[31m- x: 0\u{1B}[0m
        \u{1B}[32m+ x: 1\u{1B}[0m
        \u{1B}[31m    −   y\u{1B}[0m
        \u{1B}[32m    +   y\u{1B}[0m
        """
    )
    #expect(TextStyle(isColored: false).render(StyledText(Session.Output(.failure, text))) == "✘ " + text)
  }

  /// A printed change is coloured by what each line is, not by how it reads: an action's line
  /// or a context line that starts with a minus stays uncoloured.
  @Test func changesAreColouredByTheKindsOfTheirLines() {
    let record = ChangeRecord(
      feature: "A", storeID: ObjectIdentifier(Int.self), origin: .sent, actionLabel: "A.b",
      lines: [
        .init(.header, "received action:"), .init(.action, "  A.b("), .init(.action, "    -1"),
        .init(.action, "  )"), .init(.context, "  S("), .init(.context, "    xs: [-2],"),
        .init(.removed, "-   x: 0"), .init(.added, "+   x: 1"), .init(.context, "  )"),
      ]
    )
    let output = Session.Output(record)
    #expect(output.text == "received action:\n  A.b(\n    -1\n  )\n  S(\n    xs: [-2],\n-   x: 0\n+   x: 1\n  )")
    #expect(
      TextStyle(isColored: true).render(StyledText(output))
        == "received action:\n  A.b(\n    -1\n  )\n  S(\n    xs: [-2],\n\u{1B}[31m-   x: 0\u{1B}[0m\n\u{1B}[32m+   x: 1\u{1B}[0m\n  )"
    )
    #expect(TextStyle(isColored: false).render(StyledText(output)) == output.text)
  }

  @Test func errorsAndFailuresAreRed() {
    let style = TextStyle(isColored: true)
    #expect(style.render(StyledText(Session.Output(.error, "1:1: error: x"))) == "\u{1B}[31m1:1: error: x\u{1B}[0m")
    #expect(
      style.render(StyledText(Session.Output(.failure, "A state change does not match expectation: …\n  −   a\n  +   b")))
        == "\u{1B}[1;31m✘ A state change does not match expectation: …\u{1B}[0m\n\u{1B}[31m  −   a\u{1B}[0m\n\u{1B}[32m  +   b\u{1B}[0m"
    )
  }

  @Test func nothingIsColouredWithoutColours() {
    let style = TextStyle(isColored: false)
    let output = Session.Output(.failure, "A state change does not match expectation: …\n  −   a")
    #expect(style.render(StyledText(output)) == "✘ A state change does not match expectation: …\n  −   a")
    #expect(style.prompt("tca> ", .prompt) == "tca> ")
  }

  @Test func promptsMarkEscapesAsInvisibleForReadline() {
    #expect(TextStyle(isColored: true).prompt("tca> ", .prompt) == "\u{1}\u{1B}[1;36m\u{2}tca>\u{1}\u{1B}[0m\u{2} ")
    #expect(TextStyle(isColored: true).prompt("...> ", .quietPrompt) == "\u{1}\u{1B}[2m\u{2}...>\u{1}\u{1B}[0m\u{2} ")
  }

  /// Text is kept as parts of kinds until it is written: plain parts run together, other kinds
  /// stay whole (each is coloured as one), and empty parts vanish.
  @Test func styledTextKeepsItsKindsUntilItIsRendered() {
    var text = StyledText("a", .plain)
    text.append("b")
    text.append("", .error)
    text.append("c\nd", .error)
    text.append("e", .error)
    text.append(.line("f", .info))
    #expect(text.spans == [.init("ab", .plain), .init("c\nd", .error), .init("e", .error), .init("f", .info), .init("\n", .plain)])
    #expect(text.plainText == "abc\ndef\n")
    #expect(
      TextStyle(isColored: true).render(text)
        == "ab\u{1B}[31mc\nd\u{1B}[0m\u{1B}[31me\u{1B}[0m\u{1B}[36mf\u{1B}[0m\n"
    )
    #expect(StyledText.line("x", .error).droppingFinalNewline() == StyledText("x", .error))
    #expect(StyledText("x\n", .error).droppingFinalNewline() == StyledText("x", .error))
    #expect(StyledText("x", .error).droppingFinalNewline() == StyledText("x", .error))
  }

  /// Every kind is coloured as the REPL coloured it before output was structured.
  @Test func eachKindHasTheColourItHad() {
    let expected: [StyledText.Kind: String?] = [
      .plain: nil, .error: "31", .failure: "1;31", .removed: "31", .added: "32", .pass: "32", .info: "36",
      .command: "36", .title: "1", .view: "35", .echo: "2", .detail: "2", .hint: "2", .code: "1;36",
      .prompt: "1;36", .quietPrompt: "2",
    ]
    for (kind, code) in expected {
      #expect(TextStyle.colorCode(of: kind) == code, "\(kind)")
    }
  }

  @Test func coloursNeedATerminalAndNoNOCOLOR() {
    #expect(TextStyle.detect(isTerminal: true, environment: [:]).isColored)
    #expect(!TextStyle.detect(isTerminal: false, environment: [:]).isColored)
    #expect(!TextStyle.detect(isTerminal: true, environment: ["NO_COLOR": "1"]).isColored)
    #expect(TextStyle.detect(isTerminal: true, environment: ["NO_COLOR": ""]).isColored)
  }
}
