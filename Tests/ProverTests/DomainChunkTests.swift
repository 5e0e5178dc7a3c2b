import Foundation
import Invalidation
import LemmaLogic
import XCTest

@testable import Prover

/// The one-view invalidation domain is observed in chunks (`ObservedDomain.chunkLength`, issue 27):
/// a lemma that is the only reader of its pair of rule sets observes it itself, and a refutation
/// observes no chunk after its counterexample's. These tests hold the chunked reading to the
/// domain observed whole first: the same answer, counterexample and counts.
final class DomainChunkTests: XCTestCase {
    /// The shipped lemma under `layoutsPending`, refuted within the domain's first views.
    func testARefutationObservesNoFurtherChunkAndFindsWhatTheWholeDomainGives() throws {
        let spec = try XCTUnwrap(LemmaSet.invalidationSpecs().first { $0.name == "inval_equatable_guarantee_before_layouts" })
        XCTAssertGreaterThan(ObservedDomain.chunks, 1)
        let onDemand = ObservedDomain()
        let found = InvalidationBoundedRoute(domain: onDemand).run(spec)
        XCTAssertEqual(onDemand.observedChunks(rules: spec.rules, identityRules: spec.identityRules), 1)

        let whole = ObservedDomain()
        InvalidationBoundedRoute(domain: whole).observe(for: spec)
        XCTAssertEqual(whole.observedChunks(rules: spec.rules, identityRules: spec.identityRules), ObservedDomain.chunks)
        let expected = InvalidationBoundedRoute(domain: whole).run(spec)
        guard case .refuted(let counterexample) = found.answer, case .refuted(let wholeCounterexample) = expected.answer else {
            return XCTFail("\(found.answer) against \(expected.answer)")
        }
        XCTAssertEqual(counterexample.paths, wholeCounterexample.paths)
        XCTAssertEqual(counterexample.renders.map(\.code), wholeCounterexample.renders.map(\.code))
        XCTAssertEqual(found.cases, expected.cases)
        XCTAssertEqual(found.unrealized, expected.unrealized)
    }

    /// A lemma that holds reads every chunk: every link a tree can give is a case, or one its trees
    /// did not realize, once.
    func testEveryRealizableLinkIsReadOnce() throws {
        let spec = try XCTUnwrap(LemmaSet.invalidationSpecs().first { $0.name == "inval_design_custom_eq_ignored_without_equatable" })
        let domain = ObservedDomain()
        let holds = InvalidationBoundedRoute(domain: domain).run(spec)
        guard case .holds = holds.answer else { return XCTFail("\(holds.answer)") }
        XCTAssertEqual(domain.observedChunks(rules: spec.rules, identityRules: spec.identityRules), ObservedDomain.chunks)
        let realizable = InvalidationBoundedRoute.links.filter { $0.isRealizable(under: spec.rules) }
        XCTAssertEqual(holds.cases + holds.unrealized, realizable.count)
    }
}
