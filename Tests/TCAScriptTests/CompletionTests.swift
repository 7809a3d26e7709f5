import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

@MainActor
@Suite struct CompletionTests {
  func session() async -> Session {
    let session = Session(catalog: testCatalog)
    await session.run("let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    return session
  }

  @Test func actionCasesAtTopLevel() async {
    let completions = await self.session().completions(for: "store.send(.", cursor: 12)
    #expect(completions == Completions(start: 12, candidates: ["addItem", "child", "didLoad", "receiveData", "shuffle"]))
  }

  @Test func actionCasesByPrefix() async {
    let completions = await self.session().completions(for: "store.send(.chi", cursor: 15)
    #expect(completions == Completions(start: 12, candidates: ["child"]))
  }

  @Test func nestedActionCases() async {
    let line = "store.send(.child(id: 1, action: ."
    let completions = await self.session().completions(for: line, cursor: line.count)
    #expect(completions.candidates == ["remove", "toggle"])
  }

  @Test func caseKeyPathsInSendAndReceive() async {
    let session = await self.session()
    #expect(session.completions(for: "store.send(\\.", cursor: 13).candidates == ["addItem", "child", "didLoad", "receiveData", "shuffle"])
    #expect(session.completions(for: "store.receive(\\.rec", cursor: 19).candidates == ["receiveData"])
    await session.run("let form = TestStore(initialState: ProfileForm.State()) { ProfileForm() }")
    #expect(session.completions(for: "form.send(\\.", cursor: 12).candidates == ["binding"])
    // Past `\.binding`, the state's bindable fields.
    #expect(session.completions(for: "form.send(\\.binding.", cursor: 20).candidates == ["isOn", "name"])
    #expect(session.completions(for: "form.send(\\.binding.na", cursor: 22).candidates == ["name"])
  }

  @Test func storeMembersAndStateFields() async {
    let session = await self.session()
    #expect(session.completions(for: "store.se", cursor: 8).candidates == ["send"])
    #expect(session.completions(for: "store.state.", cursor: 12).candidates == ["lastId", "stackData"])
    #expect(session.completions(for: "store.state.stackData[id: 1]?.", cursor: 30).candidates == ["id", "isActive", "text"])
    #expect(session.completions(for: "\\.stackData.", cursor: 12).candidates == ["id", "isActive", "text"])
  }

  @Test func closureFieldsAndNames() async {
    let session = await self.session()
    let line = "store.send(.addItem) { $0.la"
    #expect(session.completions(for: line, cursor: line.count) == Completions(start: 26, candidates: ["lastId"]))
    #expect(session.completions(for: "sto", cursor: 3).candidates == ["store"])
    #expect(session.completions(for: "PromoState.mo", cursor: 13).candidates == ["mocks"])
    #expect(session.completions(for: "Demo", cursor: 4).candidates.contains("DemoForEachAction"))
  }
}

/// TAB after `$0.` in `withDependencies:` and after `store.dependencies.`: the dependencies a
/// test sets, and a client's endpoints.
@MainActor
@Suite struct DependencyCompletionTests {
  @Test func dependencyNamesAndEndpoints() async {
    let session = Session(catalog: forecastCatalog)
    let line = "let store = TestStore(initialState: Forecaster.State()) { Forecaster() } withDependencies: { $0."
    let names = session.completions(for: line, cursor: line.count).candidates
    #expect(names.contains("weatherClient"))
    #expect(names.contains("uuid") && names.contains("continuousClock"))
    let endpoints = session.completions(for: line + "weatherClient.", cursor: line.count + 14).candidates
    #expect(endpoints == ["forecast", "record", "station", "units"])
    await session.run("let store = TestStore(initialState: Forecaster.State()) { Forecaster() }")
    #expect(session.completions(for: "store.dependencies.wea", cursor: 22).candidates == ["weatherClient"])
    #expect(session.completions(for: "store.dependencies.weatherClient.fo", cursor: 35).candidates == ["forecast"])
    // Outside `withDependencies:`, `$0` is still the state in an assertion closure.
    let assertion = "store.send(.x) { $0."
    #expect(session.completions(for: assertion, cursor: assertion.count).candidates.contains("city"))
  }
}
