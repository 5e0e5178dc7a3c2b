import Invalidation
import LemmaLogic
import TestSupport
import XCTest
import Z3Kit

@testable import Encoding

/// The lemma encoding's `@Observable` atoms (`readsProperty`, `propertyChanged`) against the trees:
/// for views without stored properties, with every flag that matters and every tracking and change
/// of two properties of one object, Z3's verdict and realizability with the view fixed are what
/// `BodyEvaluator` and `ViewLink.isRealizable` say, under the rule sets and mutants that read them.
final class ObservationEncodingAgreementTests: XCTestCase {
    static let sets: [InvalidationRules] = [
        .runtime, .handWritten, .runtime.mutated(.observationPerObject), .runtime.mutated(.ownChangeIgnored),
        .runtime.mutated(.identityChangeCompared),
    ]

    static var links: [ViewLink] {
        let subsets: [Set<Int>] = [[], [0], [1], [0, 1]]
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

    func testEncodingAgreesWithTheTreesOnEveryTrackingAndChange() throws {
        var verdictsSeen: Set<Bool> = []
        for rules in Self.sets {
            let session = try SolverSession()
            let context = session.context
            let lemma = InvalidationLemmaSpec(
                name: "agreement", paths: ["p"], observableProperties: ["a", "b"], rules: rules, identityRules: .runtime,
                expectation: .holds, assumptions: [], conclusion: .constant(true))
            let encoding = try InvalidationEncoding(lemma: lemma, context: context)
            let view = encoding.histories[0][0]
            try session.assert(try encoding.wellFormed(view))
            let evaluated = try encoding.evaluated(view)
            let realizable = try encoding.realizable(view)
            var disagreements: [String] = []
            for link in Self.links {
                let fixed = try context.and([
                    try view.props.eq(context.int(0)), try view.equality.eq(context.int(InvalidationVocabulary.code(.notEquatable))),
                    try view.equatable.eq(context.bool(false)), try view.hasState.eq(context.bool(false)),
                    try view.stateRead.eq(context.bool(false)), try view.stateUnread.eq(context.bool(false)),
                    try view.signalled.eq(context.bool(link.signalled)), try view.survives.eq(context.bool(link.survives)),
                    try view.parentEvaluated.eq(context.bool(link.parentEvaluated)), try view.initialSame.eq(context.bool(true)),
                ] + (try view.tracks.indices.map { try view.tracks[$0].eq(context.bool(link.tracked.contains($0))) })
                    + (try encoding.propertyChanges.indices.map {
                        try encoding.propertyChanges[$0].eq(context.bool(link.propertyChanges.contains($0)))
                    }))
                let expectedRealizable = link.isRealizable(under: rules)
                let realizableAnswer = try session.withScope {
                    try session.assert(fixed)
                    try session.assert(try realizable.eq(try context.bool(expectedRealizable)).not())
                    return try session.check()
                }
                if case .unsat = realizableAnswer {} else { disagreements.append("\(link): isRealizable \(expectedRealizable)") }
                guard expectedRealizable else { continue }
                let observed = ViewLinkTrees(link).observe(rules: rules, identityRules: .runtime)
                verdictsSeen.insert(observed.view.evaluated)
                let answer = try session.withScope {
                    try session.assert(fixed)
                    try session.assert(try evaluated.eq(try context.bool(observed.view.evaluated)).not())
                    return try session.check()
                }
                if case .unsat = answer { continue }
                disagreements.append("\(link): BodyEvaluator \(observed.view.reason)")
            }
            XCTAssertEqual(disagreements, [], "under \(rules.name)")
        }
        XCTAssertEqual(verdictsSeen, [false, true])
    }

    /// The atoms change nothing for a lemma that names no property: no tracking symbol is made.
    func testALemmaWithoutObservableAtomsHasNoTrackingSymbols() throws {
        let session = try SolverSession()
        let lemma = InvalidationLemmaSpec(
            name: "plain", paths: ["p"], rules: .runtime, identityRules: .runtime, expectation: .holds, assumptions: [],
            conclusion: .constant(true))
        let encoding = try InvalidationEncoding(lemma: lemma, context: session.context)
        XCTAssertTrue(encoding.histories[0][0].tracks.isEmpty)
        XCTAssertTrue(encoding.propertyChanges.isEmpty)
        XCTAssertNil(try encoding.observed(encoding.histories[0][0]))
    }
}
