import Foundation

/// Runs `work`, which blocks (a compile, a child process, an answer from the compile server), on
/// a thread of its own and resumes the caller with its result: the caller waits without holding
/// a thread of Swift's pool, and the main actor stays free meanwhile.
///
/// - Parameter stackSize: The thread's stack, in bytes, when the default is too small.
func onThreadOfItsOwn<Value: Sendable>(stackSize: Int? = nil, _ work: @escaping @Sendable () -> Value) async -> Value {
  await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
    let thread = Thread { continuation.resume(returning: work()) }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }
}
