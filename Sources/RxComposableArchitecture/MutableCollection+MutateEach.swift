extension MutableCollection {
  /// Mutates every element of the collection in place, in order: the fork's helper on
  /// `IdentifiedArray`.
  ///
  /// ```swift
  /// state.promos.mutateEach { promoState in
  ///   promoState.isSelected = promoState.id == state.selectedPromoId
  /// }
  /// ```
  ///
  /// On an `IdentifiedArray` the body must not change an element's id (the array traps if it
  /// does).
  ///
  /// - Parameter body: A closure that mutates one element.
  public mutating func mutateEach(_ body: (inout Element) throws -> Void) rethrows {
    var index = self.startIndex
    while index != self.endIndex {
      try body(&self[index])
      self.formIndex(after: &index)
    }
  }
}
