import Foundation

extension CompilePlan {
  /// What the autolink file holds when the linker driver is asked for its plan: the place, in
  /// the linker's arguments, where each compile's entries go.
  static let entriesMarker = "-lTCAPlayAutolinkEntries"

  /// This plan, linking with the linker itself: read from the linker driver's `-###` output for
  /// the plan's own link (of `object` into `library`, with an autolink file holding only
  /// ``entriesMarker``). `nil` unless that is exactly one linker job naming each of the three
  /// once.
  func linkingDirectly(driverPlan text: String, object: String, library: String) -> CompilePlan? {
    // `clang -###` prints its version and settings, then each job on a line of its own, quoted.
    let jobs = text.split(separator: "\n").filter { $0.hasPrefix(" \"") }.compactMap { ShellWords.split(String($0)) }
    guard jobs.count == 1, let job = jobs.first, let program = job.first,
      (program as NSString).lastPathComponent.hasPrefix("ld"),
      job.count(where: { $0 == object }) == 1, job.count(where: { $0 == library }) == 1,
      job.count(where: { $0 == Self.entriesMarker }) == 1
    else { return nil }
    let placeholders = [
      object: Self.objectPlaceholder, library: Self.libraryPlaceholder, Self.entriesMarker: Self.autolinkEntriesPlaceholder,
    ]
    let linker = job.map { placeholders[$0] ?? $0 }
    guard !linker.contains(where: { $0.contains(Self.planModule) }) else { return nil }
    var plan = self
    plan.linker = linker
    return plan
  }
}
