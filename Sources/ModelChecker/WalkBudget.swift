/// How far one checker walk may go: a count of cases, the primary limit (the same on any machine and
/// under any load, as Z3's resource limit is), and a wall-clock backstop. A walk that reaches either
/// stops and says so (`CheckerStop`); what it did not examine is never taken as checked.
package struct WalkBudget: Hashable, Sendable {
    /// The cases a walk examines at most, counted in the walk's order (for the identity walk: the
    /// programs in their order, each one's cases depth first, the order a one-worker walk takes).
    package var cases: Int
    /// Wall-clock seconds after which the walk stops wherever it is; `nil`: no backstop.
    package var seconds: Double?

    /// A budget of `cases` cases and a backstop of `seconds`.
    package init(cases: Int, seconds: Double? = nil) {
        self.cases = cases
        self.seconds = seconds
    }

    /// No limit: for `explore`, which runs the checker alone and is stopped by its user.
    package static let unlimited = WalkBudget(cases: .max)

    /// The default case limit, so that no shipped item depends on it: about 30 times the largest
    /// walk of a shipped item (the invalidation checker's 168,960 candidates for
    /// `inval_object_send_of_another_object_skips`) and 100 times the largest identity walk
    /// (51,242 traces over three renders).
    package static let standardCases = 5_000_000

    /// The wall-clock backstop of a walk under a solver `--timeout` of `seconds`: the walk is given
    /// ten times a solver check's time (it answers one question per case, with no search in between).
    package static func backstop(solverTimeout seconds: Double) -> Double { seconds * 10 }
}
