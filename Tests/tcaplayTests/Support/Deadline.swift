import Foundation
#if canImport(Glibc)
  import Glibc
#endif

extension Binary {
  /// How long a test waits for a child before it ends it: far longer than any run takes (seconds;
  /// tens of seconds for compiles at the lowest priority on a busy machine), and short enough
  /// that a hang fails its test instead of the whole run running out of time.
  static let deadline: Double = 300

  /// A child that outlived its deadline: what it was started with, printed, and left running.
  struct Hung: Error, CustomStringConvertible {
    var command: String
    var seconds: Double
    var output: String
    var leftovers: Leftovers

    var description: String {
      "\(self.command) was still running after \(Int(self.seconds)) s and was ended. "
        + "It printed:\n\(self.output.suffix(2_000))\nStill running then:\n\(self.leftovers)"
    }
  }

  /// Ends a child's processes if it hasn't ended by a deadline (see ``Child/deadline(_:seconds:)``).
  final class Deadline: @unchecked Sendable {
    private let lock = NSLock()
    private let command: String
    private let seconds: Double
    private var isFinished = false
    private var leftovers: Leftovers?

    init(command: String, seconds: Double, process: Int32, output: FileHandle) {
      self.command = command
      self.seconds = seconds
      let descriptor = output.fileDescriptor
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        self.lock.withLock {
          guard !self.isFinished else { return }
          let leftovers = Leftovers(below: process, holdingPipeOf: descriptor)
          self.leftovers = leftovers
          leftovers.kill()
        }
      }
    }

    /// Stops the clock; throws ``Hung`` if the deadline had ended the child.
    func finish(output: Data) throws {
      let leftovers = self.lock.withLock {
        self.isFinished = true
        return self.leftovers
      }
      if let leftovers {
        throw Hung(command: self.command, seconds: self.seconds, output: String(decoding: output, as: UTF8.self), leftovers: leftovers)
      }
    }
  }
}

/// The processes that keep a test's child from ending: what is still running under it, or still
/// holds its output pipe, read from `/proc` so that a run past its deadline can say what it
/// waited for and end it.
///
/// A piped run waits for the end of its output, which comes when every process holding the
/// pipe's writing end has closed it: `tcaplay`, its kernel, and anything either started (the
/// compiler, a macro plugin, the crash reporter), or a process another test started at the same
/// moment that inherited it.
struct Leftovers: CustomStringConvertible {
  struct Entry {
    var pid: pid_t
    var parent: pid_t
    var session: pid_t
    var state: String
    var command: String
    var holdsPipe: Bool
  }

  var entries: [Entry]

  /// The processes below `root` (transitively) and those holding the pipe whose reading end is
  /// `pipe`, this process excepted.
  init(below root: pid_t, holdingPipeOf pipe: Int32) {
    var status = stat()
    let inode = fstat(pipe, &status) == 0 ? "pipe:[\(status.st_ino)]" : nil
    let all = Self.table()
    var children: [pid_t: [pid_t]] = [:]
    for entry in all.values { children[entry.parent, default: []].append(entry.pid) }
    var found: Set<pid_t> = []
    var pending = [root]
    while let pid = pending.popLast() {
      guard found.insert(pid).inserted else { continue }
      pending += children[pid] ?? []
    }
    let me = getpid()
    self.entries = all.values.compactMap { entry in
      // A zombie holds nothing and has ended already.
      guard entry.pid != me, entry.state != "Z" else { return nil }
      var entry = entry
      entry.holdsPipe = inode.map { Self.descriptors(of: entry.pid).contains($0) } ?? false
      return found.contains(entry.pid) || entry.holdsPipe ? entry : nil
    }
    .sorted { $0.pid < $1.pid }
  }

  var description: String {
    self.entries.map { entry in
      "\(entry.pid) (parent \(entry.parent), session \(entry.session), \(entry.state))"
        + (entry.holdsPipe ? " holds the output pipe:" : ":") + " \(entry.command)"
    }
    .joined(separator: "\n")
  }

  /// Ends them all (SIGKILL).
  func kill() {
    for entry in self.entries { _ = Glibc.kill(entry.pid, SIGKILL) }
  }

  /// Every process's entry (`holdsPipe` false), by pid.
  static func table() -> [pid_t: Entry] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var table: [pid_t: Entry] = [:]
    for pid in names.compactMap(pid_t.init) {
      table[pid] = self.entry(of: pid)
    }
    return table
  }

  /// The process `pid`'s entry (`holdsPipe` false), or `nil` when there is no such process.
  static func entry(of pid: pid_t) -> Entry? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
    // `pid (comm) state ppid pgrp session …`; the command may hold spaces and parentheses.
    guard let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 3, let parent = pid_t(fields[1]), let session = pid_t(fields[3]) else { return nil }
    let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
    let command = arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    return Entry(pid: pid, parent: parent, session: session, state: String(fields[0]), command: command, holdsPipe: false)
  }

  /// Whether `pid` is a process that hasn't ended (not a zombie, and still there).
  static func isRunning(_ pid: pid_t) -> Bool {
    self.entry(of: pid).map { $0.state != "Z" } ?? false
  }

  private static func descriptors(of pid: pid_t) -> Set<String> {
    let directory = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return Set(names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)") })
  }
}
