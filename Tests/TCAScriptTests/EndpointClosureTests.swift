import FeatureCatalog
import Testing
import TestSupport
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// Closures as dependency endpoints: `$0.client.endpoint = { … }` in `withDependencies:` and
/// `store.dependencies.client.endpoint = { … }` run the script's closure when the feature calls
/// the endpoint, with its arguments bound and its value built as the endpoint's result.
@MainActor
@Suite struct EndpointClosureTests {
  /// Runs each input (a statement, possibly over several lines) and returns every output text,
  /// a failed assertion's prefixed with "FAILURE: ".
  func run(_ inputs: [String], catalog: Catalog = forecastCatalog) async -> [String] {
    let session = Session.forTests(catalog: catalog)
    var texts: [String] = []
    for input in inputs {
      texts += await session.run(input).map { $0.kind == .failure ? "FAILURE: " + $0.text : $0.text }
    }
    return texts
  }

  func problems(_ texts: [String]) -> [String] { texts.filter { $0.contains("error:") || $0.hasPrefix("FAILURE: ") } }

  static func store(_ dependencies: String) -> String {
    "let store = TestStore(initialState: Forecaster.State()) {\n  Forecaster()\n} withDependencies: {\n\(dependencies)\n}"
  }

  @Test func anAsyncThrowingEndpointUsesItsParameter() async {
    let texts = await self.run([
      Self.store("  $0.weatherClient.forecast = { city in Weather(city: city, degrees: city.count) }\n  $0.weatherClient.record = { _, _ in }"),
      "await store.send(.fetch(\"Paris\")) { $0.city = \"Paris\" }",
      "await store.receive(\\.response.success) { $0.weather = Weather(city: \"Paris\", degrees: 5) }",
      "await store.finish()",
    ])
    #expect(self.problems(texts).isEmpty, "\(texts)")
  }

  @Test func theResultIsBuiltAsTheEndpointsType() async {
    // `.init(…)` and a multi-statement body with `return`, reading a top-level local.
    let texts = await self.run([
      "let base = 20",
      Self.store("""
          $0.weatherClient.forecast = { city in
            let degrees = base + 1
            if city.isEmpty { return .init(city: "nowhere", degrees: 0) }
            return .init(city: "\\(city)!", degrees: degrees)
          }
          $0.weatherClient.record = { _, _ in }
        """),
      "await store.send(.fetch(\"Oslo\")) { $0.city = \"Oslo\" }",
      "await store.receive(\\.response.success) { $0.weather = Weather(city: \"Oslo!\", degrees: 21) }",
    ])
    #expect(self.problems(texts).isEmpty, "\(texts)")
  }

  @Test func aSynchronousEndpoint() async {
    let texts = await self.run([
      Self.store("  $0.weatherClient.units = { \"°F\" }"),
      "await store.send(.showUnits) { $0.units = \"°F\" }",
    ])
    #expect(self.problems(texts).isEmpty, "\(texts)")
    // A synchronous endpoint of a plain (not @DependencyClient) client, with a parameter.
    let greeting = await self.run(
      [
        "let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { $0.greeter.greet = { name in \"Hi, \\(name)\" } }",
        "store.send(.greet(\"Blob\")) { $0.greeting = \"Hi, Blob\" }",
      ],
      catalog: stampCatalog
    )
    #expect(self.problems(greeting).isEmpty, "\(greeting)")
  }

  @Test func aThrowingClosureMakesTheEndpointThrow() async {
    let texts = await self.run([
      Self.store("  $0.weatherClient.forecast = { city in throw WeatherError.unknownCity(city) }"),
      "await store.send(.fetch(\"Atlantis\")) { $0.city = \"Atlantis\" }",
      "await store.receive(\\.response.failure) { $0.failure = .unknownCity(\"Atlantis\") }",
    ])
    #expect(self.problems(texts).isEmpty, "\(texts)")
    // A standard error, built like any other value.
    let urlError = await self.run([
      Self.store("  $0.weatherClient.forecast = { _ in throw URLError(.timedOut) }"),
      "await store.send(.fetch(\"Oslo\")) { $0.city = \"Oslo\" }",
      "await store.receive(\\.response.failure) { $0.failure = .unavailable }",
    ])
    #expect(self.problems(urlError).isEmpty, "\(urlError)")
  }

  @Test func aResultOfTheWrongTypeIsAOneLineErrorAndTheEndpointFails() async {
    let texts = await self.run([
      Self.store("  $0.weatherClient.forecast = { city in \"sunny in \\(city)\" }"),
      "await store.send(.fetch(\"Oslo\")) { $0.city = \"Oslo\" }",
      "await store.receive(\\.response.failure) { $0.failure = .unavailable }",
    ])
    let errors = texts.filter { $0.contains("error:") }
    #expect(errors.count == 1, "\(texts)")
    #expect(
      errors.first?.hasPrefix("4:41: error: in the closure for 'weatherClient.forecast': cannot convert value of type String to expected type Weather") == true,
      "\(texts)"
    )
    // The endpoint threw: the feature got a failure, as the `receive` expects.
    #expect(!texts.contains { $0.hasPrefix("FAILURE: ") }, "\(texts)")
    // A non-throwing endpoint answers as the one it replaced: `units`' default, which reports
    // that a test store's client is unimplemented.
    let units = await self.run([
      Self.store("  $0.weatherClient.units = { 42 }"),
      "await store.send(.showUnits) { $0.units = \"°C\" }",
    ])
    #expect(units.filter { $0.contains("error:") }.count == 1, "\(units)")
    #expect(units.contains { $0.contains("error: in the closure for 'weatherClient.units': cannot convert integer literal to expected type String") }, "\(units)")
    #expect(units.last == "FAILURE: Unimplemented: 'WeatherClient.units'", "\(units)")
  }

  @Test func storeDependenciesAfterCreation() async {
    let texts = await self.run([
      "let store = TestStore(initialState: Forecaster.State()) { Forecaster() }",
      "store.dependencies.weatherClient.forecast = { _ in Weather(city: \"Rome\", degrees: 30) }",
      "store.dependencies.weatherClient.record = { city, degrees in }",
      "await store.send(.fetch(\"Rome\")) { $0.city = \"Rome\" }",
      "await store.receive(\\.response.success) { $0.weather = Weather(city: \"Rome\", degrees: 30) }",
      // Replaced again: the new closure answers.
      "store.dependencies.weatherClient.forecast = { _ in throw WeatherError.unavailable }",
      "await store.send(.fetch(\"Rome\"))",
      "await store.receive(\\.response.failure) { $0.weather = nil; $0.failure = .unavailable }",
    ])
    #expect(self.problems(texts).isEmpty, "\(texts)")
    #expect(texts.contains("store.dependencies.weatherClient.forecast = { _ in Weather(city: \"Rome\", degrees: 30) }"), "\(texts)")
  }

  @Test func aChildReducersDependency() async {
    let texts = await self.run([
      "let store = TestStore(initialState: WeatherApp.State()) { WeatherApp() } withDependencies: { $0.weatherClient.units = { \"K\" } }",
      "await store.send(.forecaster(.showUnits)) { $0.forecaster.units = \"K\" }",
    ])
    #expect(self.problems(texts).isEmpty, "\(texts)")
  }

  @Test func aClientsOtherVarsTakeValues() async {
    let texts = await self.run([
      Self.store("  $0.weatherClient.station = \"North\""),
      "await store.send(.showStation) { $0.station = \"North\" }",
    ])
    #expect(self.problems(texts).isEmpty, "\(texts)")
  }

  @Test func assignmentsThatCantWorkAreErrorsAtTheStatement() async {
    func error(_ body: String) async -> String {
      await self.run([Self.store("  " + body)]).first ?? ""
    }
    #expect(await error("$0.weatherClient.forcast = { _ in .init(city: \"\", degrees: 0) }").contains(
      "error: value of type WeatherClient has no member 'forcast'; did you mean 'forecast'?"
    ))
    #expect(await error("$0.weatherClient.forecast = { a, b in a }").contains(
      "error: 'weatherClient.forecast' passes 1 argument, but the closure takes 2"
    ))
    #expect(await error("$0.weatherClient.units = \"K\"").contains("error: cannot convert string literal to expected type @Sendable () -> String"))
    #expect(await error("$0.weatherApi.forecast = { _ in }").contains(
      "error: cannot set 'weatherApi.forecast' to a closure: Forecaster's reducers read no dependency 'weatherApi' with @Dependency(\\.weatherApi)"
    ))
  }
}
