import IdentityModel
import Invalidation

/// One deliberately broken rule of either layer: an identity rule (R1–R10, `RuleMutation`) or an
/// invalidation rule (I1–I12, `InvalidationMutation`). Their names are distinct, so `--mutant NAME`
/// takes either.
package enum Mutant: Hashable, Sendable, CustomStringConvertible {
    /// A broken identity rule: every item runs under it.
    case identity(RuleMutation)
    /// A broken invalidation rule: only invalidation scenarios run under it.
    case invalidation(InvalidationMutation)

    /// Every mutant: the identity rules' first.
    package static let all: [Mutant] = RuleMutation.allCases.map(Mutant.identity) + InvalidationMutation.allCases.map(Mutant.invalidation)

    /// The mutant called `name`, or `nil`.
    package init?(name: String) {
        if let mutation = RuleMutation(rawValue: name) {
            self = .identity(mutation)
        } else if let mutation = InvalidationMutation(rawValue: name) {
            self = .invalidation(mutation)
        } else {
            return nil
        }
    }

    /// The name `--mutant` takes: `noRetention`, `closuresCompareEqual`.
    package var name: String {
        switch self {
        case .identity(let mutation): return mutation.rawValue
        case .invalidation(let mutation): return mutation.rawValue
        }
    }

    package var description: String { name }

    /// Sets the options' mutation of this mutant's layer.
    package func apply(to options: inout VerifierOptions) {
        switch self {
        case .identity(let mutation): options.mutation = mutation
        case .invalidation(let mutation): options.invalidationMutation = mutation
        }
    }
}
