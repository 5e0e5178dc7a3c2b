import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic

extension Verifier {
    /// A witness for the lemma called `name` in `paths`: renders on which all its assumptions hold,
    /// found by the searches that show a proved lemma is not vacuous, Z3's first (its model is
    /// shrunk and its paths labelled, to read). `nil` when no well-formed lemma has that name.
    package func example(named name: String, paths: [URL]) -> LemmaExample? {
        let files = paths.flatMap { url -> [URL] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
            return isDirectory.boolValue ? LemmaLoader.lemmaFiles(in: url) : [url]
        }
        let loaded = loader(for: paths).load(files: files)
        for file in loaded.files {
            guard let lemma = file.lemmas.first(where: { $0.name == name }) else { continue }
            var (witness, solver): (Counterexample?, SolverResult?)
            var unwritten: String?
            // Why Z3's unsat at the path level does not carry to trees (a run's vacuity asks the same).
            let notForTrees: () -> NoWitnessReason?
            switch lemma.statement {
            case .invalidation(let invalidation):
                let spec = invalidationSpec(lemma, invalidation)
                (witness, solver) = self.witness(of: spec, solverFirst: true)
                if let found = witness, let failure = Self.writtenAssumptionsFail(on: found, of: lemma, rules: spec.identityRules) {
                    (witness, unwritten) = (nil, failure)
                }
                notForTrees = {
                    (InvalidationJudgement.realizabilityShortfall(identityRules: spec.identityRules)
                        ?? InvalidationLocalityStatus.discharge(spec.rules, budget: budget).shortfall).map(NoWitnessReason.obligationsFallShort)
                }
            case .identity:
                guard let spec = LemmaCompiler.compile(lemma, rules: rules(for: lemma.ruleSet)) else { continue }
                (witness, solver) = self.witness(of: spec, checkerBound: checkerBound(for: spec), solverFirst: true)
                if let found = witness, let failure = Self.writtenAssumptionsFail(on: found, of: lemma, rules: spec.rules) {
                    (witness, unwritten) = (nil, failure)
                }
                notForTrees = {
                    Fragment(spec).outsideReason.map(NoWitnessReason.outsideFragment)
                        ?? ReductionStatus.discharge(spec.rules, budget: budget, exportsScripts: false).shortfall.map(NoWitnessReason.obligationsFallShort)
                }
            }
            let noWitness: NoWitnessReason?
            if witness != nil {
                noWitness = nil
            } else if let unwritten {
                noWitness = .writtenAssumptionFails(unwritten)
            } else if case .proved? = solver?.answer {
                noWitness = notForTrees() ?? .vacuous
            } else {
                noWitness = .notFound(solver?.answer)
            }
            return LemmaExample(
                name: name, file: Self.displayPath(file.path), line: lemma.range.start.line, witness: witness, noWitness: noWitness)
        }
        return nil
    }

    /// Why `witness` is not trees on which every assumption of `lemma` as written holds, or `nil`:
    /// an identity lemma's evaluated on the trees, an invalidation lemma's on what `BodyEvaluator`
    /// did with them.
    static func writtenAssumptionsFail(on witness: Counterexample, of lemma: CheckedLemma, rules: RuleSet) -> String? {
        if let statement = lemma.invalidation {
            switch WrittenFormulaCheck.failingAssumptions(of: statement, on: witness) {
            case .failure(let unbound): return unbound.reason
            case .success(let failing): return failing.first.map { "assumption \($0) as written does not hold of them" }
            }
        }
        switch WrittenFormulaCheck.on(witness, of: lemma, rules: rules) {
        case .failure(let unbound): return unbound.reason
        case .success(let check):
            return check.failingAssumptions.first.map { "assumption \($0) as written does not hold on them" }
        }
    }
}
