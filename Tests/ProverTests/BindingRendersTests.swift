import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 21's `holdsBindingOf(q, p, r)` over three renders (I8 "The read flag"): the storage's
/// sticky flag is set by a binding held in a render its holder ran and kept while the owner's
/// identity survives, in Z3 (`InvalidationEncoding.readFlags`) and on the replay's trees
/// (`ViewChainTrees.flags`) alike. Red team first: the flag must not survive a new identity of
/// the owner, nor be set by a binding the holder's body never ran with.
final class BindingRendersTests: XCTestCase {
    static func lemma(_ assumption: String, rules: String = "runtime", renders: [String] = ["a", "b", "c"]) -> String {
        SingleLemmaFile.invalidationLemma(
            "binding_renders", source: "I8", invalidation: rules, renders: renders,
            ["assume \(assumption)", "assume stateRead(p, c) || stateUnread(p, c)", "show evaluated(p, c)"])
    }

    /// "Once the child ran holding a binding, the parent runs on a later change of its state even
    /// after the child stopped holding it": proved unbounded; under `readFlagNotShared` Z3 refutes it
    /// with a counterexample the replay's trees violate (the checker's side is Z3's alone here).
    func testTheFlagOutlivesTheBindingAndTheMutantBreaksIt() throws {
        let source = Self.lemma(
            "holdsBindingOf(q, p, a) && evaluated(q, a) && !holdsBindingOf(q, p, b) && rendered(p, a) && rendered(p, b)",
            renders: ["x", "a", "b", "c"])
        let (spec, counterexample, report) = try XCTUnwrap(try SingleLemmaFile.assertProvedAndBrokenByZ3(source, by: .readFlagNotShared))
        XCTAssertTrue(report.message.contains("Z3's alone"), report.message)
        XCTAssertEqual(spec.transitions, 3)
        XCTAssertTrue(counterexample.renders.contains { $0.code.contains("its state changed, unread") }, "\(counterexample.renders)")
    }

    /// The false neighbours, each refuted by Z3 with a replayed counterexample: the owner's new
    /// identity starts a clear flag; a binding in a value its holder never ran with (compared
    /// equal) set none; a binding held in the first render of an owner that may be lost since sets none.
    func testTheFalseNeighboursAreRefuted() throws {
        for assumption in [
            "holdsBindingOf(q, p, a) && !rendered(p, a) && rendered(p, b) && !holdsBindingOf(q, p, b)",
            "!holdsBindingOf(q, p, a) && holdsBindingOf(q, p, b) && !evaluated(q, b) && rendered(p, a) && rendered(p, b)",
            "holdsBindingOf(q, p) && rendered(p, b)",
        ] {
            try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma(assumption), checker: false)
        }
        try SingleLemmaFile.assertRefutedByBothRoutes(
            Self.lemma("holdsBindingOf(q, p, a) && rendered(p, a) && rendered(p, b)", rules: "handWritten"), checker: false)
    }

    /// FINDINGS.md 63: the first render of a lemma may follow any history, in which the binding it
    /// shows may have reached the child in a value compared equal (no box updated, no flag set).
    /// The statement that assumed a flag from the first render's binding is no longer proved, and
    /// the four-render history that breaks it is refuted with a replayed counterexample.
    func testABindingHeldInTheFirstRenderSetsNoFlagALemmaMayAssume() throws {
        let old = try SingleLemmaFile.run(Self.lemma("holdsBindingOf(q, p, a) && !holdsBindingOf(q, p, b) && rendered(p, a) && rendered(p, b)"))
        if case .proved = old.outcome { XCTFail("proved: \(old.message)") }
        try SingleLemmaFile.assertRefutedByBothRoutes(
            Self.lemma(
                "!holdsBindingOf(q, p, x) && holdsBindingOf(q, p, a) && !evaluated(q, a) && !holdsBindingOf(q, p, b) "
                    + "&& rendered(p, x) && rendered(p, a) && rendered(p, b)",
                renders: ["x", "a", "b", "c"]),
            checker: false)
    }

    /// The trees' flag, transition by transition: set by the first render's binding (every body runs
    /// in the trees' first render) and kept while the owner survives, cleared by its new identity,
    /// set by a later binding only where `BodyEvaluator` ran the holder (`ViewChainTrees.flagging`),
    /// and by a change of its state the owner's body read.
    func testTheTreesCarryTheFlagAsTheScenarioRunnerDoes() {
        let location = 1
        func owner(survives: Bool, firstChange: StateChange = .none) -> [ViewLink] {
            [
                // Its value changes, so its body runs and the holder below it is compared.
                ViewLink(
                    survives: survives, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], hasState: true, stateChange: firstChange,
                    stateLocation: location),
                ViewLink(
                    survives: true, parentEvaluated: false, old: [.plain(1)], new: [.plain(1)], hasState: true, stateChange: .changedUnread,
                    stateLocation: location),
            ]
        }
        func holder(_ first: PropertyValue, _ second: PropertyValue, equality: ViewEquality = .notEquatable) -> [ViewLink] {
            [
                ViewLink(survives: true, parentEvaluated: true, old: [first], new: [second], equality: equality, equatable: equality != .notEquatable),
                ViewLink(survives: true, parentEvaluated: true, old: [second], new: [second], equality: equality, equatable: equality != .notEquatable),
            ]
        }
        let binding = PropertyValue.projectedBinding(location: location, value: 0)
        let manual = PropertyValue.manualBinding(value: 0)
        let cases: [(String, [[ViewLink]], [Bool])] = [
            ("held first, then dropped", [owner(survives: true), holder(binding, manual)], [true, true]),
            ("held first, owner's identity lost", [owner(survives: false), holder(binding, manual)], [true, false]),
            ("handed down second, the holder ran", [owner(survives: true), holder(manual, binding)], [false, true]),
            ("handed down second, compared equal", [owner(survives: true), holder(manual, binding, equality: .alwaysTrue)], [false, false]),
            // The owner's own body read the first change: its flag is set from then on (read-flag-renders.lemma).
            ("no binding, the owner read its first change", [owner(survives: true, firstChange: .changedRead), holder(manual, manual)], [false, true]),
            ("no binding, the owner's first change unread", [owner(survives: true, firstChange: .changedUnread), holder(manual, manual)], [false, false]),
        ]
        for (what, histories, expected) in cases {
            let trees = ViewChainTrees.flagging(
                histories: histories, parents: [nil, 0], names: ["p", "q"], bindings: [(holder: 1, owner: 0)], rules: .runtime,
                identityRules: .runtime)
            XCTAssertEqual(trees.flags[0], expected, what)
            // The flag reaches `BodyEvaluator`: the unread change at the second transition runs p exactly where it is set.
            let observed = trees.observe(rules: .runtime, identityRules: .runtime)
            XCTAssertEqual(observed[0][1].view.evaluated, expected[1], what)
        }
    }

    /// FINDINGS.md 65: over two renders, "a binding the first render shows makes the owner's unread
    /// change run it" ended unknown (the trees' first render ran the holder, which set the flag) and
    /// is refuted now, on trees with a render before the first in which the holder, `== true`, was
    /// compared equal; its true neighbour ("the unread change alone runs nothing") is proved, its
    /// assumptions witnessed on such trees.
    func testARenderBeforeTheFirstShowsABindingThatSetNoFlag() throws {
        func lemma(_ name: String, show: String) -> String {
            """
            lemma \(name) {
              summary "x"; source I8, I4; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume holdsBindingOf(q, p) && rendered(p, before)
              assume stateUnread(p, after) && !stateRead(p, after) && !signalled(p, after) && !parentEvaluated(p, after)
              show \(show)
            }
            """
        }
        let reports = try SingleLemmaFile.runAll([
            "runs": lemma("runs", show: "evaluated(p, after)"), "skipped": lemma("skipped", show: "!evaluated(p, after)"),
        ])
        let outcomes = Dictionary(uniqueKeysWithValues: reports.map { ($0.name, $0) })
        guard case .refuted(let counterexample) = outcomes["runs"]?.outcome else { return XCTFail("\(String(describing: outcomes["runs"]))") }
        XCTAssertEqual(counterexample.renders.map(\.name), ["earlier than before", "before", "after"])
        XCTAssertTrue(counterexample.renders[1].code.contains("an observed dependency signalled"), counterexample.renders[1].code)
        guard case .proved(.unbounded) = outcomes["skipped"]?.outcome else { return XCTFail("\(String(describing: outcomes["skipped"]))") }
        // The printed renders run back as a scenario give the same verdicts; without the earlier
        // render, the first render's binding sets the flag and the unread change runs p.
        let codes = counterexample.renders.map(\.code)
        func scenario(_ name: String, _ renders: [String], _ check: String) -> String {
            """
            scenario \(name) {
              summary "x"; source I8, I4; rules runtime; invalidation runtime; expect holds
              \(renders.dropLast().map { "render { \($0) }" }.joined(separator: "\nsignal p\n"))
              set parent = 1
              set p = 1 unread
              render { \(renders.last!) }
              check p \(check)
            }
            """
        }
        let scenarios = try SingleLemmaFile.runAll([
            "with_earlier": scenario("with_earlier", codes, "skipped"), "without": scenario("without", Array(codes.dropFirst()), "evaluated"),
        ])
        XCTAssertEqual(scenarios.count, 2)
        for report in scenarios {
            guard case .proved = report.outcome else { return XCTFail("\(report.name): \(report.outcome): \(report.message)") }
        }
    }

    /// The render before the first: a holder compared equal there (`== true`) sets no flag in the
    /// first render, one compared field by field ran (its binding's location changed) and set it;
    /// without the earlier render the first render runs every body.
    func testTheRenderBeforeTheFirstRunsTheHolderAsBodyEvaluatorDoes() {
        let location = 1
        let owner = [
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], hasState: true, stateChange: .changedUnread, stateLocation: location)
        ]
        func holder(_ equality: ViewEquality) -> [ViewLink] {
            let binding = PropertyValue.projectedBinding(location: location, value: 0)
            return [ViewLink(survives: true, parentEvaluated: false, old: [binding], new: [binding], equality: equality, equatable: equality != .notEquatable)]
        }
        for (equality, flagged) in [(ViewEquality.alwaysTrue, false), (.notEquatable, true)] {
            let trees = ViewChainTrees.flagging(
                histories: [owner, holder(equality)], parents: [nil, 0], names: ["p", "q"], bindings: [(holder: 1, owner: 0)], rules: .runtime,
                identityRules: .runtime, earlierRender: true)
            XCTAssertEqual(trees.earlier?.ran, [true, flagged], "\(equality)")
            XCTAssertEqual(trees.flags[0], [flagged], "\(equality)")
            XCTAssertEqual(trees.named(renderNames: ["before", "after"], names: ["p", "q"]).map(\.name), ["earlier than before", "before", "after"])
            XCTAssertEqual(trees.observe(rules: .runtime, identityRules: .runtime)[0][0].view.evaluated, flagged, "\(equality)")
        }
        let plain = ViewChainTrees.flagging(
            histories: [owner, holder(.alwaysTrue)], parents: [nil, 0], names: ["p", "q"], bindings: [(holder: 1, owner: 0)], rules: .runtime,
            identityRules: .runtime)
        XCTAssertNil(plain.earlier)
        XCTAssertEqual(plain.flags[0], [true])
    }

    /// The render argument names a render another follows; the last is refused, and over three
    /// renders the two-argument form is accepted and is the first render: it compiles to what
    /// `holdsBindingOf(q, p, a)` does.
    func testTheRenderArgument() throws {
        XCTAssertEqual(
            try SingleLemmaFile.compile(Self.lemma("holdsBindingOf(q, p) && rendered(p, a)")),
            try SingleLemmaFile.compile(Self.lemma("holdsBindingOf(q, p, a) && rendered(p, a)")))
        let last = try SingleLemmaFile.load(Self.lemma("holdsBindingOf(q, p, c)"))
        XCTAssertEqual(last.first(where: \.isError)?.id, .badArguments, "\(last)")
        for accepted in ["holdsBindingOf(q, p)", "holdsBindingOf(q, p, b)"] {
            let diagnostics = try SingleLemmaFile.load(Self.lemma(accepted))
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(accepted): \(diagnostics)")
        }
        XCTAssertEqual(try SingleLemmaFile.compile(Self.lemma("holdsBindingOf(q, p, b)")).bindingPairs.map { [$0.holder, $0.owner] }, [[1, 0]])
    }
}
