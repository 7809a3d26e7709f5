import FeatureCatalog
import Foundation
import TCAScript

/// The commands that explain a feature's structure: `:info` and `:type`.
extension MetaCommand {
  static let inspection: [MetaCommand] = [.info, .type]

  static let info = MetaCommand(
    name: "info", synopsis: "[FEATURE]", summary: "a feature's State, Action, reducer composition and dependencies",
    help: """
      :info CounterStack      the feature's State tree (fields, types, default values), its
                              Action tree (cases and payloads, child features' actions under
                              the case that carries them), its reducer's composition in body
                              order (Scope, forEach, ifLet, presentation and stack
                              destinations, onChange) and the @Dependency properties it
                              declares; for a 0.x reducer, its environment's fields
      :info DemoForEach       a 0.x feature: its composition is a closure, so not shown
      :info                   the current store's feature (also one loaded from a file)
      """,
    complete: { repl, arguments in
      .words(arguments) { previous in previous.isEmpty ? repl.session.catalog.features.map(\.name) : [] }
    },
    run: { repl, arguments in
      let name = arguments.trimmingCharacters(in: .whitespaces)
      let directory = FeatureDirectory(catalog: repl.session.catalog)
      do throws(FeatureLookupError) {
        let feature: any AnyFeature
        if name.isEmpty {
          guard let store = repl.session.storeSummary() else {
            repl.printError("there is no store yet; name a feature, as in ':info DemoForEach'", origin: ":info")
            return .continue
          }
          feature = try directory.feature(forStoreFeature: store.featureName)
        } else {
          feature = try directory.feature(named: name)
        }
        repl.print(FeatureInfo.describe(feature, name: directory.displayName(of: feature)))
      } catch {
        repl.printError(error.message, origin: ":info")
      }
      return .continue
    }
  )

  static let type = MetaCommand(
    name: "type", synopsis: "EXPR", summary: "the type of a value",
    help: """
      :type store.state               the type of the current store's state
      :type store.state.stackData     the type of a part of it
      :type store                     a store's kind, State and Action
      :type \\DemoForEachState.lastId  a key path's root and value types
      The expression is evaluated but may not send actions or change state.
      """,
    complete: { repl, arguments in
      let completions = repl.session.completions(for: arguments, cursor: arguments.count)
      return ArgumentCompletion(start: completions.start, candidates: completions.candidates, appendsSpace: false)
    },
    run: { repl, arguments in
      repl.show([await repl.session.describeType(of: arguments)])
      return .continue
    }
  )
}

extension FeatureDirectory {
  /// The feature a store was made from, by the name the store records (`Counter`): the one
  /// feature of that name, or the last one loaded (a file's feature shadows a lesson's).
  func feature(forStoreFeature name: String) throws(FeatureLookupError) -> any AnyFeature {
    guard let feature = self.catalog.features.last(where: { $0.name == name }) else {
      throw FeatureLookupError(message: "no feature named '\(name)' in the catalog")
    }
    return feature
  }
}
