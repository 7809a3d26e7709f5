/// The effects started, directly or through actions they fed back, by one `send`: what a
/// ``StoreTask`` waits for and cancels.
@MainActor
final class EffectGroup {
  private var outstanding = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var cancellables: [EffectCancellable] = []
  private(set) var isCancelled = false

  var isFinished: Bool { self.outstanding == 0 }

  func begin() {
    self.outstanding += 1
  }

  func end() {
    self.outstanding -= 1
    guard self.outstanding == 0 else { return }
    self.cancellables.removeAll()
    let waiters = self.waiters
    self.waiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  func add(_ cancellable: EffectCancellable) {
    guard !self.isFinished else { return }
    self.cancellables.append(cancellable)
  }

  func cancel() {
    self.isCancelled = true
    let cancellables = self.cancellables
    self.cancellables.removeAll()
    for cancellable in cancellables { cancellable.cancel() }
  }

  func wait() async {
    guard !self.isFinished else { return }
    await withCheckedContinuation { self.waiters.append($0) }
  }
}
