import IdentityModel
import LemmaLogic
import XCTest

@testable import Prover

/// The checker's witness search walks the assumptions implying false (`Verifier.witnessSpecs`), so
/// that each assumption prunes the search as soon as its paths are bound; Z3 keeps the negated
/// assumptions. Both are the same statement: the walk of either finds the same first witness, or
/// none (issue 27).
final class WitnessSpecsTests: XCTestCase {
    private let bound = Bound(depth: 2, branching: 2)

    func testTheCheckersFormFindsTheWitnessOfZ3sForm() {
        let lemmas = LemmaSet.specs().filter { !$0.assumptions.isEmpty && $0.renders.count == 2 }.prefix(40)
        XCTAssertEqual(lemmas.count, 40)
        let route = BoundedRoute(workers: 1)
        var found = 0
        for spec in lemmas {
            let specs = Verifier.witnessSpecs(of: spec)
            XCTAssertEqual(specs.solver.assumptions, [], spec.name)
            XCTAssertEqual(specs.checker.assumptions, spec.assumptions, spec.name)
            XCTAssertEqual(route.caseKey(of: specs.checker, bound: bound), route.caseKey(of: specs.solver, bound: bound), spec.name)
            let pruned = route.run(specs.checker, bound: bound)
            let plain = route.run(specs.solver, bound: bound)
            switch (pruned.answer, plain.answer) {
            case (.holds, .holds): break
            case (.refuted(let witness), .refuted(let expected)):
                found += 1
                XCTAssertEqual(witness.paths, expected.paths, spec.name)
                XCTAssertEqual(witness.renders.map(\.code), expected.renders.map(\.code), spec.name)
            default: XCTFail("\(spec.name): \(pruned.answer) against \(plain.answer)")
            }
        }
        XCTAssertGreaterThan(found, 20, "witnesses should be found")
    }

    /// Assumptions no tree satisfies: neither form finds a witness (the pruned form does not make one up).
    func testUnsatisfiableAssumptionsHaveNoWitnessInEitherForm() throws {
        var spec = try XCTUnwrap(LemmaSet.specs().first { !$0.assumptions.isEmpty && $0.renders.count == 2 })
        spec.assumptions.append(.constant(false))
        let specs = Verifier.witnessSpecs(of: spec)
        let route = BoundedRoute(workers: 1)
        guard case .holds = route.run(specs.checker, bound: bound).answer, case .holds = route.run(specs.solver, bound: bound).answer else {
            return XCTFail("a witness of false assumptions")
        }
    }
}
