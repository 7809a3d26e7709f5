/// The topics of `:help TOPIC` besides the commands: everything a newcomer needs, from the
/// script language to the keys of the line editor.
public struct HelpTopic: Sendable {
  public var name: String
  public var summary: String
  public var text: String

  public static let all: [HelpTopic] = [
    HelpTopic(name: "start", summary: "a first session, step by step", text: """
      A first session. tcaplay runs the lessons' TCA features; you drive a store by typing
      Swift as you would write it in a TestStore test.

        :features                         list the features you can run
        :load DemoForEach                 a live Store named `store`
        store.send(.addItem)              send an action; the state diff is printed
        store.send(.child(id: 1, action: .toggle))
        store.state.stackData.count       read the state
        :view                             the screen's rows; then only changed rows are listed

      To check your expectations the way a test does, use a TestStore:

        let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
        t.send(.addItem) { $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }
        t.send(.didLoad)
        t.receive(\\.receiveData) { … }

      A wrong expectation prints TestStore's failure with a diff (Expected: −, Actual: +).
      Press TAB anywhere to complete names, cases and fields. More: :help language.
      """),
    HelpTopic(name: "language", summary: "statements, values, key paths and case paths", text: """
      The script language is a small part of Swift: what a TestStore test is written with.

      Statements, one per line (or separated by ';'):
        let store = TestStore(initialState: …, reducer: …)     bind a name (a store or a value)
        var promo = PromoState(id: "1", title: "A", amount: 5)  a value you can change
        promo.amount += 10                                      assign with =, +=, -=
        promo                                                   an expression prints its value
        // a comment

      Values:
        1  2.5  "text"  true  false  nil  [1, 2]
        DemoItemState(id: 1, text: "Data 1", isActive: true)   memberwise initializers
        DemoForEachState()                                     fields with defaults may be left out
        .addItem  .child(id: 1, action: .toggle)               enum cases where the type is known
        DemoForEachAction.child(id: 2, action: .remove)        or written in full
        PromoState.mocks(numberOfMocks: 3)                     the catalog's static values
        IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))
        store.state.stackData[id: 1]?.text                     reading along a path

      Key paths and case paths:
        let kp = \\PromoState.title      promo[keyPath: kp] = "B"
        \\.stackData                     a key path of the current store's state
        /DemoForEachAction.child        (/DemoForEachAction.child).extract(from: action)
        action.is(\\.addItem)            action[case: \\.child]

      An input goes on over several lines while a bracket is open; for anything else, put it
      between ':{' and ':}' lines. Mistakes print a one-line error with a caret and a
      suggestion; nothing you type ends the session.
      See also: :help stores, :help send, :help assert, :help receive, :help clock.
      """),
    HelpTopic(name: "stores", summary: "TestStore and Store: creating and choosing them", text: """
      A TestStore checks every change (exhaustively, like TCA's); a Store just runs.

        let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
        let s = Store(initialState: PromoListState()) { PromoList() }
        :load DemoForEach             a Store named `store` with the feature's initial state
        :load DemoForEach three       … starting from a preset (':features' lists them)
        :load DemoForEach as demo     … named `demo`;  ':load --test DemoForEach' makes a TestStore

      The store you created or used last is the current one: ':state', ':effects', ':clock'
      and ':view' apply to it, and '\\.field' key paths start at its state. ':stores' lists
      them all.

      Settings:
        t.exhaustivity = .off                      (or .on, .off(showSkippedAssertions: true))
        t.environment = .mock                      one of the feature's environments
        t.dependencies.apiClient = .failing        one of its dependency variants
      (':features' lists each feature's presets, environments and dependency variants.)
        t.state.lastId = 5                         edit the state by hand
      """),
    HelpTopic(name: "send", summary: "sending actions", text: """
      store.send(ACTION) sends an action and prints what _printChanges prints: the action and
      the state diff (lines with - were removed, + added).

        store.send(.addItem)
        store.send(.child(id: 1, action: .toggle))       cases with payloads, nested
        store.send(\\.receiveData, [])                    a case key path and its value
        await store.send(.shuffle)                       'await' is accepted, as in tests

      On a TestStore, add a trailing closure with the state you expect: see :help assert.
      TAB after '.' in send( … ) lists the cases that fit there, at any depth.
      ':print labels' prints only the action's name, ':print off' nothing.
      """),
    HelpTopic(name: "assert", summary: "expected state changes, failures and exhaustivity", text: """
      On a TestStore, the trailing closure of send or receive says how the state changes:
      start from the state before the action and make the changes you expect to '$0'.

        t.send(.addItem) { $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }
        t.send(.child(id: 1, action: .toggle)) { $0.stackData[id: 1]?.isActive = false }

      In the closure: assignments ($0.a.b = v, +=, -=), and toggle(), append(_:),
      insert(_:at:), remove(id:), remove(at:), removeAll(), removeFirst(), removeLast().
      When the real change differs, TestStore's failure is printed with a diff
      (Expected: −, Actual: +) and the store moves on with the real state.

      Exhaustivity: with t.exhaustivity = .off, only what the closure mentions is checked and
      unreceived actions are not failures. A non-exhaustive store also takes:
        t.skipReceivedActions()      t.skipInFlightEffects()

      Test assertions print ✔ when they pass, and their library's failure when they don't:
        #expect(t.state.lastId == 1)             Expectation failed: (t.state.lastId → 0) == 1
        let text = try #require(t.state.stackData[id: 1]?.text)   unwraps, or fails and stops
        XCTAssertEqual(t.state.lastId, 1)    XCTAssertTrue/False/Nil/NotNil/NotEqual
        expectNoDifference(t.state, expected)    withKnownIssue { … }
      """),
    HelpTopic(name: "receive", summary: "effects: receiving their actions, finishing", text: """
      An effect's actions come back to the store. A TestStore queues them until you assert
      them, in order:

        t.send(.didLoad)
        t.receive(\\.receiveData) { $0.lastId = 3; … }      by case
        t.receive(.receiveData([]))                        by the whole action
        t.receive(\\.receiveData, [])                       by case and value
        t.finish()                 fails if effects are still running
        :effects                   the queued actions and the effects in flight: where
                                   each was made (file:line), its cancel id and its age
        :cancel CancelID.timer     cancel the effects in flight with that cancel id
        :why \\.lastId              the steps that last changed a value, and the effects
                                   and typed actions behind them

      receive and finish wait 200 ms for effects; give a longer wait as TCA does, with
      t.receive(\\.receiveData, timeout: .seconds(2)) or t.finish(timeout: .seconds(5)).
      Ctrl-C stops a wait early.

      A live Store (from ':load') applies them as they arrive and prints them; if that
      happens while you type, they appear above your line.
      """),
    HelpTopic(name: "clock", summary: "test time: advancing the clock", text: """
      Every playground store runs on a test clock (@Dependency(\\.continuousClock),
      mainQueue and environment schedulers): time moves only when you say so.

        store.advance(by: .seconds(1))        also .milliseconds(250)

      \(MetaCommand.clock.help)
      """),
    HelpTopic(name: "state", summary: "reading, watching and editing state", text: """
        store.state                                 the whole state
        store.state.stackData[id: 1]?.isActive      a part of it
        :state stackData[id: 1]                     the same for the current store
        store.withState(\\.lastId)
        store.subscribe(\\.lastId)                   print lastId whenever it changes
        store.unsubscribe(\\.lastId)
        store.state.lastId = 5                      a manual edit (no action)
        :view                                       the screen as rows (see ':help view')
      """),
    HelpTopic(name: "keys", summary: "editing keys, history and multi-line input", text: """
        TAB           complete; twice to list the choices
        Up / Down     previous / next input (history is kept in ~/.tcaplay_history)
        Ctrl-R        search the history
        Ctrl-A/E      start / end of line       Ctrl-K  delete to the end
        Ctrl-C        drop the line being typed (or stop a running receive or finish)
        Ctrl-D        on an empty line: quit

      An input continues on the next line (prompt '...>') while a bracket, parenthesis or
      brace is open. ':{' starts a block of several lines, ':}' runs it.
      TCAPLAY_HISTORY=path keeps the history elsewhere; TCAPLAY_HISTORY= keeps none.
      NO_COLOR=1 turns colours off.
      """),
    HelpTopic(name: "cli", summary: "running tcaplay: options and script files", text: """
        tcaplay                              the REPL
        tcaplay --feature Day2.DemoForEach   the REPL with a live Store `store` of the feature
        tcaplay --feature DemoForEach --preset three --test
        tcaplay run FILE…                    run script files (add --echo to show each input)
        tcaplay features                     list the features
        echo 'store.send(.addItem)' | tcaplay --feature DemoForEach

      A script file has one statement per line (or ':{' … ':}' blocks) and may use ':'
      commands. Run from a file or a pipe, tcaplay exits with status 1 if an error or a
      failed assertion was printed.
      """),
  ]
}
