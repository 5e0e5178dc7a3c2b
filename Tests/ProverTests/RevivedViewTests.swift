import Encoding
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// FINDINGS.md 67: a view a lazy container revives (R7) is not in the render before, as a new one
/// is not, but docs/invalidation.md leaves its body's run and its tracking open. `revived(p, r)`
/// names it; at its link both routes leave what I1 and I8 give a new view free, the replay shows
/// none, and a lemma about new views says `!revived`.
final class RevivedViewTests: XCTestCase {
    static func lemma(_ assumption: String, _ conclusion: String, expect: String = "holds", paths: String = "p: path in after") -> String {
        """
        lemma revived_case {
          summary "x"; source R7, I1, I8; rules runtime; invalidation runtime; expect \(expect)
          forall \(paths)
          assume \(assumption)
          show \(conclusion)
        }
        """
    }

    /// The reason Z3's route gives `source`'s lemma under `identityRules`.
    private func solverAnswer(_ source: String, identityRules: RuleSet = .runtime) throws -> SolverAnswer {
        var spec = try SingleLemmaFile.compile(source)
        spec.identityRules = identityRules
        return InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer
    }

    private func assertRevivedOnly(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let report = try SingleLemmaFile.run(source)
        guard case .unknown(let reason) = report.outcome else {
            return XCTFail("\(report.outcome): \(report.message)", file: file, line: line)
        }
        XCTAssertEqual(reason.code, "revived-view", report.message, file: file, line: line)
    }

    /// The two shipped lemmas as FINDINGS.md 67 found them, proved of revived views too: now no
    /// verdict, since only a revived view refutes them and no tree shows one.
    func testTheNewViewLemmasWithoutTheAtomAreNotProved() throws {
        try assertRevivedOnly(Self.lemma("!rendered(p, before)", "evaluated(p, after)"))
        try assertRevivedOnly(Self.lemma("!rendered(p, before)", "!readsProperty(p, a)"))
        try assertRevivedOnly(
            Self.lemma("!rendered(p, before)", "evaluated(q, after) && !stateRead(q, after) && !stateUnread(q, after)",
                paths: "p: path in after, q: path in after\n  assume childOf(q, p)"))
    }

    /// With `!revived` they are proved, and the mutant that compares a new identity breaks the first.
    func testWithTheAtomTheyAreProvedAndTheIdentityGateMutantBreaksThem() throws {
        _ = try SingleLemmaFile.assertProvedAndBroken(
            Self.lemma("!rendered(p, before) && !revived(p, after)", "evaluated(p, after)"), by: .identityChangeCompared)
        let report = try SingleLemmaFile.run(Self.lemma("!rendered(p, before) && !revived(p, after)", "!readsProperty(p, a)"))
        guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
    }

    /// A revived view's body may run or not: neither lemma is proved.
    func testARevivedViewsBodyRunIsFreeOnBothRoutes() throws {
        try assertRevivedOnly(Self.lemma("revived(p, after)", "evaluated(p, after)"))
        try assertRevivedOnly(Self.lemma("revived(p, after)", "!evaluated(p, after)"))
    }

    /// Its state change, tracking and `@StateObject` are the retained ones, which the lemma's
    /// renders do not show: free.
    func testARevivedViewsStateTrackingAndObjectAreFree() throws {
        try assertRevivedOnly(Self.lemma("revived(p, after)", "!stateRead(p, after) && !stateUnread(p, after)"))
        try assertRevivedOnly(Self.lemma("revived(p, after)", "!readsProperty(p, a)"))
        try assertRevivedOnly(
            Self.lemma("revived(p, after) && holdsStateObject(p) && initialiserChanged(p, after)", "!keepsStateObject(p, after)"))
    }

    /// Over three renders: a revived storage's read flag is the retained one, not the flag of the
    /// identity before it at the place, and the tracking it comes back with is carried on.
    func testARevivedViewsFlagAndCarriedTrackingAreFree() throws {
        func threeRenders(_ assumption: String, _ conclusion: String) -> String {
            """
            lemma revived_chain {
              summary "x"; source R7, I8; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c
              assume \(assumption)
              show \(conclusion)
            }
            """
        }
        // A new view at c has a fresh storage, so no unread change there; a revived one has its own.
        try assertRevivedOnly(threeRenders("stateRead(p, b) && revived(p, c)", "!stateUnread(p, c) || stateRead(p, c)"))
        // A new view at b that does not read x does not track it at c; a revived one may.
        try assertRevivedOnly(threeRenders("revived(p, b) && !bodyReads(p, x, b) && rendered(p, b)", "!readsProperty(p, x, c)"))
    }

    /// FINDINGS.md 77: the reason names the view whose revival the lemma needs (q, new at c by its
    /// assumption, revived there by a lazy container), not the first one Z3's first model revived
    /// (p in render b, which main named: a revived p may track x, which a new one cannot, but q's
    /// state read at b satisfies that assumption as well): the views of a minimal unsat core of the
    /// assumptions `¬revived`, read by field.
    func testTheReasonNamesTheViewTheLemmaNeedsRevived() throws {
        let source = """
            lemma revived_at_c {
              summary "x"; source R7, I1; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume !rendered(p, a) && (readsProperty(p, x, b) || stateRead(q, b))
              assume !rendered(q, b)
              show evaluated(q, c)
            }
            """
        let spec = try SingleLemmaFile.compile(source)
        guard case .unknown(.revivedOnly(let views)) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("not revived-view")
        }
        XCTAssertEqual(views, [UnknownReason.RevivedView(path: "q", render: "c")])
        let query = try InvalidationQuery(lemma: spec, budget: .standard)
        guard case .unsat(let needed) = try query.revivalNeeded(minimising: .standard) else { return XCTFail("a model without revival") }
        XCTAssertEqual(needed.map { [$0.path, $0.transition] }, [[1, 1]])
    }

    /// A revived parent whose body does not run hands back its retained child: the child is no
    /// new view, and the trees' "a skipped parent's child survives" does not exclude it.
    func testARevivedParentMayBeSkippedAndItsChildIsNotANewView() throws {
        try assertRevivedOnly(
            Self.lemma("revived(p, after) && !evaluated(p, after)", "false", paths: "p: path in after, q: path in after\n  assume childOf(q, p)"))
    }

    /// A false lemma is still refuted, by a new view the trees show, when Z3's first model revives.
    func testAFalseLemmaIsRefutedPastRevivedModels() throws {
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma("!rendered(p, before)", "!evaluated(p, after)", expect: "refuted"))
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma("!revived(p, after)", "!evaluated(p, after)", expect: "refuted"))
    }

    /// The replay refuses a model with a revived view before decoding it: never a verdict from it.
    func testTheReplayRefusesARevivedModel() throws {
        let spec = try SingleLemmaFile.compile(Self.lemma("revived(p, after)", "false"))
        let query = try InvalidationQuery(lemma: spec, budget: .standard)
        guard case .sat(let model) = try query.check() else { return XCTFail("no model of a revived view") }
        XCTAssertNotNil(try query.revivedView(in: model))
        guard case .notRealized(let why, refinable: false) = try InvalidationSemantics.replay(model, of: query, lemma: spec) else {
            return XCTFail("the replay did not refuse a revived view")
        }
        XCTAssertTrue(why.contains("p in render after"), why)
    }

    /// Identity rules that retain nothing revive nothing: read from the rule function, so a rule
    /// set that evicts and the mutant without retention say so without a case of their own.
    func testRulesThatRetainNothingReviveNothing() throws {
        XCTAssertTrue(Revival.possible(under: .runtime))
        XCTAssertTrue(Revival.possible(under: .documented))
        XCTAssertTrue(Revival.possible(under: .ios18_0))
        XCTAssertFalse(Revival.possible(under: .evicting))
        XCTAssertFalse(Revival.possible(under: RuleSet.runtime.mutated(.noRetention)))
        XCTAssertFalse(Revival.possible(under: RuleSet.runtime.copy(name: "noContainers", mutation: nil, retainingContainers: [])))
        for rules in [RuleSet.evicting, RuleSet.runtime.mutated(.noRetention)] {
            guard case .proved = try solverAnswer(Self.lemma("!rendered(p, before)", "evaluated(p, after)"), identityRules: rules) else {
                return XCTFail("a new view's body under \(rules.name) is not proved")
            }
            guard case .proved = try solverAnswer(Self.lemma("true", "!revived(p, after)"), identityRules: rules) else {
                return XCTFail("a revived view under \(rules.name)")
            }
        }
        guard case .unknown(.revivedOnly) = try solverAnswer(Self.lemma("true", "!revived(p, after)")) else {
            return XCTFail("no revived view under runtime")
        }
    }

    /// The identity mutants that change whether a view may be revived are applicable to every
    /// invalidation lemma under rules whose answer they change (`InvalidationFootprint.revivalMutants`),
    /// since the lemma above changes verdict under them; the others of R7 and R9 are not.
    func testTheRetentionMutantsAreApplicableWhereTheyChangeRevival() throws {
        let source = Self.lemma("!rendered(p, before)", "evaluated(p, after)")
        let folder = try Repository.temporaryFolder([
            "runtime.lemma": source,
            "evicting.lemma": source.replacingOccurrences(of: "rules runtime", with: "rules evicting")
                .replacingOccurrences(of: "revived_case", with: "revived_case_evicting"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let lemmas = LemmaLoader().load(directory: folder).lemmas
        let runtime = try XCTUnwrap(lemmas.first { $0.ruleSet.name == "runtime" })
        let evicting = try XCTUnwrap(lemmas.first { $0.ruleSet.name == "evicting" })
        func applicable(_ mutation: RuleMutation, _ lemma: CheckedLemma) -> Bool {
            Mutant.identity(mutation).isApplicable(to: .lemma(lemma, file: "l.lemma"))
        }
        XCTAssertTrue(applicable(.noRetention, runtime))
        XCTAssertFalse(applicable(.retentionIgnoresContainer, runtime))
        XCTAssertFalse(applicable(.evictionIgnored, runtime))
        XCTAssertTrue(applicable(.evictionIgnored, evicting))
        XCTAssertTrue(applicable(.retentionIgnoresContainer, evicting))
        XCTAssertFalse(applicable(.noRetention, evicting))
    }

    /// The atom names the transition into a render: not the first (E037), and a path.
    func testMisuseIsRejected() throws {
        for (assumption, conclusion) in [("revived(p, before)", "true"), ("revived(p)", "true"), ("revived(p, p)", "true")] {
            let ids = try SingleLemmaFile.load(Self.lemma(assumption, conclusion)).map(\.id)
            XCTAssertEqual(ids, [.badArguments], "\(assumption)")
        }
    }
}
