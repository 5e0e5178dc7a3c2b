import Synchronization

/// What a budgeted walk's workers share (`TransitionEnumerator.firstCounterexamples`): the cases
/// each program's walk has examined so far, whose sum below a program is a lower bound on where that
/// program's cases fall in the walk's order (so a worker can tell that a case is past the budget
/// whatever the other workers do), and whether the wall-clock backstop stopped the walk.
final class CaseLedger: Sendable {
    private let counts: Mutex<[Int]>
    private let timedOut = Mutex(false)

    init(programs: Int) { counts = Mutex(Array(repeating: 0, count: programs)) }

    /// Records that program `index`'s walk has examined `cases` cases so far.
    func record(_ cases: Int, program index: Int) { counts.withLock { $0[index] = cases } }

    /// The cases examined so far by the walks of the programs below `index`: at most the number of
    /// cases before program `index`'s in the walk's order.
    func examined(below index: Int) -> Int { counts.withLock { $0[..<index].reduce(0, +) } }

    /// Whether the backstop stopped the walk.
    var isTimedOut: Bool { timedOut.withLock { $0 } }

    /// Stops the walk on the backstop: every worker stops at its next look.
    func timeOut() { timedOut.withLock { $0 = true } }
}
