import Encoding
import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Soundness: every lemma the shipped set proves is refuted under at least one deliberately broken
/// rule, so no proof goes through without the rules it is about. The exceptions say why.
final class MutantCoverageTests: XCTestCase {
    /// Proved lemmas no current mutant breaks, with the reason.
    private let withoutMutant: [String: String] = [
        "r5_anyview_of_another_type_rebuilds":
            "anyViewIgnoresType breaks it only when two AnyView contents differ in type but not on the path (a "
            + "sibling's type), and neither Realization nor the checker's spine programs vary sibling types yet",
    ]

    func testEveryProvedLemmaHasAMutantThatBreaksIt() throws {
        try SlowTier.require()
        // A mutant whose query Z3 cannot decide quickly breaks nothing here; the run's --mutants
        // (CI) gives every mutant the full time. The lemmas go at once on every core; the
        // assertion stays here.
        let proved = LemmaSet.specs().filter { $0.expectation == .holds }
        let broken = try Concurrently.map(proved) { lemma in
            let solver = SolverRoute(budget: SolverBudget(resourceLimit: 10_000_000, milliseconds: 60_000))
            let checker = BoundedRoute()
            return RuleMutation.allCases.contains { mutation in
                let mutant = lemma.under(lemma.rules.mutated(mutation))
                switch solver.run(mutant).answer {
                case .refuted: return true
                case .inapplicable, .unknown, .provedForShortPaths:
                    // Z3 gave no refutation within this budget (or none applies): the checker's
                    // counterexample, replayed on trees, breaks it as well.
                    let bound = Verifier.checkerBound(for: mutant, configured: VerifierOptions().checkerBound)
                    if case .refuted = checker.run(mutant, bound: bound).answer { return true }
                    return false
                default: return false
                }
            }
        }
        let unbroken = zip(proved, broken).filter { !$1 && withoutMutant[$0.name] == nil }.map(\.0.name)
        XCTAssertEqual(unbroken, [], "proved lemmas that no mutant breaks")
    }

    /// Proved invalidation lemmas no current invalidation mutant breaks, with the reason (the state a
    /// set leaves to later renders has `setAppliedAgain` and `stateCarriedToNewIdentity`, a skipped
    /// body's reads `skippedBodyReadsTracked`; `StateCarryMutantTests`).
    private let withoutInvalidationMutant: [String: String] = [
        // FINDINGS 46's two-render case: that a surviving identity keeps its type, and that a set
        // reaches no new identity (whatever its type), have no mutant.
        "rt_a_set_place_keeps_its_state_while_its_identity_survives": "a surviving identity's type has no mutant",
        "rt_a_set_place_of_any_type_under_a_new_identity_has_no_state_change": "StateSet.change for a new identity has no mutant",
        "rt_a_binding_holder_that_survives_keeps_a_property": "a surviving identity's type has no mutant",
    ]

    func testEveryProvedInvalidationLemmaHasAnInvalidationMutantThatBreaksIt() throws {
        try SlowTier.require()
        let specs = LemmaSet.invalidationSpecs().filter { $0.expectation == .holds }
        XCTAssertGreaterThanOrEqual(specs.count, 15)
        var unbroken: [String] = []
        for lemma in specs {
            func refuted(_ mutant: InvalidationLemmaSpec) -> Bool {
                if case .refuted = InvalidationSolverRoute(budget: .standard).run(mutant, exportScript: false).answer { return true }
                return false
            }
            // An identity mutant reaches an invalidation lemma through survival: a new parent's
            // child (`idOverridesStructure`), a row's key (`forEachByOffset`, `forEachKeyIgnored`).
            let broken = InvalidationMutation.allCases.contains { mutation in
                var mutant = lemma
                mutant.rules = lemma.rules.mutated(mutation)
                return refuted(mutant)
            } || RuleMutation.allCases.contains { mutation in
                var mutant = lemma
                mutant.identityRules = lemma.identityRules.mutated(mutation)
                return refuted(mutant)
            }
            if !broken && withoutInvalidationMutant[lemma.name] == nil { unbroken.append(lemma.name) }
            if broken && withoutInvalidationMutant[lemma.name] != nil { unbroken.append("\(lemma.name) (listed as without a mutant)") }
        }
        XCTAssertEqual(unbroken, [], "proved invalidation lemmas that no invalidation mutant breaks")
    }

    /// Each invalidation mutant, by the invalidation folder alone. With `VERIFY_MUTATION_REPORT`
    /// (`.ci/run`: the JSON of its release `--mutants` run over the whole set) the killers come from
    /// that report, whose run already checked every mutant against every item; otherwise from a run
    /// of the folder under each mutant as `Verifier.mutationScore` makes it, without the identity
    /// mutants' runs that score would add.
    func testEveryInvalidationMutantIsKilledByAnInvalidationScenario() throws {
        try SlowTier.require()
        let folder = LemmaSet.folder.appendingPathComponent("invalidation")
        if let path = ProcessInfo.processInfo.environment["VERIFY_MUTATION_REPORT"] {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: path), "VERIFY_MUTATION_REPORT=\(path) cannot be read")
            let loaded = LemmaLoader().load(directory: folder)
            let names = Set(loaded.lemmas.map(\.name) + loaded.scenarios.map(\.name))
            XCTAssertGreaterThanOrEqual(names.count, 124, "the folder was not read")
            XCTAssertEqual(try MutationReport.invalidationSurvivors(in: data, folderItems: names), [], "invalidation mutants no scenario kills")
            return
        }
        var survivors: [String] = []
        for mutation in InvalidationMutation.allCases {
            var options = VerifierOptions()
            Mutant.invalidation(mutation).apply(to: &options)
            (options.exportScripts, options.checksVacuity, options.explains) = (false, false, false)
            let report = Verifier(options: options).run(paths: [folder])
            XCTAssertGreaterThanOrEqual(report.lemmas.count, 124, "\(mutation): the folder was not read")
            if !report.lemmas.contains(where: MutantOutcome.kills) { survivors.append(mutation.rawValue) }
        }
        XCTAssertEqual(survivors, [], "invalidation mutants no scenario kills")
    }

    /// A report that would let a surviving mutant through is read as one: a mutant no folder item
    /// kills, one killed only outside the folder, one missing from the score, a report without a
    /// score, and a report of another checkout (its folder items differ).
    func testTheMutationReportIsReadStrictly() throws {
        let all = InvalidationMutation.allCases.map(\.rawValue)
        let folderItems: Set<String> = ["inval_a", "inval_b"]
        func report(mutants: [(String, [String])]?, items: [(String, String)]? = nil) -> Data {
            let entries = (items ?? [("inval_a", "Lemmas/invalidation/a.lemma"), ("inval_b", "Lemmas/invalidation/b.lemma"),
                                     ("r1_other", "Lemmas/r1.lemma")])
                .map { ["name": $0.0, "file": $0.1, "kind": "scenario"] }
            var document: [String: Any] = ["lemmas": entries]
            document["mutants"] = mutants.map { $0.map { ["name": $0.0, "killed": !$0.1.isEmpty, "notApplicable": false, "killers": $0.1] } }
                ?? NSNull()
            return try! JSONSerialization.data(withJSONObject: document)
        }
        let killedByA = all.map { ($0, ["inval_a"]) }
        XCTAssertEqual(try MutationReport.invalidationSurvivors(in: report(mutants: killedByA), folderItems: folderItems), [])

        var outside = killedByA
        outside[0].1 = ["r1_other"]
        XCTAssertEqual(try MutationReport.invalidationSurvivors(in: report(mutants: outside), folderItems: folderItems), [all[0]])
        var survived = killedByA
        survived[1].1 = []
        XCTAssertEqual(try MutationReport.invalidationSurvivors(in: report(mutants: survived), folderItems: folderItems), [all[1]])
        let missing = Array(killedByA.dropLast())
        XCTAssertEqual(
            try MutationReport.invalidationSurvivors(in: report(mutants: missing), folderItems: folderItems),
            ["\(all[all.count - 1]) (not in the report)"])
        XCTAssertThrowsError(try MutationReport.invalidationSurvivors(in: report(mutants: nil), folderItems: folderItems))
        let stale = report(mutants: killedByA, items: [("inval_a", "Lemmas/invalidation/a.lemma")])
        XCTAssertThrowsError(try MutationReport.invalidationSurvivors(in: stale, folderItems: folderItems))
        // A name the folder uses, given to an item outside it, makes "killed in the folder" ambiguous.
        let shared = report(mutants: killedByA, items: [
            ("inval_a", "Lemmas/invalidation/a.lemma"), ("inval_b", "Lemmas/invalidation/b.lemma"), ("inval_a", "Lemmas/r1.lemma"),
        ])
        XCTAssertThrowsError(try MutationReport.invalidationSurvivors(in: shared, folderItems: folderItems))
    }

    func testNonLocalMutantFailsTheReduction() {
        let status = ReductionStatus.discharge(RuleSet.runtime.mutated(.idOverridesStructure), budget: .standard)
        XCTAssertFalse(status.holds)
        XCTAssertTrue(status.unproved.contains("locality.explicitID"), "\(status.unproved)")
        let shifting = ReductionStatus.discharge(RuleSet.runtime.mutated(.optionalShiftsSiblings), budget: .standard)
        XCTAssertEqual(shifting.unproved, ["siblings.tuple"])
    }
}
