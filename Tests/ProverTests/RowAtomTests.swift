import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import XCTest

@testable import Prover

/// Issue 21: a new parent makes a new child (`childOf`, I1 at the path level), and a `ForEach`
/// row with its parent (`rowOf(q, p)`, `keyKept`, `moved`; R8): proved unbounded and broken by the
/// identity mutant each rests on, false neighbours refuted by both routes, the replay's trees
/// holding the row, misuse rejected.
final class RowAtomTests: XCTestCase {
    static func lemma(_ structure: String, _ assumption: String, _ conclusion: String, expect: String = "holds") -> String {
        """
        lemma row_case {
          summary "x"; source R8, I1; rules runtime; invalidation runtime; expect \(expect)
          forall p: path in after, q: path in after
          assume !revived(p, after) && !revived(q, after)
          assume \(structure)
          assume \(assumption)
          show \(conclusion)
        }
        """
    }

    /// Step 1: came out `unknown` while the path level left the child's survival free.
    func testANewParentMakesANewChildAndIdOverridesStructureBreaksIt() throws {
        let source = Self.lemma("childOf(q, p)", "!rendered(p, before)", "!rendered(q, before) && evaluated(q, after)")
        guard let (_, counterexample) = try SingleLemmaFile.assertProvedAndBroken(source, byIdentity: .idOverridesStructure) else { return }
        XCTAssertTrue(counterexample.verdicts.contains { $0.variable == "q" && $0.survives }, "\(counterexample.verdicts)")
    }

    func testTheConverseAndASurvivingParentAreRefutedByBothRoutes() throws {
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma("childOf(q, p)", "!rendered(q, before)", "!rendered(p, before)"))
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma("childOf(q, p)", "rendered(p, before)", "rendered(q, before)"))
    }

    func testARowWhoseKeyStaysSurvivesAndForEachByOffsetBreaksIt() throws {
        let source = Self.lemma("rowOf(q, p)", "rendered(p, before) && keyKept(q, after)", "rendered(q, before)")
        guard let (spec, counterexample) = try SingleLemmaFile.assertProvedAndBroken(source, byIdentity: .forEachByOffset) else { return }
        XCTAssertEqual(spec.rows, [1])
        XCTAssertEqual(spec.parents, [nil, 0])
        // Under offsets the row is new only where it moved to an offset no row held before: its
        // ForEach block writes it at offset 1, after another row.
        XCTAssertTrue(
            counterexample.renders.contains { $0.code.contains(/case -?\d+:\n *View\([^\n]*@q_other\n *case -?\d+:\n *View\([^\n]*@q\b/) },
            "\(counterexample.renders)")
    }

    func testARowWithANewKeyIsNewAndForEachKeyIgnoredBreaksIt() throws {
        let source = Self.lemma("rowOf(q, p)", "!keyKept(q, after)", "!rendered(q, before) && evaluated(q, after)")
        _ = try SingleLemmaFile.assertProvedAndBroken(source, byIdentity: .forEachKeyIgnored)
    }

    func testASkippedParentHandsDownItsRowsAndChildrenAlwaysComparedBreaksIt() throws {
        let source = Self.lemma("rowOf(q, p)", "!evaluated(p, after)", "keyKept(q, after) && !moved(q, after)")
        _ = try SingleLemmaFile.assertProvedAndBroken(source, by: .childrenAlwaysCompared)
    }

    /// Red team: a key kept under a new parent, any row of a surviving parent, a move as a new view.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        for (assumption, conclusion) in [
            ("keyKept(q, after)", "rendered(q, before)"),
            ("rendered(p, before)", "rendered(q, before)"),
            ("rendered(p, before) && keyKept(q, after) && moved(q, after)", "evaluated(q, after)"),
        ] {
            try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma("rowOf(q, p)", assumption, conclusion, expect: "refuted"))
        }
    }

    /// The other direction of R8's survival: a lost row lost its key or its parent.
    func testALostRowLostItsKeyOrItsParent() throws {
        let report = try SingleLemmaFile.run(Self.lemma("rowOf(q, p)", "!rendered(q, before)", "!keyKept(q, after) || !rendered(p, before)"))
        guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
    }

    /// The replay builds the row in a `ForEach` and lets `BodyEvaluator` decide its survival: a
    /// link that says otherwise than R8 is not realized; a skipped parent cannot move its row.
    func testTheReplayHoldsTheRowInAForEach() throws {
        let spec = try SingleLemmaFile.compile(Self.lemma("rowOf(q, p)", "true", "true"))
        let parent = ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])
        let moved = ViewLink(survives: true, parentEvaluated: true, old: [], new: [], row: RowChange(keyKept: true, moved: true))
        guard case .realized(let trees, let observations) = InvalidationReplay.observe([[parent], [moved]], of: spec) else {
            return XCTFail("a moved row with its key kept was not realized")
        }
        XCTAssertTrue(observations[1][0].survives)
        let after = try XCTUnwrap(trees.renders.first?.last?.children.first)
        XCTAssertEqual(after.children.map(\.label), ["q", "q_other"])
        guard case .forEach(_, _, let offset) = try XCTUnwrap(after.children.first?.steps.first) else {
            return XCTFail("the row has no ForEach step: \(after.children)")
        }
        XCTAssertEqual(offset, 1)
        var lost = moved
        lost.survives = false
        guard case .notRealized = InvalidationReplay.observe([[parent], [lost]], of: spec) else {
            return XCTFail("a row whose key stays was realized as a new identity below a surviving parent")
        }
        var newKey = moved
        newKey.row = RowChange(keyKept: false)
        guard case .notRealized = InvalidationReplay.observe([[parent], [newKey]], of: spec) else {
            return XCTFail("a row with a new key was realized as surviving")
        }
        let skipped = ViewLink(survives: true, parentEvaluated: false, old: [], new: [], row: RowChange(keyKept: true, moved: true))
        XCTAssertFalse(skipped.isRealizable(under: .runtime))
        XCTAssertTrue(skipped.isRealizable(under: InvalidationRules.runtime.mutated(.childrenAlwaysCompared)))
    }

    func testR8IdentifiesARowByItsKeyAndItsMutantsDoNot() {
        XCTAssertTrue(RowChange.identifiedByKey(under: .runtime))
        XCTAssertTrue(RowChange.identifiedByKey(under: RuleSet.runtime.mutated(.idOverridesStructure)))
        XCTAssertFalse(RowChange.identifiedByKey(under: RuleSet.runtime.mutated(.forEachByOffset)))
        XCTAssertFalse(RowChange.identifiedByKey(under: RuleSet.runtime.mutated(.forEachKeyIgnored)))
        XCTAssertTrue(RuleSet.runtime.identitiesExtendParents)
        XCTAssertFalse(RuleSet.runtime.mutated(.idOverridesStructure).identitiesExtendParents)
    }

    func testMisuseIsDiagnosedWhereItIsWritten() throws {
        let cases: [(String, DiagnosticID, line: Int)] = [
            (Self.lemma("rowOf(q, q)", "true", "true"), .invalidationLemmaShape, 5),
            (Self.lemma("rowOf(q, p)\n  assume childOf(q, p)", "true", "true"), .invalidationLemmaShape, 6),
            (Self.lemma("childOf(q, p)", "keyKept(q, after)", "true"), .invalidationLemmaShape, 6),
            (Self.lemma("childOf(q, p)", "true", "rowOf(q, p)"), .invalidationLemmaShape, 7),
            (Self.lemma("rowOf(q, p)", "moved(q, before)", "true"), .badArguments, 6),
            (Self.lemma("rowOf(q, p)", "keyKept(q)", "true"), .badArguments, 6),
        ]
        for (source, id, line) in cases {
            let diagnostics = try SingleLemmaFile.load(source).filter(\.isError)
            XCTAssertEqual(diagnostics.first?.id, id, "\(source): \(diagnostics)")
            XCTAssertEqual(diagnostics.first?.location.line, line, "\(source): \(diagnostics)")
        }
        // A row's dependency atoms are accepted (RowDependenciesTests), and a binding beside an
        // object atom, as through childOf (formerly E097, BindingObjectDependenciesTests).
        let besideObject = try SingleLemmaFile.load(Self.lemma("rowOf(q, p)", "holdsBindingOf(q, p) && observesObject(p, m)", "true"))
        XCTAssertFalse(besideObject.contains(where: \.isError), "\(besideObject)")
    }
}
