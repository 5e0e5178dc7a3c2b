import Foundation
import IdentityModel
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Regressions for the unsound verdicts in Tests/ProverTests/SoundnessCorpus/FINDINGS.md whose
/// witnesses the corpus format cannot hold (a trace that is defined only under a mutant).
final class RedTeamFindingsTests: XCTestCase {
    /// FINDINGS.md 1: under `containerKindIgnored` every container contributes `container(VStack)`, so
    /// with `any program` an HStack path can have the identity a LazyVStack path had two renders
    /// before, and the state the LazyVStack retained comes back. The path level read retention from
    /// the path variable's own (eager) steps and proved that it restarts.
    func testContainerKindIgnoredDoesNotProveThatAnEagerViewRestarts() throws {
        let text = """
            lemma eager_view_away_restarts {
              source R7; rules runtime; expect holds
              renders before, between, after, any program
              forall q: path in after
              assume !rendered(q, between)
              assume forall i in q: q[i].kind == .container => (q[i].container != .LazyVStack && q[i].container != .LazyHStack && q[i].container != .List)
              show q.state == q.initial
            }
            """
        // The trace that falsifies it under the mutant: the state comes back, 7 and not 0.
        var state = RuntimeState(rules: RuleSet.runtime.mutated(.containerKindIgnored))
        _ = try state.render(try RenderParser.parse("LazyVStack { HStack { if true { Counter(state: 0) @c } } }"))
        try state.mutateState(.label("c"), to: 7)
        _ = try state.render(try RenderParser.parse("LazyVStack { HStack { if false { Counter(state: 0) } } }"))
        _ = try state.render(try RenderParser.parse("VStack { HStack { if true { Counter(state: 0) @c } } }"))
        XCTAssertEqual(state.value(of: "c"), 7)

        let (runtime, mutant) = try verdicts(of: text, mutation: .containerKindIgnored)
        XCTAssertEqual(runtime.verdict, .proved, "true under runtime, where the container kind is in the identity: \(runtime.message)")
        XCTAssertNotEqual(mutant.verdict, .proved, "false under containerKindIgnored: \(mutant.message)")
    }

    /// FINDINGS.md 2: under `duplicateKeysMerged`, `ForEach([3, 3], id: \.self)` is a defined render
    /// whose two rows share key 3, so "two rows of one render have different keys" is false there;
    /// the path level assumed it for every rule set and proved the lemma.
    func testDuplicateKeysMergedDoesNotProveThatRowsHaveDistinctKeys() throws {
        let text = """
            lemma rows_of_one_foreach_have_distinct_keys {
              source R8; rules runtime; expect holds
              forall p: path in before, q: path in before
              assume p.length == 1 && q.length == 1 && p[0].kind == .forEach && q[0].kind == .forEach
              assume p[0].offset != q[0].offset
              show p[0].key != q[0].key
            }
            """
        // The trace that falsifies it is defined under the mutant and has two rows with one key.
        var state = RuntimeState(rules: RuleSet.runtime.mutated(.duplicateKeysMerged))
        let report = try state.render(try RenderParser.parse("ForEach([3, 3], id: \\.self) { Counter(state: 0) @c }"))
        XCTAssertEqual(report.views.map(\.path.steps), [
            [.forEach(source: .self, key: .int(3), offset: 0)], [.forEach(source: .self, key: .int(3), offset: 1)],
        ])

        let (runtime, merged) = try verdicts(of: text, mutation: .duplicateKeysMerged)
        XCTAssertEqual(runtime.verdict, .proved, "true under runtime, where duplicate keys are undefined: \(runtime.message)")
        XCTAssertNotEqual(merged.verdict, .proved, "false under duplicateKeysMerged: \(merged.message)")
    }

    /// FINDINGS.md 5: `.id("x")` and `.id(1000000)` are different ids (R6); Z3's ground encoding
    /// numbered the first string key 1,000,000 and called them one identity, an internal error.
    func testAStringKeyNeverSharesANumberWithAnIntegerKey() throws {
        let report = try run("""
            scenario string_key_and_a_large_integer_key {
              summary "x"; source R6; rules runtime; expect holds
              render { Counter(state: 0).id("x") @c }
              set c = 5
              render { Counter(state: 0).id(1000000) @c }
              check c resets
            }
            """)
        XCTAssertEqual(report.verdict, .proved, report.message)
        guard case .agreed(let count, .identities)? = report.groundCheck else { return XCTFail(report.message) }
        XCTAssertGreaterThan(count, 0)
    }

    /// FINDINGS.md 6: a leaf type the lemma does not name was decoded as `View0`, which the lemma
    /// names for another number, so a false lemma ended in an internal error instead of refuted.
    func testInventedNamesNeverMeetTheLemmasOwn() throws {
        let report = try run("""
            lemma leaf_is_view0_to_2 {
              source R2; rules runtime; expect holds
              forall p: path in before
              show p.leafType == "View0" || p.leafType == "View1" || p.leafType == "View2"
            }
            """)
        XCTAssertEqual(report.verdict, .refuted, report.message)
    }

    /// FINDINGS.md 25: Z3 gave a stateful leaf the number of `AnyView` (or of a container), and the
    /// replay accepted `AnyView(state: 0) @p`, a tree that does not parse, so these true lemmas were
    /// refuted. A construct's name is never a stateful leaf's type, in the query or in a replay.
    func testAStatefulLeafIsNeverNamedAsAConstruct() throws {
        for (name, show) in [
            ("leaf_is_never_anyview", "p.leafType != \"AnyView\""),
            ("leaf_is_never_a_container_or_foreach", "p.leafType != \"VStack\" && p.leafType != \"LazyHStack\" && p.leafType != \"ForEach\""),
        ] {
            let report = try run("""
                lemma \(name) {
                  source R2; rules runtime; expect holds
                  forall p: path in before
                  show \(show)
                }
                """)
            XCTAssertEqual(report.verdict, .proved, report.message)
        }
        let other = try run("""
            lemma leaf_is_never_counter {
              source R2; rules runtime; expect holds
              forall p: path in before
              show p.leafType != "Counter" && p.leafType != "AnyView"
            }
            """)
        XCTAssertEqual(other.verdict, .refuted, other.message)
        XCTAssertThrowsError(try Realization.realize([], leaf: .anyView)) { error in
            XCTAssertTrue("\(error)".contains("holds no state"), "\(error)")
        }
        XCTAssertThrowsError(try Realization.realize([], leaf: "List"))
        XCTAssertNoThrow(try Realization.realize([], leaf: "Counter"))
    }

    /// FINDINGS.md 30: Z3 gave a stateful leaf the number of a name the lemma wrote that no render
    /// can write (`"Foo Bar"`, `""`), and the replay printed `Foo Bar(state: 0) @p`, a tree that does
    /// not parse, so these true lemmas were refuted. A leaf's type is always a name.
    func testAStatefulLeafIsAlwaysANameARenderCanWrite() throws {
        for (name, show) in [
            ("leaf_is_never_two_words", "p.leafType != \"Foo Bar\""),
            ("leaf_is_never_empty", "p.leafType != \"\""),
            ("leaf_is_never_a_built_type", "p.leafType != \"ModifiedContent<Counter, padding>\""),
        ] {
            let report = try run("""
                lemma \(name) {
                  source R2; rules runtime; expect holds
                  forall p: path in before
                  show \(show)
                }
                """)
            XCTAssertEqual(report.verdict, .proved, report.message)
        }
        XCTAssertThrowsError(try Realization.realize([], leaf: "Foo Bar"))
        XCTAssertThrowsError(try Realization.realize([], leaf: ""))
        XCTAssertNoThrow(try Realization.realize([], leaf: "_Counter2"))
    }

    /// FINDINGS.md 28: `p.state + n` with a large `n` overflowed Int in `TreeEvaluator` and crashed
    /// the checker and the replay; a shifted field compares as Z3's integers do, past Int's range.
    func testAHugeShiftComparesAsZ3sIntegersDo() throws {
        let proved = try run("""
            lemma huge_shift_true {
              source R1; rules runtime; expect holds
              forall p: path in before
              show p.state + 9223372036854775807 > p.state - 9223372036854775807
            }
            """)
        XCTAssertEqual(proved.verdict, .proved, proved.message)
        let refuted = try run("""
            lemma huge_shift_false {
              source R1; rules runtime; expect holds
              forall p: path in before
              show p.state + 9223372036854775807 <= 9223372036854775807
            }
            """)
        XCTAssertEqual(refuted.verdict, .refuted, refuted.message)
    }

    /// Issue 21's red team: two rows of two properties each below a skipped parent, one row's key
    /// changing and not the other's (no tree: one closure writes on both rows or on neither). The
    /// shrinking found no small model (four properties at least) and kept Z3's first, a view of
    /// 7,720 properties: `undecodable`, the search's end, hiding the reason. Now the shrinking
    /// looks for a model the decoder reads, and an undecodable model is skipped: `no-replay`, with
    /// the reason the trees give. A lemma whose every model has a view beyond the decoder's 16
    /// properties is still `undecodable`.
    func testAViewOfThousandsOfPropertiesDoesNotHideTheReason() throws {
        func lemma(_ name: String, _ props: String) -> String {
            """
            lemma \(name) {
              source I10; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after, s: path in after
              assume rowOf(q, p)
              assume rowOf(s, p)
              assume declaresKey(q, k) && declaresKey(s, k) && \(props)
              assume !evaluated(p, after) && environmentChanged(q, k, after) && !environmentChanged(s, k, after)
              show false
            }
            """
        }
        let probe = try run(lemma("two_rows_of_two_properties", "q.props >= 2 && s.props >= 2"))
        XCTAssertEqual(probe.outcome.reasonCode, "no-replay", probe.message)
        let beyond = try run(lemma("a_row_of_twenty_properties", "q.props >= 20"))
        XCTAssertEqual(beyond.outcome.reasonCode, "undecodable", beyond.message)
    }

    /// FINDINGS.md 33: a lemma true only because a tree's Int is bounded has Z3 models beyond Int
    /// (Z3's integers are unbounded), and decoding one was a Z3 error, so the item was an `error`.
    /// Such a model is no tree: `unknown` (`undecodable`), never refuted, never an error; on paths
    /// (a field, a length that the shrinking step reads too) and on views (`p.props`).
    func testAModelValueBeyondIntIsUndecodableNotAnError() throws {
        for (name, invalidation, render, show) in [
            ("state_fits_int", "", "before", "p.state <= 9223372036854775807"),
            ("length_fits_int", "", "before", "p.length <= 9223372036854775807"),
            ("props_fit_int", "invalidation runtime; ", "after", "p.props <= 9223372036854775807"),
        ] {
            let report = try run("""
                lemma \(name) {
                  source R1; rules runtime; \(invalidation)expect holds
                  forall p: path in \(render)
                  show \(show)
                }
                """)
            XCTAssertEqual(report.verdict, .unknown, "\(name): \(report.message)")
            XCTAssertEqual(report.outcome.reasonCode, "undecodable", "\(name): \(report.outcome)")
        }
        let refuted = try run("""
            lemma state_below_a_large_int {
              source R1; rules runtime; expect holds
              forall p: path in before
              show p.state <= 9223372036854775806
            }
            """)
        XCTAssertEqual(refuted.verdict, .refuted, refuted.message)
    }

    /// FINDINGS.md 34: Z3 gave a modifier the number of a name the lemma wrote that no render can
    /// write (`"a b"`, `"id"`, a key with a space), and the replay printed `.a b(1)`, a tree that does
    /// not parse, so these true lemmas were refuted. A modifier is always one a render writes and
    /// reads back: a name, or an environment write of one, which is still found.
    func testAModifierIsAlwaysOneARenderCanWrite() throws {
        for (name, modifier) in [
            ("modifier_is_never_two_words", "a b"), ("modifier_is_never_empty", ""), ("modifier_is_never_id", "id"),
            ("modifier_is_never_a_bad_key", "environment(\\\\.a b)"),
        ] {
            let report = try run("""
                lemma \(name) {
                  source R2; rules runtime; expect holds
                  forall p: path in before
                  show forall i in p: p[i].kind == .modified => p[i].modifier != "\(modifier)"
                }
                """)
            XCTAssertEqual(report.verdict, .proved, "\(name): \(report.message)")
        }
        let refuted = try run("""
            lemma modifier_is_never_an_environment_write {
              source R2; rules runtime; expect holds
              forall p: path in before
              show forall i in p: p[i].kind == .modified => p[i].modifier != "environment(\\\\.k)"
            }
            """)
        guard case .refuted(let counterexample) = refuted.outcome else { return XCTFail(refuted.message) }
        for render in counterexample.renders {
            XCTAssertTrue(render.code.contains(".environment(\\.k, "), render.code)
            XCTAssertNoThrow(try RenderParser.parse(render.code), render.code)
        }
        for unwritable in ["a b", "", "id", "environment", "environment(\\.a b)", "environmentObject(A B)"] {
            XCTAssertFalse(Modifier(unwritable).isWritable, unwritable)
            XCTAssertThrowsError(try Realization.realize([.modified(Modifier(unwritable), value: 1)], leaf: "Counter"), unwritable)
        }
        for writable in ["padding", "equatable", "environment(\\.k)", "environmentObject(Model)"] {
            XCTAssertTrue(Modifier(writable).isWritable, writable)
            XCTAssertNoThrow(try Realization.realize([.modified(Modifier(writable), value: 1)], leaf: "Counter"), writable)
        }
    }

    /// The report of the one item in `text` under its own rules, or under `mutation`, with a small
    /// checker bound (the solver route is what these tests are about).
    private func run(_ text: String, mutation: RuleMutation? = nil) throws -> LemmaReport {
        let folder = try Repository.temporaryFolder(["finding.lemma": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        options.jobs = 1
        options.checkerBound = Bound(depth: 1, branching: 2)
        options.mutation = mutation
        return try XCTUnwrap(Verifier(options: options).run(paths: [folder]).lemmas.first)
    }

    /// The reports of the one lemma in `text` under its own rules and under `mutation`.
    private func verdicts(of text: String, mutation: RuleMutation) throws -> (LemmaReport, LemmaReport) {
        (try run(text), try run(text, mutation: mutation))
    }
}
