import Encoding
import IdentityModel
import Invalidation

/// A layer of the model as the pipeline runs it: what its lemmas' Z3 query proves over, the
/// obligations an unbounded verdict of it rests on, and how its routes' answers are said. The
/// scaffolding is written once over it (the verdict table `Judgement`, the obligation sets
/// `ObligationSet`, the bounded route's contract `CheckerVerdict`); each layer's semantics, its Z3
/// copy and its replay stay its own, so the agreement tests compare independent copies. A new
/// layer (environment, preferences, focus) is a new conforming type, not a copy of the pipeline
/// (ARCHITECTURE.md, "Sizes, and where a third layer goes").
public protocol Semantics {
    /// The rule set the obligations are discharged under.
    associatedtype Rules: Sendable
    /// One obligation's result.
    associatedtype ObligationOutcome: Sendable

    /// What the obligations are, in words, e.g. `"reduction"`.
    static var obligationsNoun: String { get }
    /// The name the reports give `rules`.
    static func name(of rules: Rules) -> String
    /// The stable id of an obligation's result, e.g. `locality.tuple`.
    static func id(of outcome: ObligationOutcome) -> String
    /// What an obligation's result established.
    static func standing(of outcome: ObligationOutcome) -> ObligationStanding

    /// What Z3's unsat proves over.
    static var solverProof: UnknownReason.SolverProof { get }
    /// Z3's unsat, in words.
    static var unsatSaid: String { get }
    /// Z3's model, replayed as the layer replays it, in words.
    static var replaySaid: String { get }
    /// Z3's proof meeting a replayed counterexample of the checker, in words.
    static var disagreementSaid: String { get }
    /// Why Z3's unsat among short paths proves nothing in this layer; `nil` when it is a bounded
    /// proof (with the obligations proved).
    static var shortPathsShortfall: String? { get }
}

/// What discharging one obligation established, for any layer.
public enum ObligationStanding: Sendable, Equatable {
    case proved
    case failed
    /// Its premises alone are unsatisfiable: it would hold of nothing, so it proves nothing.
    case vacuous
    /// The solver gave up (why, in words).
    case unknown(String)
}

/// Identity (R1–R10): a lemma over paths, resting on the reduction obligations.
public enum IdentitySemantics: Semantics {
    public static let obligationsNoun = "reduction"
    public static func name(of rules: RuleSet) -> String { rules.name }
    public static func id(of outcome: ObligationResult) -> String { outcome.obligation.id }
    public static func standing(of outcome: ObligationResult) -> ObligationStanding {
        switch outcome.verdict {
        case .proved: return .proved
        case .failed: return .failed
        case .vacuous: return .vacuous
        case .unknown(let reason): return .unknown("\(reason)")
        }
    }

    public static let solverProof = UnknownReason.SolverProof.paths
    public static let unsatSaid = "z3: unsat at the path level (all lengths)"
    public static let replaySaid = "z3: counterexample, replayed on trees"
    public static let disagreementSaid =
        "Z3 proved the lemma on paths and the reduction holds, but the explicit-state checker found a counterexample on trees"
    public static let shortPathsShortfall: String? = nil
}

/// Invalidation (I1–I9): a lemma over views, resting on the locality obligations.
public enum InvalidationSemantics: Semantics {
    public static let obligationsNoun = "invalidation locality"
    public static func name(of rules: InvalidationRules) -> String { rules.name }
    public static func id(of outcome: InvalidationObligationResult) -> String { outcome.obligation.id }
    public static func standing(of outcome: InvalidationObligationResult) -> ObligationStanding {
        switch outcome.verdict {
        case .proved: return .proved
        case .failed: return .failed
        case .vacuous: return .vacuous
        case .unknown(let reason): return .unknown("\(reason)")
        }
    }

    public static let solverProof = UnknownReason.SolverProof.views
    public static let unsatSaid = "z3: unsat over views (any number of properties)"
    public static let replaySaid = "z3: counterexample, replayed through BodyEvaluator"
    public static let disagreementSaid = "Z3 proved the invalidation lemma, but the checker's trees refute it"
    public static let shortPathsShortfall: String? = "a bounded search proves no invalidation lemma"
}
