import IdentifiedCollections

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from an array of identified models (`HashDiffable` or
  /// `Identifiable`), as the fork's unlabeled initialiser does.
  ///
  /// ```swift
  /// state.promos = IdentifiedArrayOf(promos)
  /// state.stackData = IdentifiedArray(data)
  /// ```
  ///
  /// Of models sharing an id, the array keeps one, at the first one's position, with the last
  /// one's value (the fork kept the last value too).
  ///
  /// - Parameter elements: The models, in order.
  public init(_ elements: [Element]) {
    self.init(elements, uniquingIDsWith: { _, last in last })
  }
}
