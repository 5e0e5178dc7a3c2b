import Synchronization

/// What a budgeted walk's workers share (`TransitionEnumerator.firstCounterexamples`): the cases
/// each program's walk has examined so far, whose sum below a program is a lower bound on where that
/// program's cases fall in the walk's order (so a worker can tell that a case is past the budget
/// whatever the other workers do), and whether the wall-clock backstop stopped the walk. The sums
/// are kept in a Fenwick tree: a walk may have millions of programs, and every one asks.
final class CaseLedger: Sendable {
    private struct Counts {
        /// Each program's cases so far.
        var cases: [Int]
        /// `tree[i]` (1-based) holds the sum of `cases` over the `i & -i` programs ending at `i - 1`.
        var tree: [Int]
    }

    private let counts: Mutex<Counts>
    private let timedOut = Mutex(false)

    init(programs: Int) {
        counts = Mutex(Counts(cases: Array(repeating: 0, count: programs), tree: Array(repeating: 0, count: programs + 1)))
    }

    /// Records that program `index`'s walk has examined `cases` cases so far.
    func record(_ cases: Int, program index: Int) {
        counts.withLock { counts in
            let delta = cases - counts.cases[index]
            counts.cases[index] = cases
            var position = index + 1
            while position < counts.tree.count {
                counts.tree[position] += delta
                position += position & -position
            }
        }
    }

    /// The cases examined so far by the walks of the programs below `index`: at most the number of
    /// cases before program `index`'s in the walk's order.
    func examined(below index: Int) -> Int {
        counts.withLock { counts in
            var sum = 0
            var position = index
            while position > 0 {
                sum += counts.tree[position]
                position -= position & -position
            }
            return sum
        }
    }

    /// Whether the backstop stopped the walk.
    var isTimedOut: Bool { timedOut.withLock { $0 } }

    /// Stops the walk on the backstop: every worker stops at its next look.
    func timeOut() { timedOut.withLock { $0 = true } }
}
