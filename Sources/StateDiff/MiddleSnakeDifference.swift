/// Answers whether old element `old` and new element `new` are equivalent, by offset.
///
/// A protocol rather than a closure so that the difference below is specialized for each way of
/// answering, and the common one (comparing two precomputed numbers) inlines into its hot loop.
protocol OffsetMatching {
  func matches(_ old: Int, _ new: Int) -> Bool

  /// Whether ``matchingRun(_:_:limit:)`` compares runs faster than asking pair by pair; if not,
  /// snakes are followed pair by pair (a reversal's snakes are mostly empty, and starting a run
  /// for each cost more than asking its one pair).
  static var comparesRuns: Bool { get }

  /// How many pairs from `(old, new)` on match, one after the other, up to `limit`: a snake's
  /// length.
  func matchingRun(_ old: Int, _ new: Int, limit: Int) -> Int

  /// How many pairs before `(oldEnd, newEnd)` match, going back, up to `limit`.
  func matchingRunBackward(_ oldEnd: Int, _ newEnd: Int, limit: Int) -> Int

  /// Whether the matching gave up answering (see ``LimitedMatching``); checked between steps.
  var isExhausted: Bool { get }
}

extension OffsetMatching {
  var isExhausted: Bool { false }

  static var comparesRuns: Bool { false }

  func matchingRun(_ old: Int, _ new: Int, limit: Int) -> Int {
    var length = 0
    while length < limit, self.matches(old &+ length, new &+ length) { length &+= 1 }
    return length
  }

  func matchingRunBackward(_ oldEnd: Int, _ newEnd: Int, limit: Int) -> Int {
    var length = 0
    while length < limit, self.matches(oldEnd &- 1 &- length, newEnd &- 1 &- length) { length &+= 1 }
    return length
  }
}

/// Another matching, asked at most `limit` times; answers `false` once exhausted.
struct LimitedMatching<Base: OffsetMatching>: OffsetMatching {
  let base: Base
  private let remaining: Counter

  private final class Counter {
    var value: Int
    init(_ value: Int) { self.value = value }
  }

  init(_ base: Base, limit: Int) {
    self.base = base
    self.remaining = Counter(limit)
  }

  func matches(_ old: Int, _ new: Int) -> Bool {
    guard self.remaining.value > 0 else { return false }
    self.remaining.value -= 1
    return self.base.matches(old, new)
  }

  static var comparesRuns: Bool { Base.comparesRuns }

  // A run counts the pairs it compared: those that matched, and the one that ended it (unless
  // `limit` or the comparisons left did).
  func matchingRun(_ old: Int, _ new: Int, limit: Int) -> Int {
    let allowed = min(limit, self.remaining.value)
    let run = self.base.matchingRun(old, new, limit: allowed)
    self.remaining.value -= run < allowed ? run + 1 : run
    return run
  }

  func matchingRunBackward(_ oldEnd: Int, _ newEnd: Int, limit: Int) -> Int {
    let allowed = min(limit, self.remaining.value)
    let run = self.base.matchingRunBackward(oldEnd, newEnd, limit: allowed)
    self.remaining.value -= run < allowed ? run + 1 : run
    return run
  }

  var isExhausted: Bool { self.remaining.value <= 0 }
}

/// Equivalence given by a closure.
struct ClosureMatching: OffsetMatching {
  let body: (Int, Int) -> Bool

  func matches(_ old: Int, _ new: Int) -> Bool { self.body(old, new) }
}

/// Equivalence given by numbered equivalence classes: equal numbers, equivalent elements.
struct ClassMatching: OffsetMatching {
  let old: UnsafeBufferPointer<Int>
  let new: UnsafeBufferPointer<Int>

  func matches(_ old: Int, _ new: Int) -> Bool { self.old[old] == self.new[new] }
}

/// Equivalence given by two numberings, either of which may declare elements equivalent (the
/// same id, or equal values).
struct EitherClassMatching: OffsetMatching {
  let first: ClassMatching
  let second: ClassMatching

  func matches(_ old: Int, _ new: Int) -> Bool {
    self.first.matches(old, new) || self.second.matches(old, new)
  }
}

/// The standard library's `difference(from:by:)`, reimplemented so that it can run specialized
/// on precomputed equivalence classes: the same edit script, found by the same steps.
///
/// Why not call the library: its implementation is not inlinable, so it runs generically,
/// copying elements through value witnesses and calling the comparison through a closure for each
/// of the O(N·D) pairs it considers; on a reversed 2,000-element array that is 16 million calls.
/// Here the same pairs cost a load and a compare each.
///
/// What the library does (Swift 6.3; learnt from its behaviour, by logging which pairs it
/// compares in which order, and checked against it on random inputs in `EditScriptTests`): it
/// trims the common prefix, then the common suffix, then finds a middle snake in the style of
/// Myers' linear-space refinement — a forward search from the top-left and a backward search
/// from the bottom-right, alternating by edit distance `d`, each visiting its diagonals from the
/// highest to the lowest — and recurses on both sides of it:
///
/// - Forward, on diagonal `k`, it continues down from `k + 1` when `k == -d`, or when
///   `k != d` and the furthest x on `k - 1` is below the one on `k + 1`; otherwise right from
///   `k - 1`. Backward, on diagonal `k` (centered on `Δ = n − m`), it continues up from `k − 1`
///   when `k == Δ + d`, or when `k != Δ − d` and the x on `k − 1` is below the x on `k + 1`
///   minus one; otherwise left from `k + 1`. Snakes follow equivalent pairs.
/// - When `Δ` is odd the forward search checks for overlap (its x at least the backward x on the
///   same diagonal, for diagonals the backward search reached at `d − 1`); when even, the
///   backward search does (its x at most the forward one, for diagonals within `±d`).
/// - The snake found splits the problem around the one edit that led to it: that removal or
///   insertion is recorded, the part before the edit and the part after the snake are both
///   trimmed (prefix, then suffix; before first, then after), then solved (before first).
enum MiddleSnakeDifference {
  /// The edit script turning `oldCount` elements into `newCount`, as the standard library's
  /// `difference(from:by:)` computes it with `matching` as its equivalence.
  static func editScript<Matching: OffsetMatching>(
    oldCount: Int, newCount: Int, matching: Matching
  ) -> EditScript {
    var solver = Solver(matching: matching, capacity: oldCount + newCount)
    solver.solve(Box(oldLow: 0, oldHigh: oldCount, newLow: 0, newHigh: newCount))
    return solver.script
  }

  /// The same, or `nil` when `matching` would be asked more than `comparisonLimit` times.
  static func editScript<Matching: OffsetMatching>(
    oldCount: Int, newCount: Int, matching: Matching, comparisonLimit: Int?
  ) -> EditScript? {
    guard let comparisonLimit else {
      return self.editScript(oldCount: oldCount, newCount: newCount, matching: matching)
    }
    let limited = LimitedMatching(matching, limit: comparisonLimit)
    var solver = Solver(matching: limited, capacity: oldCount + newCount)
    solver.solve(Box(oldLow: 0, oldHigh: oldCount, newLow: 0, newHigh: newCount))
    return limited.isExhausted ? nil : solver.script
  }
}

extension Solver {
  fileprivate var script: EditScript {
    var script = EditScript()
    script.removals = self.removals.sorted()
    script.insertions = self.insertions.sorted()
    return script
  }
}

/// A subproblem: old elements `oldLow..<oldHigh` against new elements `newLow..<newHigh`.
private struct Box {
  var oldLow: Int
  var oldHigh: Int
  var newLow: Int
  var newHigh: Int
}

private struct Solver<Matching: OffsetMatching> {
  let matching: Matching
  var removals: [Int] = []
  var insertions: [Int] = []
  /// Furthest x per diagonal, forward and backward, reused by every middle-snake search.
  private let forward: Diagonals
  private let backward: Diagonals

  init(matching: Matching, capacity: Int) {
    self.matching = matching
    // Forward diagonals lie within ±(maxD + 1); backward ones within Δ ± (maxD + 1), Δ in
    // [−m, n]: (capacity + 1) / 2 + 1 each side of both, plus capacity for Δ.
    let reach = (capacity + 1) / 2 + 2
    self.forward = Diagonals(count: 2 * reach + 1)
    self.backward = Diagonals(count: 2 * reach + capacity + 1)
  }

  mutating func solve(_ box: Box) {
    // An explicit stack (in the library's order: before, then after) instead of recursion,
    // whose depth can reach the edit distance.
    var pending = [self.trimmed(box)]
    while let box = pending.popLast(), !self.matching.isExhausted {
      if box.oldLow == box.oldHigh {
        self.insertions.append(contentsOf: box.newLow..<box.newHigh)
        continue
      }
      if box.newLow == box.newHigh {
        self.removals.append(contentsOf: box.oldLow..<box.oldHigh)
        continue
      }
      guard let split = self.middleSnake(box) else { return }
      if split.isInsertion {
        self.insertions.append(split.edit)
      } else {
        self.removals.append(split.edit)
      }
      let before = self.trimmed(
        Box(
          oldLow: box.oldLow, oldHigh: split.beforeOld, newLow: box.newLow,
          newHigh: split.beforeNew))
      let after = self.trimmed(
        Box(
          oldLow: split.afterOld, oldHigh: box.oldHigh, newLow: split.afterNew,
          newHigh: box.newHigh))
      pending.append(after)
      pending.append(before)
    }
  }

  private func trimmed(_ box: Box) -> Box {
    var box = box
    let prefix = self.matching.matchingRun(
      box.oldLow, box.newLow, limit: min(box.oldHigh - box.oldLow, box.newHigh - box.newLow))
    box.oldLow += prefix
    box.newLow += prefix
    let suffix = self.matching.matchingRunBackward(
      box.oldHigh, box.newHigh, limit: min(box.oldHigh - box.oldLow, box.newHigh - box.newLow))
    box.oldHigh -= suffix
    box.newHigh -= suffix
    return box
  }

  /// Where a middle snake splits a box: the part before ends at `(beforeOld, beforeNew)`, the
  /// edit leading to the snake is `edit`, the part after starts at `(afterOld, afterNew)`.
  private struct Split {
    var beforeOld: Int
    var beforeNew: Int
    var afterOld: Int
    var afterNew: Int
    var edit: Int
    var isInsertion: Bool
  }

  private func middleSnake(_ box: Box) -> Split? {
    let n = box.oldHigh - box.oldLow
    let m = box.newHigh - box.newLow
    let delta = n - m
    let checksForward = delta & 1 != 0
    let maxD = (n + m + 1) / 2
    let oldBase = box.oldLow
    let newBase = box.newLow
    let matching = self.matching
    // Index by diagonal: forward[k], backward[k] for the ranges described in `init`.
    // Wrapping arithmetic below: every value stays within ±2·(n + m), and overflow checks
    // would double the cost of this loop.
    let forward = self.forward.base + self.forward.count / 2
    let backward = self.backward.base + (self.backward.count - 1 - n + m) / 2
    for d in 0...maxD {
      if matching.isExhausted { return nil }
      var k = d
      while k >= 0 &- d {
        var x: Int
        var isDown = false
        if d == 0 {
          x = 0
        } else if k == 0 &- d || (k != d && forward[k &- 1] < forward[k &+ 1]) {
          x = forward[k &+ 1]
          isDown = true
        } else {
          x = forward[k &- 1] &+ 1
        }
        let startX = x
        let startY = x &- k
        var y = startY
        if Matching.comparesRuns {
          if x < n, y < m {
            let run = matching.matchingRun(oldBase &+ x, newBase &+ y, limit: min(n &- x, m &- y))
            x &+= run
            y &+= run
          }
        } else {
          while x < n, y < m, matching.matches(oldBase &+ x, newBase &+ y) {
            x &+= 1
            y &+= 1
          }
        }
        forward[k] = x
        if checksForward, k >= delta &- (d &- 1), k <= delta &+ (d &- 1), x >= backward[k] {
          return isDown
            ? Split(
              beforeOld: oldBase + startX, beforeNew: newBase + startY - 1,
              afterOld: oldBase + x, afterNew: newBase + y,
              edit: newBase + startY - 1, isInsertion: true)
            : Split(
              beforeOld: oldBase + startX - 1, beforeNew: newBase + startY,
              afterOld: oldBase + x, afterNew: newBase + y,
              edit: oldBase + startX - 1, isInsertion: false)
        }
        k &-= 2
      }
      k = delta &+ d
      while k >= delta &- d {
        var x: Int
        var isUp = false
        if d == 0 {
          x = n
        } else if k == delta &+ d || (k != delta &- d && backward[k &- 1] < backward[k &+ 1] &- 1) {
          x = backward[k &- 1]
          isUp = true
        } else {
          x = backward[k &+ 1] &- 1
        }
        let startX = x
        let startY = x &- k
        var y = startY
        if Matching.comparesRuns {
          if x > 0, y > 0 {
            let run = matching.matchingRunBackward(oldBase &+ x, newBase &+ y, limit: min(x, y))
            x &-= run
            y &-= run
          }
        } else {
          while x > 0, y > 0, matching.matches(oldBase &+ x &- 1, newBase &+ y &- 1) {
            x &-= 1
            y &-= 1
          }
        }
        backward[k] = x
        if !checksForward, k >= 0 &- d, k <= d, x <= forward[k] {
          return isUp
            ? Split(
              beforeOld: oldBase + x, beforeNew: newBase + y,
              afterOld: oldBase + startX, afterNew: newBase + startY + 1,
              edit: newBase + startY, isInsertion: true)
            : Split(
              beforeOld: oldBase + x, beforeNew: newBase + y,
              afterOld: oldBase + startX + 1, afterNew: newBase + startY,
              edit: oldBase + startX, isInsertion: false)
        }
        k &-= 2
      }
    }
    preconditionFailure("the forward and backward searches always meet")
  }
}

/// Furthest x per diagonal, in memory left uninitialized: at each step `d` a search reads only
/// the diagonals it (or, for the overlap check, the other direction) wrote at step `d − 1` or
/// earlier in the same step, never what an earlier search left. Zero-filling it, sized for the
/// worst case, was 6% of diffing a 100k-row move (with the page faults of touching all of it).
private final class Diagonals {
  let base: UnsafeMutablePointer<Int>
  let count: Int

  init(count: Int) {
    self.base = .allocate(capacity: count)
    self.count = count
  }

  deinit {
    self.base.deallocate()
  }
}
