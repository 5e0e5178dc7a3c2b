import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// An `@StateObject` over several renders (`initialiserChanged(p, r)`, `keepsStateObject(p, r)`;
/// I12 carried between links): kept over three renders proved unbounded and broken by
/// `stateObjectRemade`, its false neighbours refuted on replayed trees, an initialiser a skipped
/// parent does not hand down refused by the replay, and misuse diagnosed.
final class StateObjectRenderTests: XCTestCase {
    static let keptOverThreeRenders = """
        lemma kept_over_three_renders {
          summary "x"; source I12; rules runtime; invalidation RULES; expect holds
          renders a, b, c
          forall p: path in c
          assume holdsStateObject(p) && rendered(p, a) && rendered(p, b)
          assume initialiserChanged(p, b) && !parentEvaluated(p, c)
          show keepsStateObject(p, b) && keepsStateObject(p, c) && initialiserChanged(p, c)
        }
        """

    /// Proved unbounded under `runtime`; refuted by Z3 under `stateObjectRemade` and under
    /// `handWritten`, the trees holding another object at render b. The checker does not enumerate
    /// state objects over several renders, and says so.
    func testKeptOverThreeRendersIsProvedAndTheMutantBreaksIt() throws {
        let report = try SingleLemmaFile.run(Self.keptOverThreeRenders.replacingOccurrences(of: "RULES", with: "runtime"))
        guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
        var mutant = try SingleLemmaFile.compile(Self.keptOverThreeRenders.replacingOccurrences(of: "RULES", with: "runtime"))
        mutant.rules = mutant.rules.mutated(.stateObjectRemade)
        let handWritten = try SingleLemmaFile.compile(Self.keptOverThreeRenders.replacingOccurrences(of: "RULES", with: "handWritten"))
        for spec in [mutant, handWritten] {
            guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
                XCTFail("Z3 did not refute the lemma under \(spec.rules.name)")
                continue
            }
            XCTAssertEqual(counterexample.renders.count, 3)
            XCTAssertNotEqual(counterexample.renders[0].code, counterexample.renders[1].code)
            XCTAssertTrue(counterexample.renders[1].code.contains("store: stateObject(model("), counterexample.renders[1].code)
            guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
                XCTFail("the checker claimed to enumerate state objects over three renders")
                continue
            }
        }
    }

    /// Red team: the lemma's last conjunct rests on the initialiser a skipped parent hands down;
    /// with the parent running at c (the initialiser may make the held object again) it is refuted.
    func testWithoutAHandedDownInitialiserTheLemmaIsRefuted() throws {
        let spec = try SingleLemmaFile.compile(
            Self.keptOverThreeRenders.replacingOccurrences(of: "RULES", with: "runtime")
                .replacingOccurrences(of: " && !parentEvaluated(p, c)", with: "")
                .replacingOccurrences(of: "keepsStateObject(p, b) && keepsStateObject(p, c) && ", with: ""))
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute the lemma")
        }
        XCTAssertEqual(counterexample.verdicts.map(\.parentEvaluated).last, true)
    }

    /// The replay refuses a history whose skipped parent does not hand down the initialiser: the
    /// view kept its object at b while its initialiser changed, so at c under a skipped parent the
    /// initialiser still makes another object.
    func testTheReplayRefusesAnInitialiserNotHandedDown() {
        let first = ViewLink(
            survives: true, parentEvaluated: true, old: [], new: [], holdsStateObject: true, initialiserChanged: true, keepsStateObject: true)
        let handedDown = ViewLink(
            survives: true, parentEvaluated: false, old: [], new: [], holdsStateObject: true, initialiserChanged: true, keepsStateObject: true)
        var lost = handedDown
        lost.initialiserChanged = false
        func observe(_ history: [ViewLink]) -> InvalidationReplay.ChainObservation {
            InvalidationReplay.observe([history], parents: [nil], names: ["p"], rules: .runtime, identityRules: .runtime)
        }
        guard case .realized = observe([first, handedDown]) else { return XCTFail("the handed-down initialiser was refused") }
        guard case .notRealized(let reason) = observe([first, lost]) else { return XCTFail("a lost initialiser was realized") }
        XCTAssertTrue(reason.contains("I12"), reason)
        XCTAssertFalse(first.carriesStateObject(to: lost, under: .runtime))
        XCTAssertTrue(first.carriesStateObject(to: lost, under: InvalidationRules.runtime.mutated(.childrenAlwaysCompared)))
    }

    /// Misuse: a render before the first transition (E037). A state-object atom beside an object
    /// atom over three renders, with `childOf` or not, is accepted (formerly E097,
    /// StateObjectDependencyRendersTests).
    func testMisuseIsDiagnosed() throws {
        for source in [
            """
            lemma child {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume childOf(q, p)
              assume observesObject(q, m)
              show keepsStateObject(q, c)
            }
            """,
            """
            lemma alone {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c
              assume objectSent(m, c)
              show keepsStateObject(p, c)
            }
            """,
        ] {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(source): \(diagnostics)")
        }
        let cases: [(String, DiagnosticID)] = [
            (
                """
                lemma first_render {
                  summary "x"; source I12; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c
                  show keepsStateObject(p, a)
                }
                """, .badArguments
            ),
        ]
        for (source, id) in cases {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertEqual(diagnostics.first(where: \.isError)?.id, id, "\(source): \(diagnostics)")
        }
    }
}
