import Foundation
import LemmaLanguage
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// `use LEMMA(p, q)` makes a lemma's statement an assumption: the user is proved only if the used
/// lemma is proved in the same run. The lemma `trusts_the_refuted_lemma` below is valid as
/// expanded (its used statement gives its conclusion at once), so both routes prove it; it is
/// false all the same, since the statement it rests on is refuted. Only the verdict's dependency
/// on the used lemma stands between it and `proved`.
final class UsedLemmaTests: XCTestCase {
    private static let base = "predicate sameKeysIdsAndReads(p, q) = \(LemmaText.sameKeysIdsAndReads("p", "q"))\n"
        + LemmaText.sameViewSurvives(expect: "refuted")
        + LemmaText.lemma(
            "same_view_and_keys_survive", source: "R2", expect: "holds", assume: ["sameView(p, q)", "sameKeysIdsAndReads(p, q)"],
            show: "survives(p, q)")

    private static let user = "import \"a_base.lemma\"\n"
        + LemmaText.trusting("same_view_survives", name: "trusts_the_refuted_lemma")
        + LemmaText.lemma(
            "rests_on_a_proved_lemma", source: "R1", expect: "holds", paths: ("a", "b"), uses: ["same_view_and_keys_survive"],
            assume: ["sameView(a, b) && sameKeysIdsAndReads(a, b)"], show: "b.state == a.state")

    private func verify(_ configure: (inout VerifierOptions) -> Void = { _ in }) throws -> [String: LemmaReport] {
        var options = VerifierOptions.shallowChecker
        configure(&options)
        let folder = try Repository.temporaryFolder(["a_base.lemma": Self.base, "b_user.lemma": Self.user])
        let report = Verifier(options: options).run(paths: [folder])
        XCTAssertFalse(report.hasInputErrors, report.diagnostics.joined(separator: "\n"))
        return Dictionary(report.lemmas.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func testAUseOfARefutedLemmaProvesNothing() throws {
        let reports = try verify()
        XCTAssertEqual(reports["same_view_survives"]?.verdict, .refuted)
        let user = try XCTUnwrap(reports["trusts_the_refuted_lemma"])
        XCTAssertEqual(user.verdict, .unknown, user.message)
        XCTAssertEqual(user.outcome.reasonCode, "used-lemma-unproved")
        XCTAssertEqual(user.obligations, [])
        // The control: a use of a proved lemma is proved, unbounded like it.
        XCTAssertEqual(reports["same_view_and_keys_survive"]?.scope, .unbounded)
        XCTAssertEqual(reports["rests_on_a_proved_lemma"]?.scope, .unbounded, reports["rests_on_a_proved_lemma"]?.message ?? "")
    }

    /// `--explain` ran before the verdict was settled: its proof explanation must not outlive the proof.
    func testAnExplanationOfTheRoutesProofDoesNotSurviveTheUnknown() throws {
        let user = try XCTUnwrap(try verify { $0.explains = true }["trusts_the_refuted_lemma"])
        XCTAssertEqual(user.verdict, .unknown)
        guard case .notApplicable? = user.explanation else { return XCTFail("\(String(describing: user.explanation))") }
    }

    func testAFilterThatLeavesOutTheUsedLemmaLeavesTheUserUnknown() throws {
        let reports = try verify { $0.filter = "rests_on_a_proved_lemma" }
        XCTAssertEqual(reports.count, 1)
        let user = try XCTUnwrap(reports["rests_on_a_proved_lemma"])
        XCTAssertEqual(user.verdict, .unknown, user.message)
        XCTAssertEqual(user.outcome.reasonCode, "used-lemma-not-run")
    }

    /// A shard holds each lemma with the lemmas it `use`s (FINDINGS 26: dealt round-robin, the
    /// user landed without its used lemma and was `unknown`, not as expected, in a CI matrix).
    func testAShardHoldsEveryLemmaItsItemsUse() throws {
        // a_base's two lemmas, then b_user's two: each user with the base lemma it uses makes one
        // group, so parts 1 and 2 of 3 hold a group each and part 3 none.
        var seen: [String] = []
        for index in 1...3 {
            let shard = try XCTUnwrap(Shard(index: index, count: 3))
            let reports = try verify { $0.shard = shard; $0.allowsEmpty = true }
            seen += reports.keys
            if let user = reports["rests_on_a_proved_lemma"] {
                XCTAssertEqual(user.verdict, .proved, user.message)
                XCTAssertEqual(reports["same_view_and_keys_survive"]?.verdict, .proved)
            }
            if let user = reports["trusts_the_refuted_lemma"] {
                XCTAssertEqual(user.outcome.reasonCode, "used-lemma-unproved", user.message)
                XCTAssertEqual(reports["same_view_survives"]?.verdict, .refuted)
            }
        }
        XCTAssertEqual(seen.sorted(), ["rests_on_a_proved_lemma", "same_view_and_keys_survive", "same_view_survives", "trusts_the_refuted_lemma"])
    }

    func testUseGroupsJoinUsersWithWhatTheyUseTransitively() throws {
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "chain.lemma", text: Self.chain + """

            lemma d { source R1; rules runtime; expect holds; forall p: path in before, q: path in after; show survives(p, q) }
            """)])
        XCTAssertFalse(loaded.hasErrors, loaded.diagnostics.map(\.description).joined(separator: "\n"))
        // d, c, b, a in that order: a uses b uses c, so a, b and c are one group after d's.
        let items = loaded.lemmas.reversed().map { Verifier.WorkItem.lemma($0, file: "chain.lemma") }
        XCTAssertEqual(items.map(\.name), ["d", "a", "b", "c"])
        XCTAssertEqual(Verifier.useGroups(items), [0, 1, 1, 1])
        let parts = (1...2).map { Shard(index: $0, count: 2)!.select(items, groups: Verifier.useGroups(items)).map(\.name) }
        XCTAssertEqual(parts, [["d"], ["a", "b", "c"]])
    }

    // MARK: The dependency order, on given verdicts

    private static let chain = """
        lemma c { source R1; rules runtime; expect holds; forall p: path in before, q: path in after; show survives(p, q) }
        lemma b { source R1; rules runtime; expect holds; forall p: path in before, q: path in after; use c(p, q); show survives(p, q) }
        lemma a { source R1; rules runtime; expect holds; forall p: path in before, q: path in after; use b(p, q); show survives(p, q) }
        """

    /// The reports of `a`, `b` and `c` after `UsedLemmas` settled them from the given outcomes.
    private func settle(_ outcomes: [String: Outcome], explanations: [String: Explanation] = [:]) throws -> [String: LemmaReport] {
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "chain.lemma", text: Self.chain)])
        XCTAssertFalse(loaded.hasErrors, loaded.diagnostics.map(\.description).joined(separator: "\n"))
        // The users first, so that settling must follow the uses, not the items' order.
        let items = loaded.lemmas.reversed().map { Verifier.WorkItem.lemma($0, file: "chain.lemma") }
        let reports = items.map { item in
            var report = LemmaReport(
                name: item.name, kind: .lemma, file: "chain.lemma", line: 1, column: 1, summary: nil, sources: [],
                rules: "runtime", expected: .holds, outcome: outcomes[item.name] ?? .proved(.unbounded), seconds: 0, message: "")
            report.explanation = explanations[item.name]
            return report
        }
        return Dictionary(UsedLemmas.judge(reports, items: items).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func testAnUnprovedLemmaLeavesEveryLemmaRestingOnItUnknown() throws {
        let reports = try settle(["c": .vacuous])
        XCTAssertEqual(reports["c"]?.verdict, .vacuous)
        XCTAssertEqual(reports["b"]?.outcome.reasonCode, "used-lemma-unproved")
        XCTAssertEqual(reports["a"]?.outcome.reasonCode, "used-lemma-unproved")
    }

    func testABoundedProofBoundsTheProofsThatRestOnIt() throws {
        let reports = try settle(["c": .proved(.bounded(.pathLength(steps: 3))), "a": .proved(.bounded(.pathLength(steps: 5)))])
        XCTAssertEqual(reports["b"]?.scope, .bounded(.pathLength(steps: 3)))
        XCTAssertEqual(reports["a"]?.scope, .bounded(.pathLength(steps: 3)))
    }

    /// `--explain` explained the routes' unbounded query; once the used lemma bounds the verdict,
    /// the explanation must not say "the proof (unbounded)", list obligations the verdict does not
    /// rest on, or call a variant that still uses the bounded statement proved unbounded.
    func testABoundedUsedLemmaBoundsTheExplanationToo() throws {
        let assumption = AssumptionReference(number: 1, file: "chain.lemma", line: 2, column: 3, text: "(true)")
        let proof = ProofExplanation(
            scope: "unbounded", core: [], omitted: [.init(assumption: assumption, finding: .notNeeded(.unbounded))],
            obligations: ["map.pointwise.step"], allObligations: 22, checks: 1, resourceCount: 1)
        let reports = try settle(["c": .proved(.bounded(.pathLength(steps: 3)))], explanations: ["b": .proof(proof)])
        XCTAssertEqual(reports["b"]?.scope, .bounded(.pathLength(steps: 3)))
        guard case .proof(let explained)? = reports["b"]?.explanation else {
            return XCTFail("\(String(describing: reports["b"]?.explanation))")
        }
        XCTAssertEqual(explained.scope, "paths of at most 3 steps")
        XCTAssertEqual(explained.obligations, [])
        XCTAssertEqual(explained.allObligations, 0)
        guard case .notNeeded(let variantScope)? = explained.omitted.first?.finding else {
            return XCTFail("\(explained.omitted)")
        }
        XCTAssertEqual(variantScope, .bounded(.pathLength(steps: 3)))
        let text = ExplanationText.lines(.proof(explained)).joined(separator: "\n")
        XCTAssertFalse(text.contains("unbounded"), text)
    }

    func testAllProvedStaysProved() throws {
        let reports = try settle([:])
        for name in ["a", "b", "c"] { XCTAssertEqual(reports[name]?.scope, .unbounded, name) }
    }
}
