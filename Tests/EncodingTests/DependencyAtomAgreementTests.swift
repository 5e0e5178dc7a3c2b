import Invalidation
import LemmaLogic
import TestSupport
import XCTest
import Z3Kit

@testable import Encoding

/// The lemma encoding's dependency atoms against the trees: `@Observable` tracking (`readsProperty`,
/// `propertyChanged`) and environment keys (`declaresKey`, `environmentChanged`). For views without
/// stored properties, with the flags that matter and every tracking and change of two properties
/// (every declaration and change of two keys), Z3's verdict and realizability with the view fixed
/// are what `BodyEvaluator` and `ViewLink.isRealizable` say, under the rule sets and mutants that
/// read them.
final class DependencyAtomAgreementTests: XCTestCase {
    static let sets: [InvalidationRules] = [
        .runtime, .handWritten, .runtime.mutated(.observationPerObject), .runtime.mutated(.ownChangeIgnored),
        .runtime.mutated(.identityChangeCompared),
    ]

    static let subsets: [Set<Int>] = [[], [0], [1], [0, 1]]

    static var links: [ViewLink] {
        var result: [ViewLink] = []
        for (survives, parentEvaluated) in [(true, true), (true, false), (false, true)] {
            for signalled in [false, true] {
                for tracked in subsets {
                    for changes in subsets {
                        result.append(ViewLink(
                            survives: survives, parentEvaluated: parentEvaluated, old: [], new: [], signalled: signalled,
                            tracked: tracked, propertyChanges: changes))
                    }
                }
            }
        }
        return result
    }

    /// Views without properties, `==` none or always false (a declared key makes a view non-POD,
    /// so its always-false `==` is consulted), every declaration and change of two keys, with and
    /// without a declaration of a key the lemma does not name (non-POD too, FINDINGS.md 42).
    static var environmentLinks: [ViewLink] {
        var result: [ViewLink] = []
        for (survives, parentEvaluated) in [(true, true), (true, false), (false, true)] {
            for equality in [ViewEquality.notEquatable, .alwaysFalse] {
                for signalled in [false, true] {
                    for declared in subsets {
                        for changes in subsets {
                            for declaresUnnamed in [false, true] {
                                result.append(ViewLink(
                                    survives: survives, parentEvaluated: parentEvaluated, old: [], new: [], equality: equality,
                                    signalled: signalled, declaresUnnamedEnvironment: declaresUnnamed, declaredKeys: declared,
                                    keyChanges: changes))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    static let environmentSets: [InvalidationRules] = [
        .runtime, .handWritten, .runtime.mutated(.environmentComparedWhole), .runtime.mutated(.ownChangeIgnored),
        .runtime.mutated(.podHonoursCustomEquality),
    ]

    /// Views without properties, `==` none or always false (an observed object makes a view
    /// non-POD), every observation (`@ObservedObject`, `@EnvironmentObject`) and send of two objects.
    static var objectLinks: [ViewLink] {
        var result: [ViewLink] = []
        for (survives, parentEvaluated) in [(true, true), (true, false), (false, true)] {
            for equality in [ViewEquality.notEquatable, .alwaysFalse] {
                for observed in subsets {
                    for found in subsets {
                        for sent in subsets {
                            result.append(ViewLink(
                                survives: survives, parentEvaluated: parentEvaluated, old: [], new: [], equality: equality,
                                observedObjects: observed, foundObjects: found, objectsSent: sent))
                        }
                    }
                }
            }
        }
        return result
    }

    static let objectSets: [InvalidationRules] = [
        .runtime, .handWritten, .runtime.mutated(.environmentObjectsIgnored), .runtime.mutated(.ownChangeIgnored),
        .runtime.mutated(.podHonoursCustomEquality),
    ]

    /// Views without properties, `==` none or always false, with or without a state object, every
    /// initialiser and kept object (the ones I12 does not give are unrealizable on both sides).
    static var stateObjectLinks: [ViewLink] {
        var result: [ViewLink] = []
        for (survives, parentEvaluated) in [(true, true), (true, false), (false, true)] {
            for equality in [ViewEquality.notEquatable, .alwaysFalse] {
                for (holds, changed, kept) in [(false, false, false)] + [false, true].flatMap({ c in [false, true].map { (true, c, $0) } }) {
                    result.append(ViewLink(
                        survives: survives, parentEvaluated: parentEvaluated, old: [], new: [], equality: equality,
                        holdsStateObject: holds, initialiserChanged: changed, keepsStateObject: kept))
                }
            }
        }
        return result
    }

    static let stateObjectSets: [InvalidationRules] = [
        .runtime, .handWritten, .runtime.mutated(.stateObjectRemade), .runtime.mutated(.referencesAlwaysEqual),
        .runtime.mutated(.identityChangeCompared),
    ]

    func testEncodingAgreesWithTheTreesOnEveryStateObject() throws {
        try agree(Self.stateObjectLinks, sets: Self.stateObjectSets, properties: [], keys: [], conclusion: .holdsStateObject(0))
    }

    func testEncodingAgreesWithTheTreesOnEveryObservationAndSend() throws {
        try agree(Self.objectLinks, sets: Self.objectSets, properties: [], keys: [], objects: ["m", "n"])
    }

    func testEncodingAgreesWithTheTreesOnEveryTrackingAndChange() throws {
        try agree(Self.links, sets: Self.sets, properties: ["a", "b"], keys: [])
    }

    func testEncodingAgreesWithTheTreesOnEveryDeclarationAndKeyChange() throws {
        try agree(Self.environmentLinks, sets: Self.environmentSets, properties: [], keys: ["a", "b"])
    }

    private func agree(
        _ links: [ViewLink], sets: [InvalidationRules], properties: [String], keys: [String], objects: [String] = [],
        conclusion: InvalidationFormula = .constant(true)
    ) throws {
        var verdictsSeen: Set<Bool> = []
        for rules in sets {
            let session = try SolverSession()
            let context = session.context
            let lemma = InvalidationLemmaSpec(
                name: "agreement", paths: ["p"], observableProperties: properties, environmentKeys: keys, objects: objects, rules: rules,
                identityRules: .runtime,
                expectation: .holds, assumptions: [], conclusion: conclusion)
            let encoding = InvalidationEncoding(lemma: lemma, context: context)
            let view = encoding.histories[0][0]
            // Over two renders the body's reads are symbols only for a lemma naming them: the scripts are unchanged.
            XCTAssertEqual(view.reads.isEmpty, !lemma.namesBodyReads)
            session.assert(encoding.wellFormed(view))
            let evaluated = encoding.evaluated(view)
            let realizable = encoding.realizable(view)
            var disagreements: [String] = []
            for link in links {
                let fixedLink = context.and([
                    view.props.eq(context.int(0)), view.equality.eq(context.int(InvalidationVocabulary.code(link.equality))),
                    view.equatable.eq(context.bool(false)), view.hasState.eq(context.bool(false)),
                    view.stateRead.eq(context.bool(false)), view.stateUnread.eq(context.bool(false)),
                    view.signalled.eq(context.bool(link.signalled)), view.survives.eq(context.bool(link.survives)),
                    view.parentEvaluated.eq(context.bool(link.parentEvaluated)), view.initialSame.eq(context.bool(true)),
                    view.unnamedEnvironment.eq(context.bool(link.declaresUnnamedEnvironment)),
                ] + (view.tracks.indices.map { view.tracks[$0].eq(context.bool(link.tracked.contains($0))) })
                    + (encoding.propertyChanges[0].indices.map {
                        encoding.propertyChanges[0][$0].eq(context.bool(link.propertyChanges.contains($0)))
                    })
                    + (view.declares.indices.map { view.declares[$0].eq(context.bool(link.declaredKeys.contains($0))) })
                    + (view.keyChanged.indices.map { view.keyChanged[$0].eq(context.bool(link.keyChanges.contains($0))) })
                    + (view.observes.indices.map { view.observes[$0].eq(context.bool(link.observedObjects.contains($0))) })
                    + (view.finds.indices.map { view.finds[$0].eq(context.bool(link.foundObjects.contains($0))) })
                    + (encoding.objectsSent[0].indices.map {
                        encoding.objectsSent[0][$0].eq(context.bool(link.objectsSent.contains($0)))
                    })
                    + (view.stateObject.map {
                        [
                            $0.holds.eq(context.bool(link.holdsStateObject)),
                            $0.initialiserChanged.eq(context.bool(link.initialiserChanged)),
                            $0.kept.eq(context.bool(link.keepsStateObject)),
                        ]
                    } ?? []))
                // A tree's link: no lazy container revives it.
                let notRevived: [Z3Term] = view.revived.map { [$0.not()] } ?? []
                let fixed = context.and([fixedLink] + notRevived)
                let expectedRealizable = link.isRealizable(under: rules)
                let realizableAnswer = try session.withScope {
                    session.assert(fixed)
                    session.assert(realizable.eq(context.bool(expectedRealizable)).not())
                    return try session.check()
                }
                if case .unsat = realizableAnswer {} else { disagreements.append("\(link): isRealizable \(expectedRealizable)") }
                guard expectedRealizable else { continue }
                let observed = ViewLinkTrees(link).observe(rules: rules, identityRules: .runtime)
                verdictsSeen.insert(observed.view.evaluated)
                let answer = try session.withScope {
                    session.assert(fixed)
                    session.assert(evaluated.eq(context.bool(observed.view.evaluated)).not())
                    return try session.check()
                }
                if case .unsat = answer { continue }
                disagreements.append("\(link): BodyEvaluator \(observed.view.reason)")
            }
            XCTAssertEqual(disagreements, [], "under \(rules.name)")
        }
        XCTAssertEqual(verdictsSeen, [false, true])
    }

    /// `holdsBindingOf`: Z3's `holdsBinding` is `ViewLink.holdsBinding` on owners with every state
    /// change and holders with no property or a binding of each kind at the owner's location or
    /// another, and a new identity whose earlier view, of another type, held the binding. The read
    /// flag it sets constrains nothing at the first link (`readFlags` is empty over one transition):
    /// the lemma's first render may follow a history in which the binding reached the holder in a
    /// value compared equal, which set no flag.
    func testBindingFlagsAgreeWithTheLinks() throws {
        var owners: [ViewLink] = []
        for hasState in [false, true] {
            for change in hasState ? [StateChange.none, .changedRead, .changedUnread] : [.none] {
                owners.append(ViewLink(
                    survives: true, parentEvaluated: true, old: [], new: [], hasState: hasState, stateChange: change, stateLocation: 1))
            }
        }
        let holders: [ViewLink] = [
            [], [PropertyValue.projectedBinding(location: 1, value: 0)], [.projectedBinding(location: 2, value: 0)],
            [.keyPathBinding(location: 1, keyPath: "a", value: 0)], [.manualBinding(value: 1)], [.plain(1)],
        ].map { ViewLink(survives: true, parentEvaluated: true, old: $0, new: $0) } + [
            // A new identity of another type, whose earlier view held the binding and later one
            // holds nothing (FINDINGS.md 46): the binding is the earlier view's.
            ViewLink(
                survives: false, parentEvaluated: true, old: [.projectedBinding(location: 1, value: 0)], new: [],
                oldType: ViewLinkType(equality: .notEquatable, equatable: false, hasState: false, declaresUnnamedEnvironment: false)),
        ]
        var seen: Set<[Bool]> = []
        for rules in [InvalidationRules.runtime, .handWritten, .runtime.mutated(.readFlagNotShared)] {
            let session = try SolverSession()
            let context = session.context
            let lemma = InvalidationLemmaSpec(
                name: "binding", paths: ["p", "q"], rules: rules, identityRules: .runtime, expectation: .holds, assumptions: [],
                conclusion: .holdsBinding(1, of: 0))
            let encoding = InvalidationEncoding(lemma: lemma, context: context)
            let owner = encoding.histories[0][0]
            let holder = encoding.histories[1][0]
            let holds = encoding.holdsBinding(holder, of: owner)
            XCTAssertTrue(encoding.readFlags().isEmpty, "under \(rules.name)")
            var disagreements: [String] = []
            for ownerLink in owners {
                for holderLink in holders {
                    var fixed = [
                        owner.hasState.eq(context.bool(ownerLink.hasState)),
                        owner.stateRead.eq(context.bool(ownerLink.stateChange == .changedRead)),
                        owner.stateUnread.eq(context.bool(ownerLink.stateChange == .changedUnread)),
                        try XCTUnwrap(owner.stateLocation).eq(context.int(ownerLink.stateLocation)),
                        holder.props.eq(context.int(holderLink.new.count)),
                        try XCTUnwrap(holder.propsOld).eq(context.int(holderLink.old.count)),
                    ]
                    for (index, value) in holderLink.old.enumerated() {
                        let k = context.int(index)
                        fixed.append(holder.kindOld(k).eq(context.int(InvalidationVocabulary.code(value.kind))))
                        switch value {
                        case .projectedBinding(let location, _), .keyPathBinding(let location, _, _):
                            fixed.append(holder.locationOld(k).eq(context.int(location)))
                        default: break
                        }
                    }
                    let expectedHolds = ViewLink.holdsBinding(holderLink, of: ownerLink)
                    seen.insert([expectedHolds, ownerLink.stateChange == .changedUnread])
                    for (term, expected, what) in [(holds, expectedHolds, "holdsBinding")] {
                        let answer = try session.withScope {
                            session.assert(context.and(fixed))
                            session.assert(term.eq(context.bool(expected)).not())
                            return try session.check()
                        }
                        if case .unsat = answer { continue }
                        disagreements.append("\(ownerLink) / \(holderLink): \(what) \(expected)")
                    }
                }
            }
            XCTAssertEqual(disagreements, [], "under \(rules.name)")
        }
        XCTAssertEqual(seen, [[false, false], [false, true], [true, false], [true, true]])
    }

    /// The atoms change nothing for a lemma that names no property or key: no symbol is made.
    func testALemmaWithoutObservableAtomsHasNoTrackingSymbols() throws {
        let session = try SolverSession()
        let lemma = InvalidationLemmaSpec(
            name: "plain", paths: ["p"], rules: .runtime, identityRules: .runtime, expectation: .holds, assumptions: [],
            conclusion: .constant(true))
        let encoding = InvalidationEncoding(lemma: lemma, context: session.context)
        XCTAssertTrue(encoding.histories[0][0].tracks.isEmpty)
        XCTAssertTrue(encoding.propertyChanges.allSatisfy(\.isEmpty))
        XCTAssertTrue(encoding.histories[0][0].reads.isEmpty)
        XCTAssertTrue(encoding.histories[0][0].declares.isEmpty)
        XCTAssertNil(encoding.observed(encoding.histories[0][0]))
        XCTAssertNil(encoding.environmentChanged(encoding.histories[0][0]))
        XCTAssertTrue(encoding.objectsSent.allSatisfy(\.isEmpty))
        XCTAssertNil(encoding.sent(encoding.histories[0][0]))
    }
}
