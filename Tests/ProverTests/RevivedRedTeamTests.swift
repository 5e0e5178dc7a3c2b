import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover

/// The session-19 red team of `revived(p, r)` (FINDINGS.md 67). Hostile lemmas that found nothing
/// are kept for the verdicts that matter: a false lemma about a revived view is `unknown`
/// (`revived-view`), never proved; `revived` is false only under rules that retain nothing; misuse
/// is an input error with its id. And the two it found: a true lemma whose tracking passes a revived
/// link had no proof (FINDINGS.md 72, fixed) and a true lemma assuming a revived view has none
/// (FINDINGS.md 73).
final class RevivedRedTeamTests: XCTestCase {
    /// A lemma `name` under the runtime rules (identity `rules`) over `renders`.
    static func lemma(
        _ name: String, rules: String = "runtime", renders: String? = nil, paths: String = "p: path in after", _ body: String,
        expect: String = "holds"
    ) -> String {
        """
        lemma \(name) {
          summary "x"; source R7, I1, I8; rules \(rules); invalidation runtime; expect \(expect)
        \(renders.map { "  renders \($0)\n" } ?? "")  forall \(paths)
        \(body)
        }
        """
    }

    /// Each lemma's report, all run in one `Verifier` run (the shallow checker), by name.
    private func reports(_ lemmas: [String: String], options: VerifierOptions = .shallowChecker) throws -> [String: LemmaReport] {
        let folder = try Repository.temporaryFolder(Dictionary(uniqueKeysWithValues: lemmas.map { ("\($0.key).lemma", $0.value) }))
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Verifier(options: options).run(paths: [folder])
        XCTAssertTrue(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let byName = Dictionary(uniqueKeysWithValues: report.lemmas.map { ($0.name, $0) })
        XCTAssertEqual(Set(byName.keys), Set(lemmas.keys))
        return byName
    }

    /// `report` is `unknown` with reason `code`; `under` names the rules in a failure.
    private func assertUnknown(
        _ report: LemmaReport?, code: String, under: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let report else { return XCTFail("no report \(under)", file: file, line: line) }
        guard case .unknown(let reason) = report.outcome else {
            return XCTFail("\(report.name) \(under): \(report.outcome): \(report.message)", file: file, line: line)
        }
        XCTAssertEqual(reason.code, code, "\(report.name) \(under): \(report.message)", file: file, line: line)
    }

    /// `report` is `proved [unbounded]`; `under` names the rules in a failure.
    private func assertProvedUnbounded(_ report: LemmaReport?, under: String = "", file: StaticString = #filePath, line: UInt = #line) {
        guard let report else { return XCTFail("no report \(under)", file: file, line: line) }
        guard case .proved(.unbounded) = report.outcome else {
            return XCTFail("\(report.name) \(under): \(report.outcome): \(report.message)", file: file, line: line)
        }
    }

    /// False lemmas over two renders that a revived view refutes and no tree shows: a revived view
    /// given a new view's behaviour, or its old tracking, state or object, beside a parent, a row, a
    /// set, a binding, an environment key and an object.
    static let falseOverTwoRenders: [String: String] = [
        "keeps_tracking": lemma("keeps_tracking", "  assume revived(p, after)\n  show readsProperty(p, a)"),
        "keeps_object": lemma("keeps_object", "  assume revived(p, after) && holdsStateObject(p)\n  show keepsStateObject(p, after)"),
        "state_changes": lemma("state_changes", "  assume revived(p, after) && p.hasState == true\n  show stateRead(p, after) || stateUnread(p, after)"),
        "parent_ran": lemma("parent_ran", "  assume revived(p, after)\n  show parentEvaluated(p, after)"),
        "same_pod_skipped": lemma(
            "same_pod_skipped",
            "  assume revived(p, after) && sameValues(p, after) && p.pod == true && !signalled(p, after) && parentEvaluated(p, after)\n  show !evaluated(p, after)"),
        "never_revived": lemma("never_revived", "  show !revived(p, after)"),
        "not_rendered_not_revived": lemma("not_rendered_not_revived", "  assume !rendered(p, before)\n  show !revived(p, after)"),
        "child_runs": lemma(
            "child_runs", paths: "p: path in after, q: path in after", "  assume childOf(q, p)\n  assume revived(p, after)\n  show evaluated(q, after)"),
        "child_skipped": lemma(
            "child_skipped", paths: "p: path in after, q: path in after", "  assume childOf(q, p)\n  assume revived(p, after)\n  show !evaluated(q, after)"),
        "row_key_stays": lemma(
            "row_key_stays", paths: "p: path in after, q: path in after",
            "  assume rowOf(q, p)\n  assume revived(q, after) && !parentEvaluated(q, after)\n  show keyKept(q, after) && !moved(q, after)"),
        "row_new_key_runs": lemma(
            "row_new_key_runs", paths: "p: path in after, q: path in after",
            "  assume rowOf(q, p)\n  assume rendered(p, before) && !keyKept(q, after)\n  show evaluated(q, after)"),
        "set_reaches": lemma(
            "set_reaches", "  mutate p after before\n  assume revived(p, after) && p.set != p.state\n  show stateRead(p, after) || stateUnread(p, after)"),
        "set_lost": lemma(
            "set_lost", "  mutate p after before\n  assume revived(p, after) && p.set != p.state\n  show !stateRead(p, after) && !stateUnread(p, after)"),
        "initialiser_handed_down": lemma(
            "initialiser_handed_down", "  assume revived(p, after) && holdsStateObject(p) && !parentEvaluated(p, after)\n  show !initialiserChanged(p, after)"),
        "binding_holder_runs": lemma(
            "binding_holder_runs", paths: "p: path in after, q: path in after",
            "  assume childOf(q, p)\n  assume revived(q, after) && holdsBindingOf(q, p)\n  show evaluated(q, after)"),
        "environment_runs": lemma(
            "environment_runs", "  assume revived(p, after) && declaresKey(p, k) && environmentChanged(p, k, after)\n  show evaluated(p, after)"),
        "object_sent_runs": lemma("object_sent_runs", "  assume revived(p, after) && observesObject(p, m) && objectSent(m, after)\n  show evaluated(p, after)"),
    ]

    /// False lemmas over three and four renders: a revival before a link, at the last, a set before
    /// it, a flag, a row whose key comes back, a parent revived at the last render.
    static let falseOverSeveralRenders: [String: String] = [
        "skipped_revival_tracks_nothing": lemma(
            "skipped_revival_tracks_nothing", renders: "a, b, c", paths: "p: path in c",
            "  assume revived(p, b) && rendered(p, b) && !evaluated(p, b)\n  show !readsProperty(p, x, c)"),
        "object_kept_at_revival": lemma(
            "object_kept_at_revival", renders: "a, b, c", paths: "p: path in c",
            "  assume holdsStateObject(p) && rendered(p, a) && revived(p, c) && !initialiserChanged(p, c)\n  show keepsStateObject(p, c)"),
        "set_then_revived": lemma(
            "set_then_revived", renders: "a, b, c", paths: "p: path in c",
            "  mutate p after a\n  assume rendered(p, a) && p.set != p.state && revived(p, c)\n  show !stateRead(p, c) && !stateUnread(p, c)"),
        "revived_flag_clear": lemma(
            "revived_flag_clear", renders: "a, b, c", paths: "p: path in c",
            "  assume revived(p, b) && rendered(p, b) && !stateRead(p, b)\n  show !(stateUnread(p, c) && !stateRead(p, c))"),
        "row_back_runs": lemma(
            "row_back_runs", renders: "a, b, c", paths: "p: path in c, q: path in c",
            "  assume rowOf(q, p)\n  assume rendered(p, a) && rendered(p, b) && rendered(q, a) && !keyKept(q, c)\n  show evaluated(q, c)"),
        "child_of_revived_parent_new": lemma(
            "child_of_revived_parent_new", renders: "a, b, c", paths: "p: path in c, q: path in c",
            "  assume childOf(q, p)\n  assume rendered(p, a) && revived(p, c)\n  show evaluated(q, c) && !stateRead(q, c) && !stateUnread(q, c)"),
        "four_renders": lemma(
            "four_renders", renders: "a, b, c, d", paths: "p: path in d",
            "  assume !rendered(p, a) && revived(p, b) && rendered(p, b) && rendered(p, c) && !evaluated(p, b)\n  show !readsProperty(p, x, c)"),
    ]

    /// True lemmas: a revived view is not a survivor, over two and three renders, and a new view
    /// (`!revived`) runs.
    static let trueLemmas: [String: String] = [
        "revived_is_no_survivor": lemma("revived_is_no_survivor", "  show !(revived(p, after) && rendered(p, before))"),
        "revived_is_no_survivor_over_three": lemma(
            "revived_is_no_survivor_over_three", renders: "a, b, c", paths: "p: path in c",
            "  show !(revived(p, c) && rendered(p, b)) && !(revived(p, b) && rendered(p, a))"),
        "new_view_runs": lemma("new_view_runs", "  assume !rendered(p, before) && !revived(p, after)\n  show evaluated(p, after)"),
    ]

    func testFalseLemmasOverTwoRendersAreRevivedViewUnknowns() throws {
        let reports = try reports(Self.falseOverTwoRenders.merging(Self.trueLemmas) { $1 })
        for name in Self.falseOverTwoRenders.keys.sorted() { assertUnknown(reports[name], code: "revived-view") }
        for name in Self.trueLemmas.keys.sorted() { assertProvedUnbounded(reports[name]) }
    }

    func testFalseLemmasOverSeveralRendersAreRevivedViewUnknowns() throws {
        try SlowTier.require()
        let reports = try reports(Self.falseOverSeveralRenders)
        for name in Self.falseOverSeveralRenders.keys.sorted() { assertUnknown(reports[name], code: "revived-view") }
    }

    /// `revived` is false exactly under rules that retain nothing, however they are given: a named
    /// set, `--rules` with a set or a rule-set file's options, `--mutant`.
    func testRevivedIsFalseOnlyUnderRulesThatRetainNothing() throws {
        let lemmas = [
            "never_revived": Self.lemma("never_revived", "  show !revived(p, after)"),
            "never_revived_evicting": Self.lemma("never_revived_evicting", rules: "evicting", "  show !revived(p, after)"),
        ]
        let runtime = RuleSet.runtime
        let retainNothing: [(String, VerifierOptions)] = [
            ("evicting", options { $0.rules = .evicting }),
            ("lazyRetention: false", options { $0.rules = runtime.copy(name: "noretain", mutation: nil, lazyRetention: false) }),
            ("retainingContainers: []", options { $0.rules = runtime.copy(name: "nocontainers", mutation: nil, retainingContainers: []) }),
            ("noRetention", options { $0.mutation = .noRetention }),
        ]
        for (name, options) in retainNothing {
            let reports = try reports(lemmas, options: options)
            assertProvedUnbounded(reports["never_revived"], under: name)
            assertProvedUnbounded(reports["never_revived_evicting"], under: name)
        }
        let retainSomething: [(String, VerifierOptions)] = [
            ("runtime", options { $0.rules = .runtime }),
            ("VStack retains", options {
                $0.rules = RuleSet.evicting.copy(name: "vstack", mutation: nil, lazyEviction: false, retainingContainers: [.VStack])
            }),
            ("evictionIgnored", options { $0.mutation = .evictionIgnored }),
            ("retentionIgnoresContainer", options { $0.mutation = .retentionIgnoresContainer }),
        ]
        for (name, options) in retainSomething {
            let reports = try reports(lemmas, options: options)
            assertUnknown(reports["never_revived"], code: "revived-view", under: name)
            assertUnknown(reports["never_revived_evicting"], code: "revived-view", under: name)
        }
    }

    /// Misuse is an input error with its id: the first render, a render that is not one, an extra
    /// argument, a non-path, the atom compared or as a field, and in an identity lemma.
    func testMisuseIsAnInputError() throws {
        func ids(_ show: String, renders: String? = nil, invalidation: Bool = true) throws -> [DiagnosticID] {
            var source = Self.lemma("misuse", renders: renders, paths: renders == nil ? "p: path in after" : "p: path in c", "  show \(show)")
            if !invalidation { source = source.replacingOccurrences(of: " invalidation runtime;", with: "") }
            return try SingleLemmaFile.load(source).map(\.id)
        }
        XCTAssertEqual(try ids("!revived(p, a)", renders: "a, b, c"), [.badArguments])
        XCTAssertEqual(try ids("revived(p, after, after)"), [.badArguments])
        XCTAssertEqual(try ids("revived(p, nosuch)"), [.badArguments])
        XCTAssertEqual(try ids("revived(p, before + 1)"), [.badArguments])
        XCTAssertEqual(try ids("revived()"), [.badArguments])
        XCTAssertEqual(Set(try ids("revived(x, after)")), [.badArguments, .unboundPath])
        XCTAssertEqual(try ids("revived(p, after) == true"), [.invalidationLemmaShape])
        XCTAssertEqual(try ids("p.revived == true"), [.unknownPathField])
        XCTAssertEqual(try ids("revived(p, after)", invalidation: false), [.unknownName])
    }

    /// FINDINGS.md 72 (fixed): a body that ran at render b and read x, its identity surviving into
    /// c, tracks x at c (I8: a run records what it reads, whether the revival kept or replaced the
    /// retained tracking), so the lemma is proved under rules that retain too, as with
    /// `!revived(p, b)` and under `evicting`. What a revived run does with the retained tracking stays
    /// open (FINDINGS.md 61): that it forgets it, or keeps it, a property it did not read, is
    /// `unknown`; and a tracking after a revived view that does not survive is none.
    func testATrackingPastARevivedLinkHoldsWhatItsRunRead() throws {
        let body = "  assume rendered(p, b) && evaluated(p, b) && bodyReads(p, x, b)"
        let unread = "  assume revived(p, b) && rendered(p, b) && evaluated(p, b) && !bodyReads(p, x, b) && readsProperty(p, x, b)"
        let reports = try reports([
            "tracked": Self.lemma("tracked", renders: "a, b, c", paths: "p: path in c", body + "\n  show readsProperty(p, x, c)"),
            "tracked_not_revived": Self.lemma(
                "tracked_not_revived", renders: "a, b, c", paths: "p: path in c", body + " && !revived(p, b)\n  show readsProperty(p, x, c)"),
            "tracked_evicting": Self.lemma(
                "tracked_evicting", rules: "evicting", renders: "a, b, c", paths: "p: path in c", body + "\n  show readsProperty(p, x, c)"),
            "revived_run_forgets": Self.lemma(
                "revived_run_forgets", renders: "a, b, c", paths: "p: path in c", unread + "\n  show !readsProperty(p, x, c)"),
            "revived_run_keeps": Self.lemma(
                "revived_run_keeps", renders: "a, b, c", paths: "p: path in c", unread + "\n  show readsProperty(p, x, c)"),
            "revived_unread_tracks_nothing": Self.lemma(
                "revived_unread_tracks_nothing", renders: "a, b, c", paths: "p: path in c",
                "  assume revived(p, b) && rendered(p, b) && evaluated(p, b) && !bodyReads(p, x, b)\n  show !readsProperty(p, x, c)"),
            "revived_gone_tracks_nothing": Self.lemma(
                "revived_gone_tracks_nothing", renders: "a, b, c", paths: "p: path in c",
                "  assume revived(p, b) && !rendered(p, b) && !revived(p, c)\n  show !readsProperty(p, x, c)"),
        ])
        assertProvedUnbounded(reports["tracked"])
        assertProvedUnbounded(reports["tracked_not_revived"])
        assertProvedUnbounded(reports["tracked_evicting"])
        for name in ["revived_run_forgets", "revived_run_keeps", "revived_unread_tracks_nothing"] {
            assertUnknown(reports[name], code: "revived-view")
        }
        // True, but its assumption names a revived view, which no tree holds (FINDINGS.md 73).
        assertUnknown(reports["revived_gone_tracks_nothing"], code: "no-witness")
    }

    /// FINDINGS.md 72's lemma as shipped (`observable-tracking.lemma`, no `!revived`) is proved
    /// unbounded and broken by `readsNotRecorded` (a run's reads not added to its tracking): Z3 and
    /// the checker refute it with counterexamples replayed on trees. No other mutant broke it.
    func testTheShippedTrackingLemmaIsBrokenByReadsNotRecorded() throws {
        let name = "inval_observable_what_a_run_read_is_tracked_next"
        let source = try LemmaSource.text(of: name, in: Repository.lemmas.appendingPathComponent("invalidation/observable-tracking.lemma"))
        XCTAssertFalse(source.contains("revived("), "the shipped lemma assumes nothing of revival")
        let broken = try SingleLemmaFile.assertProvedAndBroken(source, by: .readsNotRecorded)
        XCTAssertNotNil(broken)
    }

    /// FINDINGS.md 73: a true lemma that assumes a revived view has no witness on the trees, which
    /// hold none, so it is `unknown` (`no-witness`), not proved; one whose assumptions a revived view
    /// cannot satisfy is `vacuous`.
    func testALemmaAssumingARevivedViewHasNoWitness() throws {
        let reports = try reports([
            "assumes_revived": Self.lemma("assumes_revived", "  assume revived(p, after)\n  show !rendered(p, before)"),
            "revived_survivor": Self.lemma("revived_survivor", "  assume revived(p, after) && rendered(p, before)\n  show false"),
        ])
        assertUnknown(reports["assumes_revived"], code: "no-witness")
        XCTAssertEqual("\(try XCTUnwrap(reports["revived_survivor"]).outcome)", "\(Outcome.vacuous)")
    }

    private func options(_ change: (inout VerifierOptions) -> Void) -> VerifierOptions {
        var options = VerifierOptions.shallowChecker
        change(&options)
        return options
    }
}
