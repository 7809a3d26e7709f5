import Foundation
import KernelProtocol

/// Sends the answers a kernel holds back (``KernelChannel/isHolding``) whenever a hold has lasted
/// ``longest``, so that a slow input doesn't keep back the answers to the inputs before it.
///
/// One thread for the kernel's life rather than a timer per hold: holds start and end every few
/// inputs of a piped run, and arming a dispatch timer for each (`asyncAfter`, and the dispatch
/// manager's thread re-arming its timers) was a fifteenth of the kernel's time per input. The
/// thread is woken only when a hold starts while it sleeps; while holds come one after another
/// it wakes once per ``longest`` at most.
final class HeldAnswersWatch: @unchecked Sendable {
  /// How long answers are held back at most.
  let longest: Duration
  private let channel: KernelChannel
  private let condition = NSCondition()
  /// When the current hold started, or last sent what it held (`nil`: no hold).
  private var since: ContinuousClock.Instant?
  /// Whether the thread waits for a hold to start (rather than for a hold's time to pass).
  private var isIdle = false

  init(channel: KernelChannel, longest: Duration) {
    self.channel = channel
    self.longest = longest
    BlockingThread.start(name: "tcaplay.held") { [self] in self.watch() }
  }

  /// A hold starts.
  func started() {
    self.condition.lock()
    self.since = .now
    if self.isIdle { self.condition.signal() }
    self.condition.unlock()
  }

  /// The hold ended (its answers were sent).
  func ended() {
    self.condition.lock()
    self.since = nil
    self.condition.unlock()
  }

  private func watch() {
    self.condition.lock()
    while true {
      guard let since = self.since else {
        self.isIdle = true
        self.condition.wait()
        self.isIdle = false
        continue
      }
      let waited = ContinuousClock.now - since
      if waited < self.longest {
        let (seconds, attoseconds) = (self.longest - waited).components
        _ = self.condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
        continue
      }
      self.since = .now
      self.condition.unlock()
      self.channel.sendHeld()
      self.condition.lock()
    }
  }
}
