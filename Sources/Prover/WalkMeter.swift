import Foundation
import ModelChecker

/// One walk of the invalidation checker spending its `WalkBudget`: candidates (views or histories,
/// each before its trees are built) admitted in the walk's order, which is fixed, so the case limit
/// stops every run at the same candidate; and the backstop's clock.
final class WalkMeter {
    private let budget: WalkBudget
    private let deadline: Date?
    /// The candidates admitted so far.
    private(set) var admitted = 0
    /// Why the walk must stop, once it must.
    private(set) var stop: CheckerStop?

    init(_ budget: WalkBudget) {
        self.budget = budget
        deadline = budget.seconds.map { Date().addingTimeInterval($0) }
    }

    /// Admits one more candidate (`nil`), or says why the walk must stop: the caller then answers
    /// `.exhausted` with it, whatever is left unexamined.
    func next() -> CheckerStop? {
        if let stop { return stop }
        if admitted >= budget.cases {
            stop = .caseLimit(limit: budget.cases)
        } else if admitted & 255 == 0, let deadline, let seconds = budget.seconds, Date() > deadline {
            // The clock is read every 256 candidates: a candidate takes microseconds to milliseconds.
            stop = .timeLimit(seconds: seconds, examined: admitted)
        } else {
            admitted += 1
        }
        return stop
    }
}
