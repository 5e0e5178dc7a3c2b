import LemmaLogic

/// The verdicts of lemmas that `use` others, judged after the routes in dependency order: a lemma
/// proved with another's statement as an assumption stays proved only if that lemma is proved in
/// this run (under the same rules, since the run gives both the same), and reaches no further than
/// it (a bounded proof of the used lemma bounds the user's). Otherwise it is `unknown`, with the
/// used lemma's verdict, or `used-lemma-not-run` when the run did not judge it. Refutations stand:
/// their counterexamples satisfy the used statement on their trees, which replay checked. Each
/// lemma's report names the lemmas it uses (`LemmaReport.uses`), whatever its verdict.
enum UsedLemmas {
    /// `reports`, in the items' order, with the verdicts of the lemmas that use others settled.
    static func judge(_ reports: [LemmaReport], items: [Verifier.WorkItem]) -> [LemmaReport] {
        var reports = reports
        var indexOfLemma: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if case .lemma = item { indexOfLemma[item.name] = index }
        }
        var settled = Set<Int>()
        func settle(_ index: Int) {
            guard settled.insert(index).inserted, case .lemma(let lemma, _) = items[index] else { return }
            reports[index].uses = lemma.uses
            for name in lemma.uses {
                guard case .proved(let scope) = reports[index].outcome else { return }
                guard let used = indexOfLemma[name] else {
                    downgrade(&reports[index], .usedLemmaNotProved(name: name, verdict: nil))
                    continue
                }
                settle(used)
                guard case .proved(let usedScope) = reports[used].outcome else {
                    downgrade(&reports[index], .usedLemmaNotProved(name: name, verdict: reports[used].verdict))
                    continue
                }
                if let narrower = narrower(scope, than: usedScope) {
                    reports[index].outcome = .proved(narrower)
                    reports[index].obligations = []
                    reports[index].message += "; bounded as lemma '\(name)', whose statement it uses, is proved \(narrower)"
                    if case .proof(let proof)? = reports[index].explanation {
                        reports[index].explanation = .proof(bounded(proof, to: narrower, by: usedScope))
                    }
                }
            }
        }
        for index in items.indices { settle(index) }
        return reports
    }

    /// `scope` cut down to `used`'s reach, or `nil` when `used` reaches at least as far.
    private static func narrower(_ scope: Scope?, than used: Scope?) -> Scope? {
        switch (scope, used) {
        case (.unbounded, .bounded(let bound)?): return .bounded(bound)
        case (.bounded(.pathLength(let steps))?, .bounded(.pathLength(let usedSteps))?) where usedSteps < steps:
            return .bounded(.pathLength(steps: usedSteps))
        default: return nil
        }
    }

    /// `proof` of the routes reaching no further than `used`: its scope and the proofs of its
    /// variants (each still rests on the used statement) cut down, and no obligations, as the
    /// verdict no longer rests on them alone.
    private static func bounded(_ proof: ProofExplanation, to scope: Scope, by used: Scope?) -> ProofExplanation {
        var proof = proof
        if case .bounded(let bound) = scope { proof.scope = bound.brief }
        proof.obligations = []
        proof.allObligations = 0
        proof.omitted = proof.omitted.map { omission in
            guard case .notNeeded(let scope) = omission.finding, let narrower = narrower(scope, than: used) else { return omission }
            var omission = omission
            omission.finding = .notNeeded(narrower)
            return omission
        }
        return proof
    }

    private static func downgrade(_ report: inout LemmaReport, _ reason: UnknownReason) {
        report.message = "\(ReasonText.sentence(reason)); the routes alone: \(report.message)"
        report.outcome = .unknown(reason: reason)
        report.obligations = []
        if report.explanation != nil {
            report.explanation = .notApplicable(.verdictUnknown)
        }
    }
}
