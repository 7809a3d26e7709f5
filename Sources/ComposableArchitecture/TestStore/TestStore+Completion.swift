import Foundation

/// The words a test store uses for what a test leaves unasserted when it ends (actions received
/// from effects and never asserted, effects still running), and for actions asserted out of
/// order ("Received unexpected action", "Must handle 1 received action before sending an
/// action"), where TCA 1.23.1 reworded 0.x's headlines ending ": …".
enum EndOfTestWording {
  /// TCA 1.x's: "The store received 1 unexpected action." with an indented list of the actions'
  /// cases and advice on how to fix it.
  case current
  /// TCA 0.x's (0.41 to 0.5x, and the RxSwift fork of it): "The store received 1 unexpected
  /// action after this one: …" followed by a dump of the actions, and the "still running" advice
  /// that speaks of clocks and schedulers and of Combine subjects.
  case zeroX
}

extension TestStore {
  /// Reports what the test left unasserted: received actions, and effects still running. Runs
  /// when the test store is released at the end of a test.
  func completed() {
    self.core.cancelPresentationEffects()
    self.assertions.assertNoReceivedActions(at: self.assertions.location)
    let running = self.core.runner.runningEffects
    for effect in self.reducer.inFlightEffects {
      self.assertions.fail(
        self.assertions.endOfTestWording == .zeroX ? zeroXEffectStillRunning : effectStillRunning,
        at: SourceLocation(effect.action)
      )
      self._onUnfinishedEffects?(running.filter { $0.cause.origin == effect.reduction })
    }
    self.core.cancelAll()
  }

  /// Ends the test now, as releasing the store at the end of a test does: reports what was left
  /// unasserted and cancels the effects still running, as the store going away would (the
  /// playground's `:end`).
  @_spi(Hosting) public func _endTest() {
    self.completed()
    self.core.cancelInFlightEffects()
  }

}

/// TCA 1.x's report of an effect still running when the test ends.
private let effectStillRunning = """
  An effect returned for this action is still running. It must complete before the end of the \
  test.

  To fix, inspect any effects the reducer returns for this action and ensure that all of them \
  complete by the end of the test. There are a few reasons why an effect may not have completed:

  If using async/await in your effect, it may need a little bit of time to properly finish. To \
  fix you can simply perform "await store.finish()" at the end of your test.

  If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), make \
  sure that you wait enough time for it to perform the effect. If you are using a test \
  clock/scheduler, advance it so that the effects may complete, or consider using an immediate \
  clock/scheduler to immediately perform the effect instead.

  If you are returning a long-living effect (timers, notifications, subjects, etc.), then make \
  sure those effects are torn down by marking the effect ".cancellable" and returning a \
  corresponding cancellation effect ("Effect.cancel") from another action, or, if your effect is \
  driven by a Combine subject, send it a completion.

  If you do not wish to assert on these effects, perform "await store.skipInFlightEffects()", \
  or consider using a non-exhaustive test store: "store.exhaustivity = .off".
  """

/// TCA 0.x's report of an effect still running when the test ends (as the RxSwift fork has it).
private let zeroXEffectStillRunning = """
  An effect returned for this action is still running. It must complete before the end of the \
  test. …

  To fix, inspect any effects the reducer returns for this action and ensure that all of them \
  complete by the end of the test. There are a few reasons why an effect may not have completed:

  • If using async/await in your effect, it may need a little bit of time to properly finish. To \
  fix you can simply perform "await store.finish()" at the end of your test.

  • If an effect uses a clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make \
  sure that you wait enough time for it to perform the effect. If you are using a test \
  clock/scheduler, advance it so that the effects may complete, or consider using an immediate \
  clock/scheduler to immediately perform the effect instead.

  • If you are returning a long-living effect (timers, notifications, subjects, etc.), then make \
  sure those effects are torn down by marking the effect ".cancellable" and returning a \
  corresponding cancellation effect ("Effect.cancel") from another action, or, if your effect is \
  driven by a Combine subject, send it a completion.
  """
