import IdentityModel
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover

/// The checker's shared walks and its early cut of assumptions change no verdict: on every shipped
/// identity lemma (and the search for its assumptions' witness), the walk the run shares among
/// lemmas of one `CaseKey` finds the counterexample a plain search finds, one that binds every path
/// before it evaluates the whole statement, walking each lemma alone.
final class SharedWalkAgreementTests: XCTestCase {
    private let bound = Bound(depth: 2, branching: 2)

    func testSharedWalksAgreeWithAPlainSearchOfEachLemmaAlone() throws {
        try SlowTier.require()
        let route = BoundedRoute(workers: 1)
        var specs: [LemmaSpec] = []
        for spec in LemmaSet.specs() {
            specs.append(spec)
            if !spec.assumptions.isEmpty { specs.append(Verifier.witnessSpec(of: spec)) }
        }
        var groups: [BoundedRoute.CaseKey: [LemmaSpec]] = [:]
        for spec in specs { groups[route.caseKey(of: spec, bound: bound), default: []].append(spec) }
        XCTAssertLessThan(groups.count, specs.count / 2, "lemmas should share walks")
        var refuted = 0
        for (key, members) in groups {
            let together = route.run(members, bound: bound)
            for (spec, result) in zip(members, together) {
                let plain = PlainSearch.firstViolation(of: spec, key: key)
                switch (result.answer, plain) {
                case (.holds, nil): break
                case (.refuted(let found), let expected?):
                    refuted += 1
                    XCTAssertEqual(found.renders.map(\.code), expected.renders.map(\.code), spec.name)
                    XCTAssertEqual(found.paths, expected.paths, spec.name)
                default:
                    XCTFail("\(spec.name): the shared walk says \(result.answer), the plain search \(plain.map { "\($0.paths)" } ?? "holds")")
                }
            }
        }
        XCTAssertGreaterThan(refuted, 20, "witnesses and false lemmas should be found")
    }
}
