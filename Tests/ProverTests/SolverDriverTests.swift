import Encoding
import XCTest

@testable import Prover

/// The solver route's driver against a layer made up here: a model becomes a refutation only
/// through the layer's replay (`ReplayVerdict.violated`), whatever the query says, and a layer
/// needs nothing but its semantics to be driven.
final class SolverDriverTests: XCTestCase {
    /// A query whose models are numbers 0, 1, … (`next` gives the following one until `models`
    /// are used up), which records what the driver asked.
    final class CountingQuery: ModelQuery {
        let models: Int
        var nextCalls = 0
        var certified: [Int] = []
        /// `next` throws, as blocking a model with a value beyond Int does.
        var blockingThrows = false
        init(models: Int) { self.models = models }
        var script: String? { "(check-sat)" }
        var lastResourceCount: Int? { 7 }
        func check(budget: SolverBudget?) throws -> QueryAnswer<Int> { .sat(0) }
        func shrink(_ model: Int, budget: SolverBudget) throws -> Int { model }
        func next(after model: Int, budget: SolverBudget) throws -> QueryAnswer<Int> {
            nextCalls += 1
            struct BeyondInt: Error {}
            if blockingThrows { throw BeyondInt() }
            return model + 1 < models ? .sat(model + 1) : .unsat
        }
        func certificate(for model: Int) throws -> String {
            certified.append(model)
            return "certificate \(model)"
        }
    }

    /// A layer whose lemma is the replay verdict of each model in turn.
    enum ScriptedLayer: Semantics {
        typealias Spec = [ReplayVerdict]
        static let obligationsNoun = "scripted"
        static let obligationKind = ObligationShortfall.Kind.reduction
        static func name(of rules: String) -> String { rules }
        static func id(of outcome: Bool) -> String { "o" }
        static func verdict(of outcome: Bool) -> ObligationVerdict { outcome ? .proved : .failed(model: "") }
        static let solverProof = UnknownReason.SolverProof.views
        static let unsatSaid = "unsat"
        static let replaySaid = "replayed"
        static let disagreementSaid = "disagree"
        static let shortPathsShortfall: ObligationShortfall? = nil
        static func replay(_ model: Int, of query: CountingQuery, lemma: [ReplayVerdict]) throws -> ReplayVerdict { lemma[model] }
    }

    private let found = Counterexample(renders: [], trees: [], firstDifference: nil, trace: [], paths: [], origin: .z3)

    private func drive(_ verdicts: [ReplayVerdict], models: Int? = nil, blockingThrows: Bool = false) throws -> (SolverResult, CountingQuery, refinable: Bool) {
        let query = CountingQuery(models: models ?? verdicts.count)
        query.blockingThrows = blockingThrows
        var refinable = false
        let result = try SolverDriver(budget: .standard).refute(
            0, of: query, lemma: verdicts, in: ScriptedLayer.self, resources: 3, refinable: &refinable)
        return (result, query, refinable)
    }

    func testOnlyAReplayedViolationRefutes() throws {
        let (result, query, refinable) = try drive([.notRealized("a", refinable: false), .notRealized("b", refinable: true), .violated(found)])
        guard case .refuted = result.answer else { return XCTFail("\(result.answer)") }
        XCTAssertEqual(query.certified, [2], "the certificate is the replayed model's")
        XCTAssertEqual(result.certificate, "certificate 2")
        XCTAssertEqual(result.resourceCount, 3)
        XCTAssertEqual(result.script, "(check-sat)")
        XCTAssertTrue(refinable)
    }

    func testModelsThatNeverReplayAreUnknownNotRefuted() throws {
        let never = Array(repeating: ReplayVerdict.notRealized("no tree", refinable: false), count: 20)
        let (result, query, refinable) = try drive(never)
        guard case .unknown(.noReplay(let tried, let last)) = result.answer else { return XCTFail("\(result.answer)") }
        XCTAssertEqual(tried, SolverDriver(budget: .standard).replayAttempts)
        XCTAssertEqual(last, "no tree")
        XCTAssertEqual(query.nextCalls, tried - 1, "no search after the last attempt")
        XCTAssertTrue(query.certified.isEmpty)
        XCTAssertFalse(refinable)
        // The query running out of models ends the search too.
        let (short, shortQuery, _) = try drive(never, models: 2)
        guard case .unknown(.noReplay(2, _)) = short.answer else { return XCTFail("\(short.answer)") }
        XCTAssertEqual(shortQuery.nextCalls, 2)
    }

    func testAModelTheTreesRealizeWithoutViolationIsAnError() throws {
        let (result, _, _) = try drive([.notRealized("a", refinable: false), .contradicts("holds on its trees")])
        guard case .failed(.replayContradicts("holds on its trees")) = result.answer else { return XCTFail("\(result.answer)") }
        let (undecodable, _, _) = try drive([.undecodable("too large")])
        guard case .unknown(.undecodable("too large")) = undecodable.answer else { return XCTFail("\(undecodable.answer)") }
    }

    /// A model that cannot be decoded is skipped as one no tree realizes is (the red team's view of
    /// 7,720 properties ended the search): the next one may refute, and where none does, a reason
    /// a decoded model gave says more than `undecodable`, which is left for searches that decoded
    /// none. Counted among the attempts, so the search still ends.
    func testAnUndecodableModelIsSkippedNotTheEnd() throws {
        let (refuted, query, _) = try drive([.undecodable("7720 properties"), .notRealized("no tree", refinable: false), .violated(found)])
        guard case .refuted = refuted.answer else { return XCTFail("\(refuted.answer)") }
        XCTAssertEqual(query.certified, [2])
        let (mixed, _, _) = try drive([.undecodable("big"), .notRealized("no tree", refinable: false), .undecodable("bigger")])
        guard case .unknown(.noReplay(3, "no tree")) = mixed.answer else { return XCTFail("\(mixed.answer)") }
        let never = Array(repeating: ReplayVerdict.undecodable("big"), count: 20)
        let (undecodable, undecodableQuery, _) = try drive(never)
        guard case .unknown(.undecodable("big")) = undecodable.answer else { return XCTFail("\(undecodable.answer)") }
        XCTAssertEqual(undecodableQuery.nextCalls, SolverDriver(budget: .standard).replayAttempts - 1)
        // A model whose value its decoder could not read cannot be blocked either: the search ends there, unknown.
        let (unblockable, _, _) = try drive(never, blockingThrows: true)
        guard case .unknown(.undecodable("big")) = unblockable.answer else { return XCTFail("\(unblockable.answer)") }
        // Blocking a model that was decoded and failed is Z3's error, as before: not swallowed.
        XCTAssertThrowsError(try drive([.notRealized("no tree", refinable: false)], models: 3, blockingThrows: true))
    }

    func testAThrownErrorIsASolverFailureNotAnAbort() {
        struct Broken: Error {}
        let result = SolverDriver.timed { throw Broken() }
        guard case .failed(.solverFailure) = result.answer else { return XCTFail("\(result.answer)") }
    }
}
