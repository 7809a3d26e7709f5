import Foundation
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// Sending after going back in time keeps the old future as a branch: `:branches`, `:switch`,
/// `:diff` between timelines, and a test exported from a branch.
@MainActor
@Suite struct BranchTests {
  func session() async -> Session {
    let session = Session(catalog: testCatalog)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    session.printer.mode = .off
    for _ in 0..<3 { await session.run("store.send(.addItem)") }
    return session
  }

  @Test func oneTimelineUntilASendAfterGoingBack() async throws {
    let session = await self.session()
    #expect(HistoryText.text(try session.perform(.branches())).hasPrefix("One timeline (main)."))
    _ = try session.perform(.jump(1))
    // Going back alone makes no branch: redo still works.
    #expect(HistoryText.text(try session.perform(.branches())).hasPrefix("One timeline (main)."))
    await session.run("store.send(.child(id: 1, action: .toggle))")
    #expect(HistoryText.text(try session.perform(.branches())) == """
      * branch-1  2 steps (current)  last: DemoForEachAction.child(id:, action: .toggle)
        main      3 steps, forked after step 1  last: DemoForEachAction.addItem
      """)
    #expect(HistoryText.text(try session.perform(.history())) == """
        0  start  DemoForEachState
        1  send   DemoForEachAction.addItem
      * 2  send   DemoForEachAction.child(id:, action: .toggle)
      """)
  }

  @Test func switchingSwapsTimelinesAndSetsTheState() async throws {
    let session = await self.session()
    _ = try session.perform(.jump(1))
    await session.run("store.send(.child(id: 1, action: .toggle))")
    let switched = HistoryText.text(try session.perform(.switchBranch("main")))
    #expect(switched.hasPrefix("On branch main, at step 3.\n"))
    #expect(await session.run("store.state.stackData.count").map(\.text) == ["3"])
    #expect(await session.run("store.state.stackData[id: 1]?.isActive").map(\.text) == ["true"])
    #expect(HistoryText.text(try session.perform(.branches())) == """
      * main      3 steps (current)  last: DemoForEachAction.addItem
        branch-1  2 steps, forked after step 1  last: DemoForEachAction.child(id:, action: .toggle)
      """)
    _ = try session.perform(.switchBranch("branch-1"))
    #expect(await session.run("store.state.stackData[id: 1]?.isActive").map(\.text) == ["false"])
    // Branching again from a branch names the next one.
    _ = try session.perform(.jump(0))
    await session.run("store.send(.shuffle)")
    #expect(HistoryText.text(try session.perform(.branches())).components(separatedBy: "\n").map { String($0.prefix(12)) } == [
      "* branch-2  ", "  main      ", "  branch-1  ",
    ])
  }

  @Test func diffsBetweenTimelines() async throws {
    let session = await self.session()
    _ = try session.perform(.jump(1))
    await session.run("store.send(.child(id: 1, action: .toggle))")
    let diff = HistoryText.text(try session.perform(.diffBranch("main")))
    #expect(diff.contains("-       isActive: false"))
    #expect(diff.contains("+       isActive: true"))
    #expect(diff.contains("+   lastId: 3"))
    // From branch-1's last state (the current one) to main's.
    #expect(HistoryText.text(try session.perform(.diffBranch("main", from: "branch-1"))) == diff)
    #expect(HistoryText.text(try session.perform(.diffBranch("branch-1"))) == "  (No state changes)")
  }

  @Test func unknownBranchesAreOneLineErrors() async throws {
    let session = await self.session()
    _ = try session.perform(.jump(1))
    await session.run("store.send(.shuffle)")
    #expect(throws: ScriptError.self) { try session.perform(.switchBranch("mian")) }
    do { _ = try session.perform(.switchBranch("mian")) } catch {
      #expect(error.message == "no branch named 'mian'; did you mean 'main'?; ':branches' lists them")
    }
    do { _ = try session.perform(.switchBranch("branch-1")) } catch {
      #expect(error.message == "already on 'branch-1'")
    }
  }

  @Test func aBranchExportsAsATest() async throws {
    let session = await self.session()
    _ = try session.perform(.jump(1))
    await session.run("store.send(.child(id: 1, action: .toggle))")
    let main = try session.testExportSource(module: "", reducer: "DemoForEach(environment: { .mock })", branch: "main")
    #expect(main.components(separatedBy: "await store.send(.addItem)").count == 4)
    #expect(!main.contains(".toggle"))
    let current = try session.testExportSource(module: "", reducer: "DemoForEach(environment: { .mock })")
    #expect(current.contains("$0.stackData[id: 1]?.isActive = false"))
  }
}
