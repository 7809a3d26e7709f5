import Synchronization
#if canImport(Glibc)
  import Glibc
#endif

/// Messages a kernel holds back while it runs inputs the front end sent ahead, to send them in
/// one write: the front end's reader then wakes once for several answers instead of once for
/// each (a thread switch or two per answer).
///
/// The bytes live in memory allocated once and are counted atomically, so that a trap can still
/// send them from its signal handler (``sendAfterCrash()``): the front end must see each answer
/// the kernel finished before it learns that the kernel died.
public final class HeldFrames: @unchecked Sendable {
  /// The kernel's held frames, for the crash handler; set once, at the first hold.
  nonisolated(unsafe) private static var current: HeldFrames?

  private let descriptor: Int32
  private let storage: UnsafeMutableRawBufferPointer
  /// How many bytes of ``storage`` are complete frames; written under the channel's lock.
  private let count = Atomic<Int>(0)
  /// How many of them the socket has taken (``send()`` advances it as it goes).
  private let sent = Atomic<Int>(0)
  /// Whether ``send()`` is writing, or the crash handler: it waits for a send to finish rather
  /// than guess how far it got.
  private let isSending = Atomic<Bool>(false)

  /// Frames for `descriptor`, at most `capacity` bytes of them at a time.
  init(descriptor: Int32, capacity: Int = 1 << 18) {
    self.descriptor = descriptor
    self.storage = .allocate(byteCount: capacity, alignment: 1)
    Self.current = self
  }

  /// Adds `frame` if it fits; `false` when it doesn't (the caller sends what is held first).
  func append(_ frame: [UInt8]) -> Bool {
    let start = self.count.load(ordering: .relaxed)
    guard frame.count <= self.storage.count - start else { return false }
    frame.withUnsafeBytes { bytes in
      (self.storage.baseAddress! + start).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    }
    // The bytes are in place before the crash handler can count them.
    self.count.store(start + frame.count, ordering: .releasing)
    return true
  }

  var isEmpty: Bool { self.count.load(ordering: .relaxed) == 0 }

  /// Sends the held bytes and forgets them (under the channel's lock); `false` when the other
  /// end is gone.
  func send() -> Bool {
    guard !self.isEmpty else { return true }
    // Taken by the crash handler: the process is ending and it sends what is left.
    guard self.isSending.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
      return true
    }
    defer {
      self.count.store(0, ordering: .relaxed)
      self.sent.store(0, ordering: .relaxed)
      self.isSending.store(false, ordering: .sequentiallyConsistent)
    }
    return self.sendRemaining()
  }

  /// Writes the bytes from ``sent`` to ``count``, advancing ``sent``.
  private func sendRemaining() -> Bool {
    let count = self.count.load(ordering: .acquiring)
    while case let offset = self.sent.load(ordering: .relaxed), offset < count {
      let written = Glibc.send(self.descriptor, self.storage.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL))
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      self.sent.store(offset + written, ordering: .relaxed)
    }
    return true
  }

  /// From a signal handler: sends the frames held when the process trapped, after a send in
  /// progress on another thread has finished (up to a second). Only async-signal-safe calls.
  public static func sendAfterCrash() {
    guard let held = Self.current else { return }
    // Taken for good: no other thread starts sending the same bytes.
    var waited = 0
    while !held.isSending.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
      guard waited < 1000 else { return }
      usleep(1000)
      waited += 1
    }
    _ = held.sendRemaining()
  }
}
