import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 23's environment atoms in invalidation lemmas (`declaresKey`, `environmentChanged`; I10):
/// the per-key lemma proved unbounded and broken by `environmentComparedWhole`, its false
/// neighbours refuted by both routes with counterexamples replayed on trees, misuse rejected.
final class EnvironmentAtomTests: XCTestCase {
    static let onlyTheDeclaredKey = """
        lemma only_the_declared_key {
          summary "x"; source I10; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume rendered(p, before) && declaresKey(p, a) && !declaresKey(p, b)
          assume !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
          show evaluated(p, after) <=> environmentChanged(p, a, after)
        }
        """

    /// A write above a skipped parent reaches the view, and only its declared key runs it: proved
    /// unbounded; under `environmentComparedWhole` refuted by Z3 (replayed) and by the checker.
    func testOnlyTheDeclaredKeyIsProvedAndTheMutantBreaksIt() throws {
        guard let (spec, counterexample) = try SingleLemmaFile.assertProvedAndBroken(Self.onlyTheDeclaredKey, by: .environmentComparedWhole) else { return }
        XCTAssertEqual(spec.environmentKeys, ["a", "b"])
        XCTAssertTrue(counterexample.renders.contains { $0.code.contains(#".environment(\.k1, 1)"#) }, "\(counterexample.renders)")
    }

    /// FINDINGS.md 35: `signalled` stands for a declared key's change too (I10 is a signal), but
    /// under `ownChangeIgnored` the path level dropped `signalled` (a hand signal) while
    /// `BodyEvaluator` still ran a view for its key, so one change written two ways came out apart:
    /// the atom's lemma proved, the signal's refuted. The mutant ignores both now, on both routes
    /// and in `BodyEvaluator`; under `runtime` both lemmas are proved.
    func testOwnChangeIgnoredIgnoresAnEnvironmentChangeAsItIgnoresASignal() throws {
        let sources = [
            """
            lemma by_key {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume rendered(p, before) && declaresKey(p, a) && environmentChanged(p, a, after) && !parentEvaluated(p, after)
              show evaluated(p, after)
            }
            """,
            """
            lemma by_signal {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume rendered(p, before) && signalled(p, after) && !parentEvaluated(p, after)
              show evaluated(p, after)
            }
            """,
        ]
        for source in sources {
            let report = try SingleLemmaFile.run(source)
            XCTAssertEqual(report.verdict, .proved, "\(report.name): \(report.message)")
            var spec = try SingleLemmaFile.compile(source)
            spec.rules = spec.rules.mutated(.ownChangeIgnored)
            guard case .refuted = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
                XCTFail("Z3 did not refute \(spec.name) under ownChangeIgnored")
                continue
            }
            guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
                XCTFail("the checker did not refute \(spec.name) under ownChangeIgnored")
                continue
            }
        }
        // The same change in a scenario's trees: the key's value reaching the reader changes under a root that is skipped.
        let reader = { (value: Int) in
            ViewNode("root", value: ViewValue("Root"), children: [
                ViewNode("reader", value: ViewValue("Reader", environment: [EnvironmentProperty("scheme", key: "a")]), environment: ["a": value])
            ])
        }
        func readerRuns(_ rules: InvalidationRules) -> BodyEvaluation? {
            BodyEvaluator(rules: rules).evaluate(before: reader(0), after: reader(1)).first { $0.label == "reader" }
        }
        XCTAssertEqual(readerRuns(.runtime)?.reason, .environmentChanged(key: "a"))
        XCTAssertEqual(readerRuns(.runtime.mutated(.ownChangeIgnored))?.evaluated, false)
    }

    /// Red team: under `handWritten`; a key the view does not declare; a parent that ran (the
    /// comparison may say different); a view with nothing but a declared key taken for POD (it
    /// holds a key path): each refuted by both routes.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        let sources = [
            """
            lemma hand_written {
              summary "x"; source I10; rules runtime; invalidation handWritten; expect holds
              forall p: path in after
              assume rendered(p, before) && declaresKey(p, a) && environmentChanged(p, a, after)
              show evaluated(p, after)
            }
            """,
            """
            lemma undeclared {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume rendered(p, before) && !declaresKey(p, a) && environmentChanged(p, a, after)
              show evaluated(p, after)
            }
            """,
            """
            lemma parent_ran {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume declaresKey(p, a) && !declaresKey(p, b) && environmentChanged(p, b, after) && !environmentChanged(p, a, after)
              assume !stateRead(p, after) && !signalled(p, after)
              show !evaluated(p, after)
            }
            """,
            """
            lemma pod {
              summary "x"; source I2; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume declaresKey(p, a) && p.props == 0 && p.hasState == false
              show p.pod == true
            }
            """,
        ]
        for source in sources { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// Misuse: `environmentChanged` at the first render, a path or a render's name as the key, and
    /// more names than the checker enumerates (inapplicable, not holds).
    func testMisuseIsDiagnosedAndWideLemmasAreNotEnumerated() throws {
        let cases: [(String, DiagnosticID)] = [
            (
                """
                lemma first_render {
                  summary "x"; source I10; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show environmentChanged(p, a, before)
                }
                """, .badArguments
            ),
            (
                """
                lemma shadow {
                  summary "x"; source I10; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  show declaresKey(p, q)
                }
                """, .observableAtomShape
            ),
            (
                """
                lemma render_as_key {
                  summary "x"; source I10; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show declaresKey(p, before)
                }
                """, .observableAtomShape
            ),
        ]
        for (source, id) in cases {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertEqual(diagnostics.first(where: \.isError)?.id, id, "\(diagnostics)")
        }
        let wide = try SingleLemmaFile.compile("""
            lemma wide {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume declaresKey(p, a) && readsProperty(p, b)
              show !environmentChanged(p, c, after)
            }
            """)
        guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(wide).answer else {
            return XCTFail("the checker claims to enumerate three names")
        }
    }
}
