import Encoding
import ModelChecker

/// Why a lemma or scenario came out `unknown`, typed until a report writer says it
/// (`ReasonText`). Each case has a stable `code` that the JSON and SARIF reports carry.
package indirect enum UnknownReason: Sendable {
    /// A solver check stopped: its code is the stop's (`resource-limit`, `time-limit`,
    /// `interrupted`, `backstop`, `solver-incomplete`).
    case solver(SolverStop)
    /// The full query stopped (`full`), and so did the search among paths of at most `steps`
    /// steps (`short`); the code is the full query's stop's.
    case solverOnShortPathsToo(full: SolverStop, steps: Int, short: SolverStop)
    /// Z3's model could not be decoded into paths or views (the decoder's reason).
    case undecodable(String)
    /// None of the `tried` models Z3 found is realized by any tree (`last`: why the last was not).
    case noReplay(tried: Int, last: String?)
    /// Every model Z3 found has a view a lazy container revives (`revived(p, r)`, R7), which no
    /// tree of the replay holds, and none is left without one (`views`: the ones the query needs,
    /// one of which every model revives).
    case revivedOnly(views: [RevivedView])
    /// Z3 proved the lemma (`proof`), but an unbounded proof needs more (`shortfall`), and the
    /// checker found no counterexample, which proves nothing.
    case noUnboundedProof(proof: SolverProof, shortfall: ProofShortfall)
    /// The lemma is outside what the solver's encoding expresses (why), and the checker found no
    /// counterexample.
    case solverInapplicable(String)
    /// The checker could not take the lemma (`why`) after the solver route left it undecided
    /// (`solver`).
    case checkerInapplicable(solver: UnknownReason, why: String)
    /// The checker's walk ran out of its budget (`stop`) before it found a counterexample, after the
    /// solver route left the lemma undecided (`solver`); its code is the stop's.
    case checkerExhausted(solver: UnknownReason, stop: CheckerStop)
    /// A proof that rests on a witness to the assumptions, and neither route found one (`thing`:
    /// what was looked for; `solver`: what Z3 answered, `nil` when it was not asked).
    case noWitness(thing: String, solver: SolverAnswer?)
    /// A scenario's check that Z3's ground encoding left unanswered, at `location`, for render
    /// `render` (1-based); its code is the stop's.
    case groundUnanswered(location: String, render: Int, stop: SolverStop)
    /// Proved with the statement of lemma `name` as an assumption (`use`), which this run did not
    /// prove: `verdict` is its verdict, `nil` when the run did not judge it (`--filter`, `--shard`).
    case usedLemmaNotProved(name: String, verdict: Verdict?)

    /// A view of an invalidation lemma that a lazy container revives: its path variable and the
    /// render it comes back in, by the lemma's names.
    package struct RevivedView: Equatable, Sendable, CustomStringConvertible {
        package var path: String
        package var render: String

        package init(path: String, render: String) {
            self.path = path
            self.render = render
        }

        package var description: String { "\(path) in render \(render)" }
    }

    /// What Z3 proved before the reduction or the locality obligations were asked.
    package enum SolverProof: Sendable {
        /// Unsat at the path level, all lengths.
        case paths
        /// Unsat over views, with any number of properties (invalidation lemmas).
        case views
        /// The full query stopped (`full`), but paths of at most `steps` steps have no counterexample.
        case shortPaths(steps: Int, full: SolverStop)
    }

    /// What an unbounded proof lacked.
    package enum ProofShortfall: Sendable {
        /// The lemma's rules are not local (the fragment's reason).
        case outsideFragment(String)
        /// Some reduction or locality obligation was not proved, or was not run (which, and why).
        case obligations(ObligationShortfall)
    }

    /// The stable code reports carry.
    package var code: String {
        switch self {
        case .solver(let stop), .solverOnShortPathsToo(let stop, _, _), .groundUnanswered(_, _, let stop): return stop.code
        case .undecodable: return "undecodable"
        case .noReplay: return "no-replay"
        case .revivedOnly: return "revived-view"
        case .noUnboundedProof(_, .outsideFragment): return "outside-fragment"
        case .noUnboundedProof(_, .obligations): return "obligation-unproved"
        case .solverInapplicable: return "solver-inapplicable"
        case .checkerInapplicable: return "checker-inapplicable"
        case .checkerExhausted(_, let stop): return stop.code
        case .noWitness: return "no-witness"
        case .usedLemmaNotProved(_, nil): return "used-lemma-not-run"
        case .usedLemmaNotProved: return "used-lemma-unproved"
        }
    }
}
