import Encoding
import Foundation
import IdentityModel
import Invalidation

/// One deliberately broken rule against the lemma set: killed when some item comes out decidedly
/// against its expectation under it.
public struct MutantOutcome: Sendable {
    /// The broken rule.
    public var mutation: Mutant
    /// The items that kill it: an `expect holds` lemma refuted, or an `expect refuted` item proved.
    /// An unknown or an error under a mutant kills nothing.
    public var killers: [String]

    /// Whether some item kills the mutant.
    public var killed: Bool { !killers.isEmpty }
}

extension Verifier {
    /// Runs the items in `paths` under every mutant (`Mutant.all`: the identity rules', then the
    /// invalidation rules'): the mutation score of the lemma set. Each mutant is its own run with
    /// this verifier's options; after a cancellation no further mutant is run.
    public func mutationScore(paths: [URL]) -> [MutantOutcome] {
        Mutant.all.compactMap { mutation in
            guard !cancellation.isCancelled else { return nil }
            var mutated = options
            mutation.apply(to: &mutated)
            mutated.exportScripts = false
            mutated.checksVacuity = false
            mutated.explains = false
            let report = Verifier(options: mutated, cancellation: cancellation).run(paths: paths)
            let killers = report.lemmas.filter { item in
                (item.expected == .holds && item.verdict == .refuted) || (item.expected == .refuted && item.verdict == .proved)
            }
            return MutantOutcome(mutation: mutation, killers: killers.map(\.name))
        }
    }
}
