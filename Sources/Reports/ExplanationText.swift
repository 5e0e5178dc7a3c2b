import Prover

/// `--explain`'s block under a verdict in the human report.
enum ExplanationText {
    /// The lines, without indentation; `includeCosts: false` leaves out the checks and resource
    /// units, which vary with Z3's search (for goldens).
    static func lines(_ explanation: Explanation, includeCosts: Bool = true) -> [String] {
        switch explanation {
        case .notApplicable(let why):
            return ["explain: does not apply (\(ReasonText.sentence(why)))"]
        case .unknown(let reason):
            return ["explain: unknown, no core (\(ReasonText.sentence(reason)))"]
        case .proof(let proof):
            return lines(proof, includeCosts: includeCosts)
        case .invalidationProof(let proof):
            return lines(proof)
        case .refutation(let refutation):
            return lines(refutation)
        }
    }

    private static func lines(_ proof: ProofExplanation, includeCosts: Bool) -> [String] {
        let costs = includeCosts ? ": \(proof.checks) checks, \(proof.resourceCount) resource units" : ""
        var lines = ["explain: the proof (\(proof.scope)) uses \(proof.core.count) items of its query (Z3's unsat core, minimised\(costs)):"]
        for item in proof.core {
            var line = "  uses " + item.text
            if case .notShown(let reason) = item.necessity { line += "  [kept: not shown necessary, \(reason)]" }
            lines.append(line)
        }
        if !proof.needsConclusion {
            lines.append("  the conclusion is not needed: the assumptions contradict the model (a vacuity risk)")
        }
        lines += omissionLines(proof.omitted, unneeded: proof.unneededAssumptions.count, core: true)
        lines.append("  element rules used: \(proof.rules.isEmpty ? "none" : proof.rules.joined(separator: ", "))"
            + (proof.usesStore ? "; and the state store (R1, R7 and R9 are one item)" : ""))
        if proof.scope == "unbounded" {
            lines.append("  reduction obligations of the constructs in the core: \(proof.obligations.joined(separator: ", ")) "
                + "(the unbounded verdict rests on all \(proof.allObligations))")
        }
        return lines
    }

    private static func lines(_ proof: InvalidationProofExplanation) -> [String] {
        var lines = ["explain: the proof (unbounded) of an invalidation lemma: its query over views has no unsat core to show, "
            + "so each assumption was left out on its own and the lemma as written without it judged like any invalidation lemma:"]
        if proof.omitted.isEmpty { lines.append("  the lemma has no assumptions") }
        lines += omissionLines(proof.omitted, unneeded: proof.unneededAssumptions.count, core: false)
        lines.append("  locality obligations the unbounded verdict rests on: \(proof.obligations.joined(separator: ", "))")
        return lines
    }

    /// What the lemma as written comes to without each assumption in `omitted`; `core`: whether
    /// they are the ones an unsat core left out.
    private static func omissionLines(_ omitted: [ProofExplanation.Omission], unneeded: Int, core: Bool) -> [String] {
        var lines: [String] = []
        for omission in omitted {
            let assumption = omission.assumption
            switch omission.finding {
            case .notNeeded(let scope):
                lines.append("  does not need \(assumption.label): \(assumption.text) (the lemma as written without it is proved [\(scope)])")
            case .needed(let counterexample):
                lines.append("  needs \(assumption.label): \(assumption.text)" + (core ? ", though the core leaves it out " : " ")
                    + "(the lemma as written without it is refuted; the counterexample replays on trees):")
                lines += renderLines(counterexample)
            case .unknown(let reason):
                lines.append("  " + (core ? "not in the core, need unknown" : "need unknown")
                    + ": \(assumption.label): \(assumption.text) (without it: \(ReasonText.sentence(reason)))")
            }
        }
        if unneeded > 0 {
            lines.append("  (the lemma may be stronger than stated" + (unneeded > 1 ? "; each was left out on its own, not all together)" : ")"))
        }
        return lines
    }

    private static func lines(_ refutation: RefutationExplanation) -> [String] {
        guard !refutation.entries.isEmpty else { return ["explain: the lemma has no assumptions, so the refutation leans on none"] }
        var lines = ["explain: what the refutation leans on (is there a counterexample with the assumption false, the others kept?):"]
        for entry in refutation.entries {
            let head = "  \(entry.assumption.label) \(entry.assumption.text): "
            switch entry.dependence {
            case .needed:
                lines.append(head + "needed: no counterexample has it false")
            case .notNeeded(let counterexample):
                lines.append(head + "not needed: a counterexample with it false replays on trees:")
                lines += renderLines(counterexample)
            case .unknown(let reason):
                lines.append(head + "unknown (\(ReasonText.sentence(reason)))")
            }
        }
        return lines
    }

    /// A variant's counterexample, as every command prints one (`CounterexampleText`).
    private static func renderLines(_ counterexample: Counterexample) -> [String] {
        CounterexampleText.lines(counterexample, verbose: false).map { "      " + $0 }
    }
}
