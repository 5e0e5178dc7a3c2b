import Encoding
import Foundation
import IdentityModel

/// One deliberately broken rule against the lemma set: killed when some item comes out decidedly
/// against its expectation under it.
public struct MutantOutcome: Sendable {
    /// The broken rule.
    public var mutation: RuleMutation
    /// The items that kill it: an `expect holds` lemma refuted, or an `expect refuted` item proved.
    /// An unknown or an error under a mutant kills nothing.
    public var killers: [String]

    /// Whether some item kills the mutant.
    public var killed: Bool { !killers.isEmpty }
}

extension Verifier {
    /// Runs the items in `paths` under every mutant of the rules (`RuleMutation.allCases`): the
    /// mutation score of the lemma set. Each mutant is its own run with this verifier's options;
    /// after a cancellation no further mutant is run.
    public func mutationScore(paths: [URL]) -> [MutantOutcome] {
        RuleMutation.allCases.compactMap { mutation in
            guard !SolverSession.isCancelled else { return nil }
            var mutated = options
            mutated.mutation = mutation
            mutated.exportScripts = false
            mutated.checksVacuity = false
            let report = Verifier(options: mutated).run(paths: paths)
            let killers = report.lemmas.filter { item in
                (item.expected == .holds && item.verdict == .refuted) || (item.expected == .refuted && item.verdict == .proved)
            }
            return MutantOutcome(mutation: mutation, killers: killers.map(\.name))
        }
    }
}
