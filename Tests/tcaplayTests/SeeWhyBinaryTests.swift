import Foundation
import Testing
import TestSupport

/// `:info` on a feature loaded from a file, and predict cells in `tcaplay test` and
/// `tcaplay run --step`, on the real binary.
@Suite struct SeeWhyBinaryTests {
  static let feature = """
    import ComposableArchitecture

    @Reducer
    struct Row {
      struct State: Equatable, Identifiable {
        var id: UUID
        var title = ""
      }
      enum Action: Equatable { case rename(String) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case let .rename(title):
            state.title = title
            return .none
          }
        }
      }
    }

    @Reducer
    struct Board {
      struct State: Equatable {
        var rows: IdentifiedArrayOf<Row.State> = []
        var editing: Row.State?
        var count = 0
      }
      enum Action: Equatable {
        case addRow
        case rows(IdentifiedActionOf<Row>)
        case editing(Row.Action)
      }
      @Dependency(\\.uuid) var uuid
      var logs = false
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .addRow:
            state.rows.append(Row.State(id: self.uuid()))
            return .none
          case .rows, .editing:
            return .none
          }
        }
        .forEach(\\.rows, action: \\.rows) { Row() }
        .ifLet(\\.editing, action: \\.editing) { Row() }
        .onChange(of: \\.count) { _, _ in Reduce { _, _ in .none } }
        if self.logs {
          Reduce { _, _ in .none }
        } else {
          EmptyReducer()
        }
      }
    }
    """

  @Test(.enabled(if: compilerIsAvailable))
  func infoDescribesALoadedFeature() async throws {
    let file = try FeatureFolder().write("Board.swift", Self.feature)
    let result = try await Binary.run(["--load", file], input: ":info\n")
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.contains("""
      State: Board.State
        rows: IdentifiedArray<UUID, Row.State> = []
          id: UUID
          title: String = ""
        editing: Row.State? = nil
        count: Int = 0
      Action: Board.Action
        case addRow
        case rows(IdentifiedAction<UUID, Row.Action>)
          case rename(String)
        case editing(Row.Action)
      Reducer: Board (body in order)
        Reduce
        forEach(\\.rows, action: \\.rows) → Row
          Reduce
        ifLet(\\.editing, action: \\.editing) → Row
          (composition above)
        onChange(of: Int)
        else (second branch):
          EmptyReducer
      Dependencies:
        uuid: UUIDGenerator  (Board)
      """))
  }

  func notebook(_ text: String) throws -> String {
    let directory = TestScratch.path("predict")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("lesson.tca.md")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  static let lesson = """
    # Predictions

    ```tca
    :load --test DemoForEach
    :print off
    ```

    ```output
    Loaded DemoForEach as `store` (DemoForEachState). Try store.send(.…) — TAB lists the actions.
    printing: off
    ```

    What will adding an item change?

    ```tca predict
    store.send(.addItem)
    {
      $0.lastId = 1
      $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true))
    }
    ```

    And toggling it?

    ```tca predict
    store.send(.child(id: 1, action: .toggle))
    { $0.stackData[id: 1]?.isActive = false }
    ```
    """

  @Test func testRunsPredictCellsWithTheirRecordedAnswers() async throws {
    let path = try self.notebook(Self.lesson)
    let check = try await Binary.run(["test", path])
    #expect(check.output == "\(path.dropLast(7)) … ok\n1 passed, 0 failed\n")
    // A wrong recorded answer fails the notebook: the cell prints TCA's failure.
    try Self.lesson.replacingOccurrences(of: "isActive = false", with: "isActive = true")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let wrong = try await Binary.run(["test", path])
    #expect(wrong.status == 1)
    #expect(wrong.output.contains("lesson.tca.md:26: the cell printed output but has no ```output block"))
  }

  @Test func stepAsksForEachPredictionAndEndsWithTheScore() async throws {
    let path = try self.notebook(Self.lesson)
    // Enter, Enter and a right prediction, Enter and a wrong one.
    let input = "\n\n" + #"{ $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }"#
      + "\n\n{ $0.stackData[id: 1]?.isActive = true }\n"
    let run = try await Binary.run(["run", path, "--step"], input: input)
    #expect(run.output.contains("tca> store.send(.addItem)\nPredict the state change as an assertion closure"))
    #expect(run.output.contains("✔ Right: the state changed as you predicted."))
    #expect(run.output.contains("✘ Not quite"))
    #expect(run.output.contains("The recorded answer: { $0.stackData[id: 1]?.isActive = false }"))
    #expect(run.output.hasSuffix("Predictions: 1 of 2 right\n"))
    #expect(run.status == 0)
  }

  @Test func runWithoutStepRunsTheRecordedAnswersAndKeepsNoScore() async throws {
    let path = try self.notebook(Self.lesson)
    let run = try await Binary.run(["run", path])
    #expect(run.output.contains("tca> store.send(.child(id: 1, action: .toggle)) { $0.stackData[id: 1]?.isActive = false }\n"))
    #expect(!run.output.contains("Predictions:"))
    #expect(!run.output.contains("error"))
    #expect(run.status == 0)
  }

  @Test func stepWithAnEmptyAnswerShowsTheRecordedOne() async throws {
    let path = try self.notebook(Self.lesson)
    let run = try await Binary.run(["run", path, "--step"], input: "\n\n\n\n\n")
    #expect(run.output.contains("The answer: {\n  $0.lastId = 1"))
    #expect(run.output.hasSuffix("Predictions: 0 of 2 right\n"))
    #expect(run.status == 0)
  }
}
