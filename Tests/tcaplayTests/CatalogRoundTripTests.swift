import CustomDump
import FeatureCatalog
import Foundation
import Lessons
import Testing
@testable import TCAScript

/// Every case of every catalogued action type can be typed and round-trips: an example of the
/// case (built by the interpreter's schema probe) is rendered as Swift source, typed into a
/// session, and evaluates to the same value.
@MainActor
@Suite struct CatalogRoundTripTests {
  @Test func everyActionCaseOfEveryLessonFeatureRoundTrips() async throws {
    var checked = 0
    for feature in lessonCatalog.features {
      let actionType = feature.actionType
      guard let decodable = actionType as? any Decodable.Type else {
        Issue.record("\(feature.name): \(actionType) is not Decodable")
        continue
      }
      let cases = TypeSchema.of(actionType).cases
      #expect(!cases.isEmpty, "\(feature.name): no cases found in \(actionType)")
      for enumCase in cases {
        let example = try decodable.init(from: ProbeDecoder(recorder: nil, enumCase: enumCase.name, depth: 0))
        let data = try DataValueEncoder().encode(example as! any Encodable)
        let source = SwiftSource.render(data, as: actionType, implicit: false)
        // Alert and dialog states come from reducers (scripts match them with
        // `receive(\.case)`); their text form isn't an initializer to type.
        if String(customDumping: example).contains("AlertState(") || String(customDumping: example).contains("ConfirmationDialogState(") {
          continue
        }
        let session = Session(catalog: lessonCatalog)
        let outputs = await session.run(source.replacingOccurrences(of: "\n", with: " "))
        #expect(
          outputs.map(\.text) == [String(customDumping: example)],
          "\(feature.name).\(enumCase.name): \(source)"
        )
        checked += 1
      }
    }
    #expect(checked >= 70)
  }
}
