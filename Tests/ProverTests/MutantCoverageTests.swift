import Encoding
import IdentityModel
import Invalidation
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

    /// Proved invalidation lemmas no current invalidation mutant breaks, with the reason.
    private let withoutInvalidationMutant: [String: String] = [:]

    func testEveryProvedInvalidationLemmaHasAnInvalidationMutantThatBreaksIt() throws {
        try SlowTier.require()
        let specs = LemmaSet.invalidationSpecs().filter { $0.expectation == .holds }
        XCTAssertGreaterThanOrEqual(specs.count, 15)
        var unbroken: [String] = []
        for lemma in specs {
            let broken = InvalidationMutation.allCases.contains { mutation in
                var mutant = lemma
                mutant.rules = lemma.rules.mutated(mutation)
                if case .refuted = InvalidationSolverRoute(budget: .standard).run(mutant, exportScript: false).answer { return true }
                return false
            }
            if !broken && withoutInvalidationMutant[lemma.name] == nil { unbroken.append(lemma.name) }
            if broken && withoutInvalidationMutant[lemma.name] != nil { unbroken.append("\(lemma.name) (listed as without a mutant)") }
        }
        XCTAssertEqual(unbroken, [], "proved invalidation lemmas that no invalidation mutant breaks")
    }

    /// Each invalidation mutant, by the invalidation folder alone: a run under the mutant as
    /// `Verifier.mutationScore` makes it, without the identity mutants' runs that score would add
    /// (they took half of this test's time, and CI's `--mutants` runs them over the whole set).
    func testEveryInvalidationMutantIsKilledByAnInvalidationScenario() throws {
        try SlowTier.require()
        let folder = LemmaSet.folder.appendingPathComponent("invalidation")
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

    func testNonLocalMutantFailsTheReduction() {
        let status = ReductionStatus.discharge(RuleSet.runtime.mutated(.idOverridesStructure), budget: .standard)
        XCTAssertFalse(status.holds)
        XCTAssertTrue(status.unproved.contains("locality.explicitID"), "\(status.unproved)")
        let shifting = ReductionStatus.discharge(RuleSet.runtime.mutated(.optionalShiftsSiblings), budget: .standard)
        XCTAssertEqual(shifting.unproved, ["siblings.tuple"])
    }
}
