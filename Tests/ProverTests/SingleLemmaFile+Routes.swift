import IdentityModel
import Invalidation
import LemmaLogic
import XCTest

@testable import Prover

/// The two routes' verdicts on one invalidation lemma, asserted as the atom tests state them.
/// `fail` records a failure (`XCTFail` unless a test of these assertions records it itself).
extension SingleLemmaFile {
    typealias Failure = (_ message: String, _ file: StaticString, _ line: UInt) -> Void

    static func xctFail(_ message: String, _ file: StaticString, _ line: UInt) { XCTFail(message, file: file, line: line) }

    /// Asserts that Z3 refutes the first lemma of `source` (a counterexample replayed on trees) and,
    /// unless `checker` is false, that the explicit-state checker refutes it too.
    static func assertRefutedByBothRoutes(
        _ source: String, checker: Bool = true, fail: Failure = xctFail, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let spec = try compile(source)
        guard case .refuted = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return fail("Z3 did not refute \(spec.name): \(spec.statement)", file, line)
        }
        guard checker else { return }
        guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
            return fail("the checker did not refute \(spec.name): \(spec.statement)", file, line)
        }
    }

    /// Asserts that the first lemma of `source` is proved unbounded, and that under `mutant` Z3
    /// refutes it (replayed) and the checker too. Returns the lemma as compiled, unmutated, and
    /// Z3's counterexample under the mutant, for the caller's own assertions; nil after a failure.
    static func assertProvedAndBroken(
        _ source: String, by mutant: InvalidationMutation, fail: Failure = xctFail, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> (spec: InvalidationLemmaSpec, counterexample: Counterexample)? {
        try assertProvedAndBroken(source, mutant: "\(mutant)", checker: true, fail: fail, file: file, line: line) {
            $0.rules = $0.rules.mutated(mutant)
        }.map { ($0.spec, $0.counterexample) }
    }

    /// `assertProvedAndBroken(_:by:)` without the checker under the mutant (its domain does not
    /// reach the lemma, or the test claims Z3's refutation alone), with the lemma's report.
    static func assertProvedAndBrokenByZ3(
        _ source: String, by mutant: InvalidationMutation, fail: Failure = xctFail, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (spec: InvalidationLemmaSpec, counterexample: Counterexample, report: LemmaReport)? {
        try assertProvedAndBroken(source, mutant: "\(mutant)", checker: false, fail: fail, file: file, line: line) {
            $0.rules = $0.rules.mutated(mutant)
        }
    }

    /// `assertProvedAndBroken(_:by:)` with an identity mutant: it reaches an invalidation lemma
    /// through survival (a new parent's child, a row's key).
    static func assertProvedAndBroken(
        _ source: String, byIdentity mutant: RuleMutation, fail: Failure = xctFail, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> (spec: InvalidationLemmaSpec, counterexample: Counterexample)? {
        try assertProvedAndBroken(source, mutant: "\(mutant)", checker: true, fail: fail, file: file, line: line) {
            $0.identityRules = $0.identityRules.mutated(mutant)
        }.map { ($0.spec, $0.counterexample) }
    }

    private static func assertProvedAndBroken(
        _ source: String, mutant: String, checker: Bool, fail: Failure, file: StaticString, line: UInt,
        mutate: (inout InvalidationLemmaSpec) -> Void
    ) throws -> (spec: InvalidationLemmaSpec, counterexample: Counterexample, report: LemmaReport)? {
        let report = try run(source)
        guard case .proved(.unbounded) = report.outcome else {
            fail("\(report.outcome): \(report.message)", file, line)
            return nil
        }
        let spec = try compile(source)
        var mutated = spec
        mutate(&mutated)
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(mutated, exportScript: false).answer else {
            fail("Z3 did not refute the lemma under \(mutant)", file, line)
            return nil
        }
        if checker {
            guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(mutated).answer else {
                fail("the checker did not refute the lemma under \(mutant)", file, line)
                return nil
            }
        }
        return (spec, counterexample, report)
    }
}
