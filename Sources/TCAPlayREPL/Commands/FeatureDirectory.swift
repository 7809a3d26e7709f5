import FeatureCatalog
import Foundation
import TCAScript
import TCAScriptSyntax

/// The catalog's features as `tcaplay` names them: `DemoForEach` or, qualified with the
/// catalog's module, `Day2.DemoForEach`.
public struct FeatureDirectory: Sendable {
  public let catalog: Catalog

  public init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// The module names a feature may be qualified with.
  public var modules: [String] {
    var seen: [String] = []
    for module in self.catalog.featureModules where !seen.contains(module) { seen.append(module) }
    return seen.isEmpty ? self.catalog.module.split(separator: "+").map(String.init) : seen
  }

  /// `Day2.DemoForEach`: the feature qualified with its module.
  public func displayName(of feature: any AnyFeature) -> String {
    self.catalog.module(of: feature).map { "\($0).\(feature.name)" } ?? feature.name
  }

  /// The feature called `name`, with or without a module qualifier.
  public func feature(named name: String) throws(FeatureLookupError) -> any AnyFeature {
    var unqualified = name
    var module: String?
    if let dot = name.lastIndex(of: ".") {
      module = String(name[..<dot])
      guard self.modules.contains(module!) else {
        throw FeatureLookupError(
          message: "no module '\(module!)' in the catalog; modules: \(self.modules.joined(separator: ", "))"
        )
      }
      unqualified = String(name[name.index(after: dot)...])
    }
    let matches = self.catalog.features.indices.filter { index in
      self.catalog.features[index].name == unqualified
        && (module == nil || index >= self.catalog.featureModules.count || self.catalog.featureModules[index] == module)
    }
    if matches.count > 1 {
      throw FeatureLookupError(
        message: "'\(name)' is in several modules: "
          + matches.map { self.displayName(of: self.catalog.features[$0]) }.joined(separator: ", ") + "; qualify it"
      )
    }
    if let index = matches.first {
      return self.catalog.features[index]
    }
    let suggestion = Diagnostics.suggestion(for: unqualified, among: self.catalog.features.map(\.name))
    throw FeatureLookupError(
      message: "no feature named '\(name)' in the catalog"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; try ':features'")
    )
  }

  /// One line per feature: name, summary, whether it has an initial state, presets,
  /// environments and dependency variants.
  ///
  /// With a `width` (a terminal's columns), a line longer than that wraps at spaces, its
  /// continuation indented under the summaries.
  public func listing(width: Int? = nil) -> String {
    let names = self.catalog.features.map { self.displayName(of: $0) }
    let nameWidth = names.map(\.count).max() ?? 0
    return zip(names, self.catalog.features).map { name, feature in
      var line = name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0) + feature.summary
      if feature.initialState == nil { line += "  (no initial state: TestStore(initialState: \(TypeNames.short(feature.stateType))(…)))" }
      if !feature.presetNames.isEmpty { line += "  (presets: " + feature.presetNames.joined(separator: ", ") + ")" }
      if !feature.environmentNames.isEmpty {
        line += "  (environments: " + feature.environmentNames.map { "." + $0 }.joined(separator: ", ") + ")"
      }
      if !feature.dependencyVariantNames.isEmpty {
        line += "  (dependency variants: " + feature.dependencyVariantNames.joined(separator: ", ") + ")"
      }
      guard let width else { return line }
      return Self.wrap(line, width: width, indent: nameWidth + 2)
    }.joined(separator: "\n")
  }

  /// `line` broken at spaces into lines of at most `width` characters (a word longer than that
  /// stays whole), continuation lines indented by `indent` (less when the width is narrow).
  static func wrap(_ line: String, width: Int, indent: Int) -> String {
    guard line.count > width, width > 0 else { return line }
    let indent = width - indent >= 30 ? indent : 2
    let padding = String(repeating: " ", count: indent)
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      let separator = current.isEmpty || current == padding ? "" : " "
      if !current.isEmpty, current != padding, current.count + separator.count + word.count > width {
        lines.append(current)
        current = padding
        if word.isEmpty { continue }
        current += word
      } else {
        current += separator + word
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}

public struct FeatureLookupError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { self.message }
}
