import Foundation
import IdentityModel
import TestSupport
import XCTest
import Z3Kit

@testable import Encoding

final class ReductionObligationTests: XCTestCase {
    private let runner = ObligationRunner()

    /// The obligations a mutation must break; every other obligation stays proved.
    private let brokenBy: [RuleMutation: Set<String>] = [
        .idOverridesStructure: ["locality.explicitID", "prefix.explicitID"],
        .optionalShiftsSiblings: ["siblings.tuple"],
        .forEachByOffset: ["siblings.forEach"],
        .armsShareIdentity: [],
        .modifierValueInIdentity: [],
        .reReadInitialValue: [],
        .anyViewIgnoresType: [],
        .noRetention: [],
        .retentionIgnoresContainer: [],
        .anyViewAlwaysRebuilds: [],
        .anyViewNotUnwrapped: [],
        .transientReadsIgnored: [],
        .evictionIgnored: [],
        .idValueIgnored: [],
        .forEachKeyIgnored: [],
        .containerKindIgnored: [],
        .initialValueIgnored: [],
        .duplicateKeysMerged: [],
    ]

    func testObligationIdsAreStableAndUnique() {
        let constructs = [
            "tuple", "conditional", "optional", "forEach", "explicitID", "modified", "anyView", "container",
        ]
        let expected = ["locality.base"] + constructs.map { "locality.\($0)" }
            + ["map.pointwise.base", "map.pointwise.step", "siblings.tuple", "siblings.forEach", "prefix.base"]
            + constructs.map { "prefix.\($0)" }
        let obligations = ReductionObligations(rules: .runtime)
        XCTAssertEqual(obligations.map(\.id), expected)
        XCTAssertEqual(obligations[id: "siblings.forEach"]?.theorem, .siblingIndependence)
        XCTAssertEqual(obligations[id: "prefix.explicitID"]?.inductionCase, .construct(.explicitID))
        XCTAssertTrue(obligations.allSatisfy { !$0.statement.isEmpty && $0.rules == .runtime })
    }

    /// The obligations of the real rule sets, each checked on its own (they run at once).
    private static var realObligations: [Obligation] { [RuleSet.runtime, .documented, .ios18_0].flatMap { Array(ReductionObligations(rules: $0)) } }

    func testEveryObligationIsProvedUnderTheRealRules() throws {
        let runner = runner
        let results = try Concurrently.map(Self.realObligations) { try runner.discharge($0) }
        XCTAssertEqual(results.count, 3 * ReductionObligations(rules: .runtime).count)
        for result in results {
            XCTAssertEqual(result.verdict, .proved, "\(result)")
            XCTAssertGreaterThan(result.resourceCount, 0, "\(result)")
        }
    }

    /// A proof from contradictory premises would prove nothing: the premises alone must be satisfiable.
    func testNoObligationIsVacuous() throws {
        let satisfiable = try Concurrently.map(Self.realObligations) { obligation -> Bool in
            let context = try Z3Context(timeoutMilliseconds: 10_000)
            let solver = try Z3Solver(context)
            for premise in try ObligationQuery.query(for: obligation, in: context).premises {
                solver.assert(premise)
            }
            guard case .sat = try solver.check() else { return false }
            return true
        }
        for (obligation, satisfiable) in zip(Self.realObligations, satisfiable) {
            XCTAssertTrue(satisfiable, "\(obligation): the premises are not satisfiable")
        }
    }

    /// The runner's own vacuity check, which every run makes after a proof: premises that hold of
    /// nothing make the obligation `vacuous`, satisfiable ones leave the proof as it is.
    func testTheRunnerCallsAProofFromContradictoryPremisesVacuous() throws {
        let session = try SolverSession(budget: .standard)
        let context = session.context
        let x = context.const("x", context.intSort)
        let contradictory = [x.gt(context.int(1)), x.lt(context.int(0))]
        XCTAssertEqual(try session.withScope { try ObligationRunner.premisesVerdict(contradictory, in: session) }, .vacuous)
        let satisfiable = [x.gt(context.int(1))]
        XCTAssertNil(try session.withScope { try ObligationRunner.premisesVerdict(satisfiable, in: session) })
        XCTAssertNil(try session.withScope { try ObligationRunner.premisesVerdict([], in: session) })
    }

    func testEachMutationFailsExactlyTheObligationsItBreaks() throws {
        try SlowTier.require()
        for mutation in RuleMutation.allCases {
            let broken = try XCTUnwrap(brokenBy[mutation], "no expectation for \(mutation)")
            var failed: Set<String> = []
            for obligation in ReductionObligations(rules: RuleSet.runtime.mutated(mutation)) {
                let result = try runner.discharge(obligation)
                switch result.verdict {
                case .proved: break
                case .failed(let model):
                    XCTAssertFalse(model.isEmpty, "\(result)")
                    failed.insert(obligation.id)
                case .unknown, .vacuous: XCTFail("\(result)")
                }
            }
            XCTAssertEqual(failed, broken, "\(mutation)")
        }
    }

    /// The failures are not artefacts of the free helper functions in the models: on concrete
    /// renders, each mutation breaks the theorem its obligations fail, and the real rules do not.
    func testMutationsBreakTheTheoremsOnConcreteRenders() throws {
        let counter = Render.stateful("Counter", initialValue: 0, label: "c")
        func identities(_ render: Render, _ rules: RuleSet) -> [Identity] {
            render.statefulPaths(rules: rules, generation: 1).map(\.identity)
        }
        // siblings.tuple: child 1 is the same; child 0 is an absent optional in one, a Text in the other.
        let absentFirst = Render.tuple([.optional(.leaf(.text), nil), counter])
        let textFirst = Render.tuple([.leaf(.text), counter])
        let shifting = RuleSet.runtime.mutated(.optionalShiftsSiblings)
        XCTAssertEqual(identities(absentFirst, .runtime), identities(textFirst, .runtime))
        XCTAssertNotEqual(identities(absentFirst, shifting), identities(textFirst, shifting))
        // siblings.forEach: the row with key 7 at offset 0 and at offset 1.
        func rows(_ keys: [Key]) -> Render {
            .forEach(.identifiable, content: counter.program, rows: keys.map { ForEachRow(key: $0, content: counter) })
        }
        let alone = rows([7])
        let second = rows([1, 7])
        let byOffset = RuleSet.runtime.mutated(.forEachByOffset)
        XCTAssertEqual(identities(alone, .runtime).first, identities(second, .runtime).last)
        XCTAssertNotEqual(identities(alone, byOffset).first, identities(second, byOffset).last)
        // prefix.explicitID: two `.id(5)` under different slots; locality.explicitID: the identity is
        // not the map of the rules over the steps.
        let twice = Render.tuple([.explicitID(5, counter), .explicitID(5, counter)])
        let overriding = RuleSet.runtime.mutated(.idOverridesStructure)
        XCTAssertEqual(Set(identities(twice, .runtime)).count, 2)
        XCTAssertEqual(Set(identities(twice, overriding)).count, 1)
        for (rules, local) in [(RuleSet.runtime, true), (overriding, false)] {
            for path in twice.statefulPaths(rules: rules, generation: 1) {
                let mapped = Identity(path.steps.map { rules.element(of: $0, generation: 1) } + [.type(path.leafType)])
                XCTAssertEqual(path.identity == mapped, local, "\(rules): \(path)")
            }
        }
    }

    func testExportedScriptsAreUnsatInZ3AndCvc5() throws {
        try SlowTier.require()
        let solvers = try installedSolvers()
        for obligation in ReductionObligations(rules: .runtime) {
            let script = try XCTUnwrap(runner.discharge(obligation).script)
            for (name, command) in solvers {
                XCTAssertEqual(try run(command, on: script), "unsat", "\(name) on \(obligation.id)")
            }
        }
    }

    func testExportedScriptsOfBrokenObligationsAreSatInZ3AndCvc5() throws {
        let solvers = try installedSolvers()
        for (mutation, ids) in brokenBy {
            let obligations = ReductionObligations(rules: RuleSet.runtime.mutated(mutation))
            for id in ids {
                let script = try XCTUnwrap(runner.discharge(try XCTUnwrap(obligations[id: id])).script)
                for (name, command) in solvers {
                    XCTAssertEqual(try run(command, on: script), "sat", "\(name) on \(id) under \(mutation)")
                }
            }
        }
    }

    // MARK: External solvers

    /// The z3 and cvc5 command lines; a missing binary fails the test.
    private func installedSolvers() throws -> [(String, [String])] {
        [("z3", [try ExternalTool.path(of: "z3")]), ("cvc5", [try ExternalTool.path(of: "cvc5")] + ObligationRunner.cvc5Arguments)]
    }

    /// Runs `command` on `script`, saved to a temporary file, and returns its trimmed output.
    private func run(_ command: [String], on script: String) throws -> String {
        try ExternalTool.run(command[0], Array(command.dropFirst()), onScript: script)
    }
}
