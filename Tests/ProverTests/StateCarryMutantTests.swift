import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover
@testable import Scenarios

/// The mutants of what a set leaves to the later renders (I8's `i8StateAfter`: `setAppliedAgain`,
/// `stateCarriedToNewIdentity`) and of a skipped body's reads (`i8Tracking`: `skippedBodyReadsTracked`):
/// each refutes shipped proved lemmas no other mutant breaks, with a counterexample Z3 found and
/// the trees replayed, while the rules do not; over three renders the checker refutes as well; and
/// a scenario's runner applies them as the lemmas' trees do, both of its routes agreeing.
final class StateCarryMutantTests: XCTestCase {
    private static let redTeam = Repository.lemmas.appendingPathComponent("invalidation/red-team-renders.lemma")
    private static let renders = Repository.lemmas.appendingPathComponent("invalidation/mutations-renders.lemma")

    /// A set on an identity lost at its own transition, the next one surviving, over three renders:
    /// no change at the third (proved under the rules; the red team's four-render lemma's shape
    /// within the checker's three renders).
    private static let lostThenKept = """
        lemma lost_then_kept {
          summary "x"; source I1, I8; rules runtime; invalidation runtime; expect holds
          renders a, b, c
          forall p: path in c
          mutate p after a
          assume !rendered(p, a) && rendered(p, b) && p.set != p.state
          show !stateRead(p, c) && !stateUnread(p, c)
        }
        """

    private static func spec(_ name: String, in file: URL) throws -> InvalidationLemmaSpec {
        try XCTUnwrap(LemmaSet.invalidationSpecs(files: [file]).first { $0.name == name }, "no lemma \(name)")
    }

    /// The red team's lemmas listed without a mutant until these existed: each is refuted under its
    /// mutant by Z3 with a replayed counterexample, and not under the rules.
    func testEachMutantRefutesTheRedTeamLemmasNoOtherMutantBroke() throws {
        let cases: [(name: String, mutation: InvalidationMutation)] = [
            ("rt_set_after_the_first_of_four_renders_changes_the_state_once", .setAppliedAgain),
            ("rt_sets_on_three_views_over_six_renders", .setAppliedAgain),
            ("rt_set_on_an_identity_lost_next_is_never_a_change", .stateCarriedToNewIdentity),
            ("rt_observable_reads_of_a_body_that_did_not_run_are_not_tracked", .skippedBodyReadsTracked),
        ]
        let specs = try cases.map { try Self.spec($0.name, in: Self.redTeam) }
        let runs = try Concurrently.map(Array(zip(specs, cases.map(\.mutation)))) { spec, mutation -> (SolverAnswerKind, SolverAnswerKind) in
            var mutant = spec
            mutant.rules = spec.rules.mutated(mutation)
            let route = InvalidationSolverRoute(budget: .standard)
            return (SolverAnswerKind(route.run(spec, exportScript: false).answer), SolverAnswerKind(route.run(mutant, exportScript: false).answer))
        }
        for (run, test) in zip(runs, cases) {
            XCTAssertEqual(run.0, .proved, "\(test.name) under the rules")
            XCTAssertEqual(run.1, .refuted, "\(test.name) under \(test.mutation)")
        }
    }

    /// Over three renders the checker, which enumerates the sets and carries them by `StateCarry`,
    /// refutes each mutant's lemma too: Z3's encoding and the explicit trees read the mutant alike.
    func testTheCheckerRefutesUnderEachMutantOverThreeRenders() throws {
        let cases: [(InvalidationLemmaSpec, InvalidationMutation)] = [
            (try Self.spec("inval_set_after_the_first_render_runs_once", in: Self.renders), .setAppliedAgain),
            (try SingleLemmaFile.compile(Self.lostThenKept), .stateCarriedToNewIdentity),
            (try Self.spec("rt_observable_reads_of_a_body_that_did_not_run_are_not_tracked", in: Self.redTeam), .skippedBodyReadsTracked),
        ]
        let runs = try Concurrently.map(cases) { spec, mutation -> [SolverAnswerKind] in
            var mutant = spec
            mutant.rules = spec.rules.mutated(mutation)
            let checker = InvalidationBoundedRoute(domain: ObservedDomain())
            return [
                SolverAnswerKind(checker.run(spec).answer), SolverAnswerKind(checker.run(mutant).answer),
                SolverAnswerKind(InvalidationSolverRoute(budget: .standard).run(mutant, exportScript: false).answer),
            ]
        }
        for (run, (spec, mutation)) in zip(runs, cases) {
            XCTAssertNotEqual(run[0], .refuted, "the checker refuted \(spec.name) under the rules")
            XCTAssertEqual(run[1], .refuted, "the checker under \(mutation) on \(spec.name)")
            XCTAssertEqual(run[2], .refuted, "Z3 under \(mutation) on \(spec.name)")
        }
    }

    /// Each mutant only where its reading differs: the rule function itself, transition by transition.
    func testTheRuleFunctionCarriesNothingUnderTheRules() {
        let set = StateUpdate(value: 1, read: true)
        let rules = InvalidationRules.runtime
        XCTAssertEqual(rules.i8StateAfter(held: 0, initial: 5, survives: true, set: set, carried: nil), StateStep(value: 1, change: .changedRead))
        XCTAssertEqual(rules.i8StateAfter(held: 0, initial: 5, survives: false, set: set, carried: nil), StateStep(value: 5, change: .none))
        XCTAssertEqual(rules.i8StateAfter(held: 1, initial: 5, survives: true, set: nil, carried: nil), StateStep(value: 1, change: .none))
        XCTAssertEqual(rules.i8StateAfter(held: 1, initial: 5, survives: true, set: nil, carried: set), StateStep(value: 1, change: .none))

        let again = rules.mutated(.setAppliedAgain)
        XCTAssertEqual(again.i8StateAfter(held: 0, initial: 5, survives: true, set: set, carried: nil).carried, set)
        XCTAssertEqual(again.i8StateAfter(held: 1, initial: 5, survives: true, set: nil, carried: set), StateStep(value: 1, change: .changedRead, carried: set))
        XCTAssertEqual(again.i8StateAfter(held: 1, initial: 5, survives: false, set: nil, carried: set), StateStep(value: 5, change: .none))
        // A set of the value held commits nothing, so nothing is applied again.
        XCTAssertNil(again.i8StateAfter(held: 1, initial: 5, survives: true, set: set, carried: nil).carried)

        let carried = rules.mutated(.stateCarriedToNewIdentity)
        XCTAssertEqual(carried.i8StateAfter(held: 0, initial: 5, survives: false, set: set, carried: nil), StateStep(value: 5, change: .none, carried: set))
        XCTAssertEqual(carried.i8StateAfter(held: 5, initial: 7, survives: true, set: nil, carried: set), StateStep(value: 1, change: .changedRead))
        // The new storage already holding the value set: no change.
        XCTAssertEqual(carried.i8StateAfter(held: 1, initial: 7, survives: true, set: nil, carried: set), StateStep(value: 1, change: .none))
        XCTAssertNil(carried.i8StateAfter(held: 0, initial: 5, survives: true, set: set, carried: nil).carried)
    }

    private func run(_ body: String, mutation: InvalidationMutation?) throws -> ScenarioRun {
        let text = "scenario S {\n  summary \"s\"; source I8; rules runtime; invalidation runtime; expect holds\n\(body)\n}\n"
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(result.diagnostics.map(\.message), [])
        let scenario = try XCTUnwrap(result.scenarios.first)
        return ScenarioRunner(rules: .runtime, file: "S.lemma", invalidationMutation: mutation).run(scenario)
    }

    /// A scenario each mutant fails and the rules pass, both routes agreeing on every render (no
    /// error): the runner carries a set as `StateCarry` does for the lemmas' trees.
    func testScenariosFailUnderTheMutantsOnBothRoutes() throws {
        let appliedAgain = """
            render { Screen(state: 0) @screen { Counter(state: 0) @counter } }
            set counter = 1
            render { Screen(state: 0) @screen { Counter(state: 0) @counter } }
            check counter evaluated because state
            render { Screen(state: 0) @screen { Counter(state: 0) @counter } }
            check counter skipped
            """
        let newIdentity = """
            render { Screen(state: 0) @screen { VStack { Counter(state: 0) @counter }.id(1) } }
            set screen = 1
            set counter = 1
            render { Screen(state: 0) @screen { VStack { Counter(state: 0) @counter }.id(2) } }
            check counter evaluated
            render { Screen(state: 0) @screen { VStack { Counter(state: 0) @counter }.id(2) } }
            check screen skipped
            check counter skipped
            """
        let skippedReads = """
            render { App() @app { Row(store: observable(1)) @row { Text(store.a) } } }
            render { App() @app { Row(store: observable(1)) @row { Text(store.b) } } }
            check row skipped
            set observable(1).b = 2
            render { App() @app { Row(store: observable(1)) @row { Text(store.b) } } }
            check row skipped
            """
        // The views whose checks fail under each mutant: its own scenario's; `setAppliedAgain` also
        // runs the second's screen again, whose set is applied again at its third render.
        let expected: [(body: String, failures: [InvalidationMutation: [String]])] = [
            (appliedAgain, [.setAppliedAgain: ["counter"]]),
            (newIdentity, [.stateCarriedToNewIdentity: ["counter"], .setAppliedAgain: ["screen"]]),
            (skippedReads, [.skippedBodyReadsTracked: ["row"]]),
        ]
        for (body, failures) in expected {
            let correct = try run(body, mutation: nil)
            XCTAssertNil(correct.error, "\(String(describing: correct.error))")
            XCTAssertEqual(correct.failures.count, 0, "the rules fail \(correct.failures)")
            for mutation in [InvalidationMutation.setAppliedAgain, .stateCarriedToNewIdentity, .skippedBodyReadsTracked] {
                let broken = try run(body, mutation: mutation)
                XCTAssertNil(broken.error, "\(mutation): \(String(describing: broken.error))")
                let failed = broken.failures.compactMap(\.found.label)
                XCTAssertEqual(failed, failures[mutation] ?? [], "\(mutation) on \(body)")
            }
        }
    }
}

/// An answer's kind, to compare answers of either route without their payloads.
private enum SolverAnswerKind: Equatable {
    case proved, refuted, other

    init(_ answer: SolverAnswer) {
        switch answer {
        case .proved: self = .proved
        case .refuted: self = .refuted
        default: self = .other
        }
    }

    init(_ answer: BoundedResult.Answer) {
        switch answer {
        case .holds: self = .proved
        case .refuted: self = .refuted
        case .inapplicable, .exhausted: self = .other
        }
    }
}
