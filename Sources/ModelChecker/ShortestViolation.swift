import Synchronization

/// The shortest violation found so far by any worker, as (actions, program index): workers use it
/// to explore later programs only as deep as could still give a shorter one, so the reported
/// violation is the same for any number of workers.
final class ShortestViolation: Sendable {
    private let best = Mutex((length: Int.max, index: Int.max))

    /// Records a violation of `length` actions in program `index` if it beats the best so far.
    func record(length: Int, index: Int) {
        best.withLock { best in if (length, index) < best { best = (length, index) } }
    }

    /// The most actions worth exploring in program `index`: fewer than the best's in a later
    /// program, as many in an earlier one, and never more than `steps`.
    func limit(for index: Int, steps: Int) -> Int {
        best.withLock { best in
            guard best.length != Int.max else { return steps }
            return min(steps, index > best.index ? best.length - 1 : best.length)
        }
    }
}
