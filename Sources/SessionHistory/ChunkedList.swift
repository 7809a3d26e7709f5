import Dispatch
import ScriptEvaluation
#if canImport(Glibc)
  import Glibc
#endif

/// A list kept in fixed-size chunks, each a copy-on-write array of its own: copies of the list
/// share their chunks, so that a copy costs one reference per chunk and changing one element of
/// a copy copies only its chunk.
///
/// The history's timelines are such copies: a branch shares every step before its fork with the
/// timeline it was split from.
package struct ChunkedList<Element>: RandomAccessCollection, MutableCollection {
  /// Elements per chunk (a power of two).
  private static var chunkSize: Int { 1 << Self.shift }
  private static var shift: Int { 10 }

  private var chunks: [[Element]] = []
  package private(set) var count = 0

  package init() {}

  package var startIndex: Int { 0 }
  package var endIndex: Int { self.count }

  package subscript(position: Int) -> Element {
    // Read in place: a nested array's element read through `_read` is copied whole (speed:
    // docs/benchmarks-log.md, "A history step read in place"). The chunk
    // stays where it is while `self` is read: the outer array holds it, and nothing can change
    // either during the access.
    unsafeAddress {
      precondition(position >= 0 && position < self.count, "index out of range")
      return self.chunks[position >> Self.shift].withUnsafeBufferPointer { chunk in
        chunk.baseAddress! + (position & (Self.chunkSize - 1))
      }
    }
    _modify {
      precondition(position >= 0 && position < self.count, "index out of range")
      yield &self.chunks[position >> Self.shift][position & (Self.chunkSize - 1)]
    }
  }

  mutating package func append(_ element: consuming Element) {
    if self.count & (Self.chunkSize - 1) == 0 {
      // Made at its full size: a chunk grown by doubling copies its elements once more on
      // average, and touches twice the memory (a history's steps are large).
      var chunk: [Element] = []
      chunk.reserveCapacity(Self.chunkSize)
      if !self.chunks.isEmpty { Self.faultInAhead(chunk) }
      self.chunks.append(chunk)
    }
    self.chunks[self.chunks.count - 1].append(element)
    self.count += 1
  }

  /// Has another thread fault in the pages of a new chunk's memory past its first (a long
  /// list's chunks are memory never touched before): written one element at a time, they
  /// fault one page at a time while the other core sits idle (speed: docs/benchmarks-log.md,
  /// "A history step made by moves"). The kernel maps the pages without writing them (their contents are
  /// zero either way), so the thread may do it while this one writes, or after the memory is
  /// freed, without changing anything this program reads.
  private static func faultInAhead(_ chunk: [Element]) {
    #if os(Linux)
      let pageSize = systemPageSize
      let (start, end) = chunk.withUnsafeBufferPointer { buffer in
        let start = UInt(bitPattern: buffer.baseAddress)
        return (start, start + UInt(Self.chunkSize * MemoryLayout<Element>.stride))
      }
      // The first page is written at once; the thread takes the others.
      let first = (start + UInt(pageSize)) & ~UInt(pageSize - 1)
      let last = end & ~UInt(pageSize - 1)
      guard first != 0, last > first else { return }
      DispatchQueue.global(qos: .utility).async {
        _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), 23 /* MADV_POPULATE_WRITE */)
      }
    #endif
  }

  /// Removes the elements from `index` on.
  mutating func removeSuffix(from index: Int) {
    precondition(index >= 0 && index <= self.count, "index out of range")
    guard index < self.count else { return }
    let keptChunks = (index + Self.chunkSize - 1) >> Self.shift
    self.chunks.removeSubrange(keptChunks...)
    let inLast = index & (Self.chunkSize - 1)
    if inLast != 0 {
      self.chunks[keptChunks - 1].removeSubrange(inLast...)
    }
    self.count = index
  }
}

#if os(Linux)
  /// The memory page's size (4 KB on x86-64; larger on some arm64 systems).
  private let systemPageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
#endif
