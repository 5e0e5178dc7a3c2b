import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 23's object atoms in invalidation lemmas (`observesObject`, `findsObject`, `objectSent`;
/// I11): a send runs every observer, proved unbounded and broken by `environmentObjectsIgnored`; its
/// false neighbours refuted by both routes with counterexamples replayed on trees; two unrelated
/// views enumerated by the checker; misuse rejected.
final class ObjectAtomTests: XCTestCase {
    static let environmentObjectReader = """
        lemma reader {
          summary "x"; source I11; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume !revived(p, after)
          assume findsObject(p, m) && objectSent(m, after)
          show evaluated(p, after)
        }
        """

    /// A view whose `@EnvironmentObject` resolves to m runs when m sends: proved unbounded; under
    /// `environmentObjectsIgnored` refuted by Z3 (replayed: the trees send the object the view
    /// finds) and by the checker.
    func testAnEnvironmentObjectsSendIsProvedAndTheMutantBreaksIt() throws {
        guard let (spec, counterexample) = try SingleLemmaFile.assertProvedAndBroken(Self.environmentObjectReader, by: .environmentObjectsIgnored) else { return }
        XCTAssertEqual(spec.objects, ["m"])
        XCTAssertTrue(counterexample.renders.contains { $0.code.contains("environmentObject(M0)") }, "\(counterexample.renders)")
        XCTAssertTrue(counterexample.renders.contains { $0.code.contains("sent since the previous render") }, "\(counterexample.renders)")
    }

    /// Red team: under `handWritten`; a body that read nothing of the object (a send runs every
    /// observer); a view that may find the sent object; a view holding an object taken for POD;
    /// two observers of which only one runs: each refuted by both routes.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        let sources = [
            """
            lemma hand_written {
              summary "x"; source I11; rules runtime; invalidation handWritten; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume rendered(p, before) && observesObject(p, m) && objectSent(m, after)
              show evaluated(p, after)
            }
            """,
            """
            lemma read_nothing {
              summary "x"; source I11; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume rendered(p, before) && observesObject(p, m) && objectSent(m, after)
              assume !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
              show !evaluated(p, after)
            }
            """,
            """
            lemma may_find {
              summary "x"; source I11; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume observesObject(p, m) && objectSent(n, after) && !objectSent(m, after)
              assume rendered(p, before) && !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
              show !evaluated(p, after)
            }
            """,
            """
            lemma pod {
              summary "x"; source I2; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume findsObject(p, m) && p.props == 0 && p.hasState == false
              show p.pod == true
            }
            """,
            """
            lemma only_one {
              summary "x"; source I11; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume !revived(p, after) && !revived(q, after)
              assume rendered(p, before) && rendered(q, before) && observesObject(p, m) && observesObject(q, m)
              assume objectSent(m, after)
              show evaluated(p, after) && !evaluated(q, after)
            }
            """,
        ]
        for source in sources { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// Two unrelated views are enumerated, not left to Z3: a true lemma over two views holds on
    /// the checker with cases counted, the send shared by both.
    func testTheCheckerEnumeratesTwoUnrelatedViews() throws {
        let spec = try SingleLemmaFile.compile("""
            lemma both {
              summary "x"; source I11; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume !revived(p, after) && !revived(q, after)
              assume observesObject(p, m) && findsObject(q, m) && objectSent(m, after)
              show evaluated(p, after) && evaluated(q, after)
            }
            """)
        let result = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .holds = result.answer else { return XCTFail("\(result.answer)") }
        XCTAssertGreaterThan(result.cases, 1_000)
    }

    /// Red team of the trees: an object the view's own property holds (`p0: model(1)`) is another
    /// object than the lemma's, so the lemma's send does not reach it through `p0`.
    func testTheLemmasObjectIsNotAnObjectThePropertiesHold() throws {
        let link = ViewLink(
            survives: true, parentEvaluated: false, old: [.observed(object: 1)], new: [.observed(object: 1)], objectsSent: [0])
        XCTAssertEqual(link.objectNumber(0), 2)
        guard case .realized(_, let observed) = InvalidationReplay.observe(link, rules: .runtime, identityRules: .runtime) else {
            return XCTFail("the link is realizable")
        }
        XCTAssertFalse(observed.view.evaluated, "\(observed.view.reason)")
        var observing = link
        observing.observedObjects = [0]
        guard case .realized(_, let signalled) = InvalidationReplay.observe(observing, rules: .runtime, identityRules: .runtime) else {
            return XCTFail("the link is realizable")
        }
        XCTAssertTrue(signalled.view.evaluated, "\(signalled.view.reason)")
    }

    /// Misuse: `objectSent` at the first render, a path as the object, beside `holdsBindingOf` of a
    /// holder not declared below its owner (E097;
    /// declared below it the pair is accepted, BindingObjectDependenciesTests), and more names than the checker enumerates.
    func testMisuseIsDiagnosedAndWideLemmasAreNotEnumerated() throws {
        let cases: [(String, DiagnosticID)] = [
            (
                """
                lemma first_render {
                  summary "x"; source I11; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !revived(p, after)
                  show objectSent(m, before)
                }
                """, .badArguments
            ),
            (
                """
                lemma shadow {
                  summary "x"; source I11; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume !revived(p, after) && !revived(q, after)
                  show observesObject(p, q)
                }
                """, .observableAtomShape
            ),
            (
                """
                lemma with_binding_not_below_its_owner {
                  summary "x"; source I11; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume !revived(p, after) && !revived(q, after)
                  assume holdsBindingOf(q, p) && observesObject(p, m)
                  show evaluated(p, after)
                }
                """, .observableAtomShape
            ),
            (
                """
                lemma arity {
                  summary "x"; source I11; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !revived(p, after)
                  show observesObject(p)
                }
                """, .badArguments
            ),
        ]
        for (source, id) in cases {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertEqual(diagnostics.first(where: \.isError)?.id, id, "\(diagnostics)")
        }
        let wide = try SingleLemmaFile.compile("""
            lemma wide {
              summary "x"; source I11; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume observesObject(p, a) && declaresKey(p, b)
              show !objectSent(c, after)
            }
            """)
        guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(wide).answer else {
            return XCTFail("the checker claims to enumerate three names")
        }
    }
}
