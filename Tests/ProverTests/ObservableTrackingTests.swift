import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// `@Observable` tracking over several renders (`readsProperty(p, a, r)`, `bodyReads(p, a, r)`,
/// `propertyChanged(a, r)`; I8 "@Observable", the registrar's `i8Tracking` between links): the
/// accumulation proved unbounded and broken by `trackingReplacedEachEvaluation` (a fired tracking's
/// reset by `firedTrackingKept`), its false
/// neighbour refuted by both routes on trees that show the reads, a tracking that is not the
/// registrar's refused by the replay, and misuse diagnosed.
final class ObservableTrackingTests: XCTestCase {
    static let readBeforeStaysTracked = """
        lemma read_before_stays_tracked {
          summary "x"; source I8; rules runtime; invalidation runtime; expect holds
          renders r1, r2, r3, r4
          forall p: path in r4
          assume !revived(p, r2) && !revived(p, r3) && !revived(p, r4)
          assume evaluated(p, r2) && bodyReads(p, a, r2)
          assume rendered(p, r2) && rendered(p, r3) && evaluated(p, r3) && !bodyReads(p, a, r3)
          assume !propertyChanged(a, r3) && !propertyChanged(b, r3)
          show readsProperty(p, a, r4)
        }
        """

    static let unreadIsNoDependency = """
        lemma unread_is_no_dependency {
          summary "x"; source I8; rules runtime; invalidation RULES; expect refuted
          renders before, mid, after
          forall p: path in after
          assume evaluated(p, mid) && !bodyReads(p, a, mid)
          assume propertyChanged(a, after) && !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
          show !evaluated(p, after)
        }
        """

    /// "A property read at render 2 and not at render 3 is still tracked after render 3 unless a
    /// tracked change fired between": proved unbounded under `runtime`; under
    /// `trackingReplacedEachEvaluation` Z3 refutes it with a counterexample replayed on trees.
    func testAccumulationIsProvedAndTheMutantBreaksIt() throws {
        let report = try SingleLemmaFile.run(Self.readBeforeStaysTracked)
        guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
        var spec = try SingleLemmaFile.compile(Self.readBeforeStaysTracked)
        XCTAssertEqual(spec.transitions, 3)
        spec.rules = spec.rules.mutated(.trackingReplacedEachEvaluation)
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute the lemma under trackingReplacedEachEvaluation")
        }
        XCTAssertTrue(counterexample.paths.joined().contains("body reads observable(1).o0"), "\(counterexample.paths)")
    }

    /// "A tracking that fired holds only what the evaluation it caused read": proved unbounded under
    /// `runtime`; under `firedTrackingKept` refuted by Z3 and by the checker.
    func testAFiredTrackingIsProvedAndItsMutantBreaksIt() throws {
        let source = """
            lemma fired_holds_only_the_last_reads {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              renders before, mid, after
              forall p: path in after
              assume !revived(p, mid) && !revived(p, after)
              assume rendered(p, before) && readsProperty(p, a, mid) && propertyChanged(a, mid) && !bodyReads(p, a, mid)
              show !readsProperty(p, a, after)
            }
            """
        let report = try SingleLemmaFile.run(source)
        guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
        var spec = try SingleLemmaFile.compile(source)
        spec.rules = spec.rules.mutated(.firedTrackingKept)
        guard case .refuted = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute the lemma under firedTrackingKept")
        }
        guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
            return XCTFail("the checker did not refute the lemma under firedTrackingKept")
        }
    }

    /// The false neighbour "what the body did not read in its last evaluation is never a
    /// dependency" is refuted by Z3 and by the checker, each on trees whose render 2 shows the
    /// body's reads and whose render 3 shows the tracked change.
    func testTheFalseNeighbourIsRefutedByBothRoutes() throws {
        let spec = try SingleLemmaFile.compile(Self.unreadIsNoDependency.replacingOccurrences(of: "RULES", with: "runtime"))
        guard case .refuted(let solved) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute the false neighbour")
        }
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .refuted(let enumerated) = checked.answer else { return XCTFail("the checker: \(checked.answer)") }
        for counterexample in [solved, enumerated] {
            XCTAssertEqual(counterexample.renders.count, 3)
            XCTAssertTrue(counterexample.paths.joined().contains("tracks observable(1).o0"), "\(counterexample.paths)")
            XCTAssertTrue(
                counterexample.renders[2].code.contains("an @Observable property its body read changed"), "\(counterexample.renders)")
            let verdicts = counterexample.verdicts.filter { $0.transition == 2 }
            XCTAssertEqual(verdicts.map(\.evaluated), [true])
        }
    }

    /// Red team: a carry-over that replaces the tracking with each evaluation's reads (the
    /// mutant) would prove the false neighbour; both routes then find nothing, so the lemma is
    /// what tells the two apart.
    func testAWrongCarryOverWouldProveTheFalseNeighbour() throws {
        // Of views no lazy container revives: a revived one's tracking is free (FINDINGS.md 67).
        var spec = try SingleLemmaFile.compile(Self.unreadIsNoDependency.replacingOccurrences(of: "RULES", with: "runtime")
            .replacingOccurrences(of: "assume evaluated(p, mid)", with: "assume !revived(p, mid) && !revived(p, after) && evaluated(p, mid)"))
        spec.rules = spec.rules.mutated(.trackingReplacedEachEvaluation)
        guard case .proved = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not prove the false neighbour under trackingReplacedEachEvaluation")
        }
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .holds = checked.answer else { return XCTFail("the checker under the mutant: \(checked.answer)") }
        XCTAssertGreaterThan(checked.cases, 0)
    }

    /// The replay refuses histories whose later tracking is not the registrar's: a tracking that
    /// forgot what the body read at render 2, and one that kept a property after its change fired.
    func testTheReplayRefusesATrackingThatIsNotTheRegistrars() {
        let first = ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], reads: [0])
        let second = ViewLink(survives: true, parentEvaluated: false, old: [.plain(1)], new: [.plain(1)], tracked: [0])
        func observe(_ history: [ViewLink]) -> InvalidationReplay.ChainObservation {
            InvalidationReplay.observe([history], parents: [nil], names: ["p"], rules: .runtime, identityRules: .runtime)
        }
        guard case .realized = observe([first, second]) else { return XCTFail("the registrar's tracking was refused") }
        var forgot = second
        forgot.tracked = []
        guard case .notRealized(let reason) = observe([first, forgot]) else { return XCTFail("a forgotten read was realized") }
        XCTAssertTrue(reason.contains("registrar"), reason)
        // Tracked before, changed: the tracking fired, and render 2's evaluation read nothing.
        var fired = first
        fired.tracked = [0]
        fired.reads = []
        fired.propertyChanges = [0]
        guard case .notRealized = observe([fired, second]) else { return XCTFail("a fired tracking kept its property") }
        var emptied = second
        emptied.tracked = []
        guard case .realized = observe([fired, emptied]) else { return XCTFail("the emptied tracking was refused") }
    }

    /// Over two renders what the body reads decides nothing: "a body that reads a runs" is refuted
    /// by both routes (the checker enumerates the reads when the lemma names them).
    func testOverTwoRendersTheReadsDecideNothing() throws {
        let spec = try SingleLemmaFile.compile("""
            lemma reads_run {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume bodyReads(p, a, after) && rendered(p, before)
              show evaluated(p, after)
            }
            """)
        XCTAssertEqual(spec.transitions, 1)
        guard case .refuted = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute the lemma")
        }
        guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
            return XCTFail("the checker did not refute the lemma")
        }
    }

    /// Hostile histories: two views that see different changes of the one object at the second
    /// transition are no renders of one object, whatever the first transition saw.
    func testTwoViewsSeeTheSameChangesAtEveryTransition() {
        let quiet = ViewLink(survives: true, parentEvaluated: false, old: [], new: [])
        var changed = quiet
        changed.propertyChanges = [0]
        let observed = InvalidationReplay.observe(
            [[quiet, quiet], [quiet, changed]], parents: [nil, nil], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        guard case .notRealized(let reason) = observed else { return XCTFail("views that saw different changes were realized") }
        XCTAssertTrue(reason.contains("transition 1"), reason)
        guard case .realized = InvalidationReplay.observe(
            [[quiet, changed], [quiet, changed]], parents: [nil, nil], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("views that saw the same changes were refused") }
    }

    /// The registrar's rule itself, and its mutants: merge unless fired; replace, keep a fired
    /// tracking, or record no read under them.
    func testTheRegistrarsRule() {
        let rules = InvalidationRules.runtime
        XCTAssertEqual(rules.i8Tracking(held: [1], read: [2], survives: true, fired: false, evaluated: true), [1, 2])
        XCTAssertEqual(rules.i8Tracking(held: [1], read: [2], survives: true, fired: true, evaluated: true), [2])
        XCTAssertEqual(rules.i8Tracking(held: [1], read: [2], survives: true, fired: false, evaluated: false), [1])
        XCTAssertEqual(rules.i8Tracking(held: [1], read: [2], survives: false, fired: false, evaluated: true), [2])
        XCTAssertEqual(rules.i8Tracking(held: [1], read: [2], survives: true, fired: true, evaluated: false), [])
        let mutant = rules.mutated(.trackingReplacedEachEvaluation)
        XCTAssertEqual(mutant.i8Tracking(held: [1], read: [2], survives: true, fired: false, evaluated: true), [2])
        XCTAssertEqual(mutant.i8Tracking(held: [1], read: [2], survives: true, fired: false, evaluated: false), [1])
        let keepsFired = rules.mutated(.firedTrackingKept)
        XCTAssertEqual(keepsFired.i8Tracking(held: [1], read: [2], survives: true, fired: true, evaluated: true), [1, 2])
        XCTAssertEqual(keepsFired.i8Tracking(held: [1], read: [2], survives: false, fired: true, evaluated: true), [2])
        let unrecorded = rules.mutated(.readsNotRecorded)
        XCTAssertEqual(unrecorded.i8Tracking(held: [1], read: [2], survives: true, fired: false, evaluated: true), [1])
        XCTAssertEqual(unrecorded.i8Tracking(held: [1], read: [2], survives: true, fired: true, evaluated: true), [])
        XCTAssertEqual(unrecorded.i8Tracking(held: [1], read: [2], survives: true, fired: false, evaluated: false), [1])
    }

    /// Misuse: `readsProperty(p, a)` without a render over three renders, a render before the first
    /// transition. (A tracking atom with `childOf` is accepted: `ParentTrackingTests`.)
    func testMisuseIsDiagnosed() throws {
        let cases: [(String, DiagnosticID, Int, Int)] = [
            (
                """
                lemma no_render {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c
                  show readsProperty(p, x)
                }
                """, .observableAtomShape, 5, 8
            ),
            (
                """
                lemma first_render {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c
                  show bodyReads(p, x, a)
                }
                """, .badArguments, 5, 24
            ),
        ]
        for (source, id, line, column) in cases {
            let diagnostics = try SingleLemmaFile.load(source)
            let first = try XCTUnwrap(diagnostics.first(where: \.isError), source)
            XCTAssertEqual(first.id, id, "\(diagnostics)")
            XCTAssertEqual(first.location.line, line, "\(first)")
            XCTAssertEqual(first.location.column, column, "\(first)")
        }
    }

    /// FINDINGS.md 45: E097's note on an environment atom over three renders said a tracking across
    /// renders is checked by scenarios, while the tracking atoms hold over any number of renders.
    func testFinding45EnvironmentShapeNoteDoesNotSendTrackingToScenarios() throws {
        func lemma(_ atom: String, assume: String = "true") -> String {
            """
            lemma over_three {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume !revived(p, b) && !revived(p, c) && !revived(q, b) && !revived(q, c)
              assume \(assume)
              show \(atom) || true
            }
            """
        }
        // Over three renders an environment atom through a parent is accepted (issue 21), and beside
        // a tracking atom for unrelated views, through a parent or through a ForEach row, and a state
        // object beside the tracking too (formerly E097, whose note no longer exists to mislead).
        let parent = try SingleLemmaFile.load(lemma("environmentChanged(q, k, c)", assume: "childOf(q, p)"))
        XCTAssertFalse(parent.contains(where: \.isError), "\(parent)")
        let unrelated = try SingleLemmaFile.load(lemma("environmentChanged(q, k, c)", assume: "readsProperty(q, x, b)"))
        XCTAssertFalse(unrelated.contains(where: \.isError), "\(unrelated)")
        let throughRow = try SingleLemmaFile.load(
            lemma("environmentChanged(q, k, c)", assume: "readsProperty(q, x, b)").replacingOccurrences(
                of: "  assume readsProperty", with: "  assume rowOf(q, p)\n  assume readsProperty"))
        XCTAssertFalse(throughRow.contains(where: \.isError), "\(throughRow)")
        let stateObject = try SingleLemmaFile.load(
            lemma("holdsStateObject(q)", assume: "readsProperty(q, x, b)").replacingOccurrences(
                of: "  assume readsProperty", with: "  assume rowOf(q, p)\n  assume readsProperty"))
        let throughParent = try SingleLemmaFile.load(
            lemma("environmentChanged(q, k, c)", assume: "readsProperty(q, x, b)").replacingOccurrences(
                of: "  assume readsProperty", with: "  assume childOf(q, p)\n  assume readsProperty"))
        XCTAssertFalse(throughParent.contains(where: \.isError), "\(throughParent)")
        XCTAssertFalse(stateObject.contains(where: \.isError), "\(stateObject)")
        let tracking = try SingleLemmaFile.load(lemma("readsProperty(p, x, c)"))
        XCTAssertFalse(tracking.contains(where: \.isError), "\(tracking)")
    }
}
