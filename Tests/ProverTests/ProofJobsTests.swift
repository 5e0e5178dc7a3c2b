import Foundation
import LemmaLogic
import TestSupport
import XCTest

@testable import Artifacts
@testable import Prover

/// What Proofs/ records of a run (`ProofStore`) does not depend on `--jobs`: the jobs decide only
/// which thread runs which session, and every session's Z3 answers follow from its own calls.
final class ProofJobsTests: XCTestCase {
    /// Each lemma's verdict, scope, resource count, query and certificate, and each obligation's
    /// verdict, resource count and script, in the order Proofs/ records them.
    private static func recorded(jobs: Int) -> (entries: [String], certificates: Int) {
        var options = VerifierOptions()
        options.jobs = jobs
        options.exportScripts = true
        options.checksVacuity = false
        // The checker's cross-check records nothing in Proofs/: its smallest bound keeps the runs short.
        options.checkerBound = Bound(depth: 1, branching: 1)
        let report = Verifier(options: options).run(paths: [LemmaSet.folder])
        let lemmas = report.lemmas.filter { $0.kind == .lemma }.map { lemma in
            let head = [
                lemma.rules, lemma.name, lemma.verdict.rawValue, lemma.scope?.description ?? "-",
                lemma.resourceCount.map(String.init) ?? "-",
            ]
            return [head.joined(separator: " "), lemma.script ?? "no script", lemma.certificate ?? "no certificate"]
                .joined(separator: "\n")
        }
        let reductions = report.reductions.flatMap { status in
            status.results.map {
                "\(status.rules.name)/\($0.obligation.id) \($0.verdict) \($0.resourceCount)\n\($0.script ?? "no script")"
            }
        }
        let locality = report.invalidationLocality.flatMap { status in
            status.results.map { result in
                let count = result.resourceCount.map(String.init) ?? "-"
                return "\(status.scriptPath(of: result)) \(result.verdict) \(count)\n\(result.script ?? "no script")"
            }
        }
        return (lemmas + reductions + locality, report.lemmas.filter { $0.certificate != nil }.count)
    }

    func testTheRecordedProofsDoNotDependOnTheJobs() throws {
        try SlowTier.require()
        // The three runs at once: what each records cannot depend on what else runs beside it.
        let runs = try Concurrently.map([1, 2, 4], workers: 3) { Self.recorded(jobs: $0) }
        let one = runs[0]
        // Not vacuous: every refutation Proofs/ holds has its certificate here, and obligations ran.
        let refutations = try FileManager.default.contentsOfDirectory(
            atPath: Repository.root.appendingPathComponent("Proofs/refutations").path)
        XCTAssertEqual(one.certificates, refutations.count)
        XCTAssertGreaterThan(refutations.count, 10)
        XCTAssertGreaterThan(one.entries.filter { $0.contains("/prefix.") }.count, 10)
        for (jobs, run) in zip([2, 4], runs.dropFirst()) {
            let other = run.entries
            XCTAssertEqual(other.count, one.entries.count, "--jobs \(jobs)")
            for (a, b) in zip(one.entries, other) where a != b {
                func head(_ entry: String) -> Substring { entry.prefix { $0 != "\n" } }
                XCTFail("--jobs \(jobs) recorded another proof than --jobs 1: \(head(b)) (was \(head(a)))")
            }
        }
    }
}
