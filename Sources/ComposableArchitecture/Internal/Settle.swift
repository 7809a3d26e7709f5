extension Task where Success == Never, Failure == Never {
  /// Lets effects that are ready deliver their actions: yields the caller's executor `turns`
  /// times, so that work queued behind it (effects resuming on the main actor, main-queue
  /// deliveries) runs first.
  ///
  /// The playground's store driver (after a send or a clock advance on a live store) and
  /// tcaplay's input loop (after each input) settle with this. TestStore waits differently
  /// (`megaYield`, TCA's detached background yields), and the two orders are not
  /// interchangeable: settling the playground with megaYield, or with both, delivers effects'
  /// actions at other points than the lessons, notebooks and exported tests record.
  @_spi(Hosting) public static func settle(turns: Int, isolation: isolated (any Actor)? = #isolation) async {
    for _ in 0..<turns { await Task<Never, Never>.yield() }
  }
}
