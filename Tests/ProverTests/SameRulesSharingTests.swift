import Encoding
import Foundation
import IdentityModel
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Rule sets that differ in name only (`ios18_4` and `runtime`) share their reduction obligations
/// and the checker's walks; sets that differ in any rule share nothing, and each set's report keeps
/// its own name.
final class SameRulesSharingTests: XCTestCase {
    /// One statement under three sets: iOS 18.0's transient reads refute it, the other two do not.
    static let lemmas = ["ios18_0": "refuted", "ios18_4": "holds", "runtime": "holds"].map { rules, expectation in
        """
        lemma twice_read_\(rules) { source R4; rules \(rules); expect \(expectation)
          forall p: path in before, q: path in after
          assume sameView(p, q)
          assume forall i in p: (p[i].kind == .forEach => p[i].key == q[i].key)
                             && (p[i].kind == .explicitID => p[i].id == q[i].id)
          show survives(p, q) }

        """
    }.joined()

    func testOnlyTheNameIsDropped() {
        XCTAssertEqual(RuleSet.ios18_4.unnamed, RuleSet.runtime.unnamed)
        XCTAssertNotEqual(RuleSet.ios18_4, RuleSet.runtime)
        for rules in RuleSet.all where rules.name != "ios18_4" && rules.name != "runtime" {
            XCTAssertNotEqual(rules.unnamed, RuleSet.runtime.unnamed, rules.name)
        }
        for mutation in RuleMutation.allCases {
            XCTAssertNotEqual(RuleSet.runtime.mutated(mutation).unnamed, RuleSet.runtime.unnamed, "\(mutation)")
            XCTAssertEqual(RuleSet.runtime.mutated(mutation).unnamed, RuleSet.ios18_4.mutated(mutation).unnamed, "\(mutation)")
        }
    }

    /// FINDINGS.md 71: a set that differs from `runtime` only in `itemLevelRetention`
    /// (`docs/examples/item-retention.rules`) is other rules: `unnamed` dropped the option, so the
    /// checker walked such a set as `runtime` and disagreed with Z3's proof.
    func testItemLevelRetentionIsKeptWithoutTheName() {
        let itemRetention = RuleSet.runtime.copy(name: "itemRetention", mutation: nil, itemLevelRetention: true)
        XCTAssertTrue(itemRetention.unnamed.itemLevelRetention)
        XCTAssertNotEqual(itemRetention.unnamed, RuleSet.runtime.unnamed)
        XCTAssertEqual(itemRetention.unnamed, itemRetention.renamed("other").unnamed)
        let spec = LemmaSpec(name: "l", paths: [], rules: itemRetention, expectation: .holds, assumptions: [], conclusion: .constant(true))
        XCTAssertTrue(BoundedRoute().caseKey(of: spec, bound: Bound(depth: 2, branching: 2)).rules.itemLevelRetention)
    }

    func testSetsThatDifferInARuleWalkApart() {
        let route = BoundedRoute()
        let bound = Bound(depth: 2, branching: 2)
        func spec(_ rules: RuleSet) -> LemmaSpec {
            LemmaSpec(name: rules.name, paths: [], rules: rules, expectation: .holds, assumptions: [], conclusion: .constant(true))
        }
        XCTAssertEqual(route.caseKey(of: spec(.ios18_4), bound: bound), route.caseKey(of: spec(.runtime), bound: bound))
        XCTAssertNotEqual(route.caseKey(of: spec(.ios18_0), bound: bound), route.caseKey(of: spec(.runtime), bound: bound))
    }

    func testAReducedRunKeepsEachSetsVerdictsAndNames() throws {
        let folder = try Repository.temporaryFolder(["twice.lemma": Self.lemmas])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertEqual(report.exitCode, 0)
        let verdicts = Dictionary(uniqueKeysWithValues: report.lemmas.map { ($0.name, $0.verdict) })
        XCTAssertEqual(verdicts, ["twice_read_ios18_0": .refuted, "twice_read_ios18_4": .proved, "twice_read_runtime": .proved])

        let reductions = Dictionary(uniqueKeysWithValues: report.reductions.map { ($0.rules.name, $0) })
        XCTAssertEqual(Set(reductions.keys), ["ios18_0", "ios18_4", "runtime"])
        let runtime = try XCTUnwrap(reductions["runtime"]), ios18_4 = try XCTUnwrap(reductions["ios18_4"])
        XCTAssertNil(runtime.shortfall)
        XCTAssertEqual(runtime.rules, .runtime)
        XCTAssertEqual(ios18_4.rules, .ios18_4)
        XCTAssertEqual(ios18_4.ids, runtime.ids)
        XCTAssertFalse(ios18_4.results.isEmpty)
        for (shared, own) in zip(ios18_4.results, runtime.results) {
            XCTAssertEqual(shared.obligation.rules, .ios18_4, shared.obligation.id)
            XCTAssertEqual(own.obligation.rules, .runtime, own.obligation.id)
            XCTAssertEqual(shared.resourceCount, own.resourceCount, shared.obligation.id)
            XCTAssertEqual("\(shared.verdict)", "\(own.verdict)", shared.obligation.id)
            // One discharge for both: the very time measured for runtime's check, not a second check's.
            XCTAssertEqual(shared.seconds, own.seconds, shared.obligation.id)
        }
        XCTAssertEqual(reductions["ios18_0"]?.results.map(\.obligation.rules), reductions["ios18_0"]?.results.map { _ in .ios18_0 })
    }

    /// The schedule observes each invalidation lemma's domain ahead (`observe(for:)`, keyed by
    /// `domainKey(of:)`): a lemma the checker enumerates has a key, one it does not has none, and a
    /// lemma run on a domain observed ahead for another lemma of its key finds what it finds alone.
    /// Here the shipped set's first one-view key and first chain key (each key observes its domain
    /// twice, tens of thousands of views); the slow tier's test below takes the other keys.
    func testEachEnumeratedInvalidationLemmaHasTheDomainKeyItReads() throws {
        let (keys, byKey) = Self.domainKeys()
        let oneView = try XCTUnwrap(keys.first { $0.chain == nil }, "no one-view domain")
        let chain = try XCTUnwrap(keys.first { $0.chain != nil }, "no chain domain")
        try assertADomainObservedAheadIsTheDomainAlone([oneView, chain].map { byKey[$0]! })
    }

    /// Every other domain key of the shipped set, as above.
    func testEveryOtherDomainKeyObservedAheadIsTheDomainAlone() throws {
        try SlowTier.require()
        let (keys, byKey) = Self.domainKeys()
        let first = [keys.first { $0.chain == nil }, keys.first { $0.chain != nil }]
        try assertADomainObservedAheadIsTheDomainAlone(keys.filter { !first.contains($0) }.map { byKey[$0]! })
    }

    /// The domain keys of the shipped set's invalidation lemmas, in the order of their first
    /// lemma, and each key's lemmas; a lemma with no key must be one the checker does not enumerate.
    private static func domainKeys()
        -> (keys: [InvalidationBoundedRoute.DomainKey], byKey: [InvalidationBoundedRoute.DomainKey: [InvalidationLemmaSpec]])
    {
        var keys: [InvalidationBoundedRoute.DomainKey] = []
        var byKey: [InvalidationBoundedRoute.DomainKey: [InvalidationLemmaSpec]] = [:]
        for spec in LemmaSet.invalidationSpecs() {
            guard let key = InvalidationBoundedRoute.domainKey(of: spec) else {
                // Lemmas naming dependency atoms over two views (unrelated, or a parent and its child:
                // `runParentDependencies`), lemmas over an @Observable's tracking across renders or
                // through a parent (`runTracking`), lemmas over environment keys or objects across renders
                // (`runDependencyChains`), lemmas that `mutate` one view over two renders, and lemmas
                // naming holdsBindingOf (`runBindings`), enumerate their own small domain.
                let dependencies = !spec.observableProperties.isEmpty || !spec.environmentKeys.isEmpty || !spec.objects.isEmpty
                    || spec.namesStateObject
                let tracking = !spec.observableProperties.isEmpty && !spec.isSingleTransitionOfUnrelatedViews
                let chains = (!spec.environmentKeys.isEmpty || !spec.objects.isEmpty) && !spec.isSingleTransitionOfUnrelatedViews
                if (dependencies && spec.paths.count == 2) || tracking || chains || !spec.bindingPairs.isEmpty
                    || (!spec.mutated.isEmpty && spec.isSingleTransitionOfUnrelatedViews)
                {
                    continue
                }
                if case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer { continue }
                XCTFail("\(spec.name) has no domain key but is enumerated")
                continue
            }
            if byKey[key] == nil { keys.append(key) }
            byKey[key, default: []].append(spec)
        }
        XCTAssertGreaterThan(keys.count, 3, "one-view and chain domains under several rule sets")
        return (keys, byKey)
    }

    /// For each group of lemmas of one key: the last lemma run on the domain observed ahead for
    /// the first finds what it finds on a domain of its own. The groups run at once on every core.
    private func assertADomainObservedAheadIsTheDomainAlone(_ groups: [[InvalidationLemmaSpec]]) throws {
        XCTAssertFalse(groups.isEmpty, "no domain key to check")
        let runs = try Concurrently.map(groups) { specs in
            let ahead = ObservedDomain()
            InvalidationBoundedRoute(domain: ahead).observe(for: specs[0])
            let spec = specs[specs.count - 1]
            return (
                spec: spec, shared: InvalidationBoundedRoute(domain: ahead).run(spec),
                alone: InvalidationBoundedRoute(domain: ObservedDomain()).run(spec))
        }
        for (spec, shared, alone) in runs {
            if case .inapplicable = alone.answer { XCTFail("\(spec.name) has a domain key but is not enumerated") }
            XCTAssertEqual(shared.cases, alone.cases, spec.name)
            XCTAssertGreaterThan(shared.cases, 0, spec.name)
            XCTAssertEqual(shared.unrealized, alone.unrealized, spec.name)
            XCTAssertEqual("\(shared.answer)", "\(alone.answer)", spec.name)
        }
    }
}
