import Dispatch
import Encoding
import Foundation
import Synchronization
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// Cancellation belongs to one run (issue 21: it was final for the process): a cancelled run
/// stops, and the next run in the same process is not touched by it.
final class RunCancellationTests: XCTestCase {
    private static let lemma = """
        lemma tuple_slot_is_kept {
          summary "s"; source R1; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume sameView(p, q)
          show p.length == q.length
        }
        """

    func testACancelledRunLeavesTheNextRunAlone() throws {
        let folder = try Repository.temporaryFolder(["one.lemma": Self.lemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let cancelled = Verifier(options: VerifierOptions())
        cancelled.cancellation.cancel()
        let stopped = cancelled.run(paths: [folder])
        XCTAssertTrue(stopped.interrupted)
        XCTAssertEqual(stopped.lemmas.count, 0, "a run cancelled before it loaded judges nothing")
        XCTAssertNotEqual(stopped.exitCode, 0)

        let next = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertFalse(next.interrupted)
        XCTAssertEqual(next.lemmas.map(\.verdict), [.proved], HumanReport.text(next))
        XCTAssertEqual(next.exitCode, 0)
    }

    /// Two verifiers sharing one cancellation (a lemma run and its mutants) stop together; one
    /// with its own does not.
    func testACancellationStopsTheRunsMadeWithItOnly() throws {
        let folder = try Repository.temporaryFolder(["one.lemma": Self.lemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = Cancellation()
        shared.cancel()
        XCTAssertTrue(Verifier(options: VerifierOptions(), cancellation: shared).run(paths: [folder]).interrupted)
        XCTAssertEqual(Verifier(options: VerifierOptions(), cancellation: shared).mutationScore(paths: [folder]).count, 0)
        XCTAssertFalse(Verifier(options: VerifierOptions(), cancellation: Cancellation()).run(paths: [folder]).interrupted)
    }

    /// The loader asks between items: cancelled after a few questions, a file of 20,000 items is
    /// left partial at once instead of parsed and checked whole.
    func testTheFrontEndStopsBetweenItems() {
        let text = (0..<20_000).map { "lemma bad_\($0) { rules runtime expect holds frobnicate }" }.joined(separator: "\n")
        let questions = Mutex(0)
        var loader = LemmaLoader()
        loader.isCancelled = { questions.withLock { $0 += 1; return $0 > 50 } }
        let result = loader.load(sources: [SourceFile(path: "many.lemma", text: text)])
        let items = result.files.flatMap(\.illFormed).count
        XCTAssertLessThan(items, 100, "the parser went on after the cancellation")
        XCTAssertEqual(result.diagnostics, [], "a cancelled load reports nothing")
        XCTAssertLessThan(questions.withLock { $0 }, 200)
    }
}
