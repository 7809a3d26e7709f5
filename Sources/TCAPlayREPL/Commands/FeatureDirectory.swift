import FeatureCatalog
import Foundation
import TCAScript

/// The catalog's features as `tcaplay` names them: `DemoForEach` or, qualified with the
/// catalog's module, `Day2.DemoForEach`.
public struct FeatureDirectory: Sendable {
  public let catalog: Catalog

  public init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// The module names a feature may be qualified with (a merged catalog's module is
  /// `Day2+Day3`).
  public var modules: [String] {
    self.catalog.module.split(separator: "+").map(String.init)
  }

  /// `Day2.DemoForEach` when the catalog has one module, `DemoForEach` otherwise (a merged
  /// catalog does not say which module a feature came from).
  public func displayName(of feature: any AnyFeature) -> String {
    self.modules.count == 1 ? "\(self.modules[0]).\(feature.name)" : feature.name
  }

  /// The feature called `name`, with or without a module qualifier.
  public func feature(named name: String) throws(FeatureLookupError) -> any AnyFeature {
    var unqualified = name
    if let dot = name.lastIndex(of: ".") {
      let module = String(name[..<dot])
      guard self.modules.contains(module) else {
        throw FeatureLookupError(
          message: "no module '\(module)' in the catalog; modules: \(self.modules.joined(separator: ", "))"
        )
      }
      unqualified = String(name[name.index(after: dot)...])
    }
    if let feature = self.catalog.features.first(where: { $0.name == unqualified }) {
      return feature
    }
    let suggestion = Diagnostics.suggestion(for: unqualified, among: self.catalog.features.map(\.name))
    throw FeatureLookupError(
      message: "no feature named '\(name)' in the catalog"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; try ':features'")
    )
  }

  /// One line per feature: name, summary, presets, environments and dependency variants.
  public func listing() -> String {
    let names = self.catalog.features.map { self.displayName(of: $0) }
    let width = names.map(\.count).max() ?? 0
    return zip(names, self.catalog.features).map { name, feature in
      var line = name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + feature.summary
      if !feature.presetNames.isEmpty { line += "  (presets: " + feature.presetNames.joined(separator: ", ") + ")" }
      if !feature.environmentNames.isEmpty {
        line += "  (environments: " + feature.environmentNames.map { "." + $0 }.joined(separator: ", ") + ")"
      }
      if !feature.dependencyVariantNames.isEmpty {
        line += "  (dependency variants: " + feature.dependencyVariantNames.joined(separator: ", ") + ")"
      }
      return line
    }.joined(separator: "\n")
  }
}

public struct FeatureLookupError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { self.message }
}
