import Foundation

/// The shortest violation found so far by any worker, as (actions, program index): workers use it
/// to explore later programs only as deep as could still give a shorter one, so the reported
/// violation is the same for any number of workers.
final class ShortestViolation: @unchecked Sendable {
    // Safe to share: `best` is read and written only under `lock`.
    private let lock = NSLock()
    private var best = (length: Int.max, index: Int.max)

    /// Records a violation of `length` actions in program `index` if it beats the best so far.
    func record(length: Int, index: Int) {
        lock.withLock { if (length, index) < best { best = (length, index) } }
    }

    /// The most actions worth exploring in program `index`: fewer than the best's in a later
    /// program, as many in an earlier one, and never more than `steps`.
    func limit(for index: Int, steps: Int) -> Int {
        lock.withLock {
            guard best.length != Int.max else { return steps }
            return min(steps, index > best.index ? best.length - 1 : best.length)
        }
    }
}
