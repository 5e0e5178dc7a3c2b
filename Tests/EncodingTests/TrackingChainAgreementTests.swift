import IdentityModel
import Invalidation
import LemmaLogic
import XCTest
import Z3Kit

@testable import Encoding

/// I8 "@Observable" across renders, Z3's `tracking` between links against the trees: for one view
/// over three renders with one `@Observable` property, every first tracking, every read and
/// change at each transition, the later tracking derived on the trees
/// (`ViewChainTrees.carrying`'s histories) and the trees run through `BodyEvaluator`: (1) Z3 admits
/// the history, (2) gives every transition the trees' verdict, and (3) excludes the history with
/// the second tracking flipped, under `runtime`, `handWritten` and the four tracking mutants.
final class TrackingChainAgreementTests: XCTestCase {
    /// Histories checked per rule set: three Z3 checks each.
    static let samples = 60

    func testZ3CarriesTheTrackingAsTheTreesDo() throws {
        let sets = [InvalidationRules.runtime, .handWritten] + [InvalidationMutation.trackingReplacedEachEvaluation, .firedTrackingKept, .skippedBodyReadsTracked, .readsNotRecorded].map {
            InvalidationRules.runtime.mutated($0)
        }
        for rules in sets {
            let spec = InvalidationLemmaSpec(
                name: "tracking", paths: ["p"], renders: ["r0", "r1", "r2"], observableProperties: ["a"], rules: rules,
                identityRules: .runtime, expectation: .holds, assumptions: [], conclusion: .constant(true))
            let session = try SolverSession()
            let context = session.context
            let encoding = InvalidationEncoding(lemma: spec, context: context)
            let history = encoding.histories[0]
            var facts = encoding.views.map(encoding.wellFormed) + encoding.views.map(encoding.realizable)
            facts.append(encoding.continues(history[0], history[1]))
            facts.append(try XCTUnwrap(try encoding.tracking(history[0], history[1])))
            session.assert(context.and(facts))
            let realized = Self.histories(rules: rules)
            XCTAssertGreaterThan(realized.count, Self.samples, "under \(rules.name)")
            var failures: [String] = []
            var carriedSomething = false
            let stride = max(1, realized.count / Self.samples)
            for (links, observed) in Swift.stride(from: 0, to: realized.count, by: stride).map({ realized[$0] }) {
                carriedSomething = carriedSomething || !links[1].tracked.isEmpty
                let pinned = context.and(zip(history, links).flatMap { fix($0, to: $1, encoding: encoding, context: context) })
                let verdicts = zip(history, observed).map { encoding.evaluated($0).eq(context.bool($1.view.evaluated)) }
                let admitted = try session.withScope {
                    session.assert(pinned)
                    return try session.check()
                }
                guard case .sat = admitted else {
                    failures.append("excluded: \(links)")
                    continue
                }
                let disagrees = try session.withScope {
                    session.assert(pinned)
                    session.assert(context.and(verdicts).not())
                    return try session.check()
                }
                if case .unsat = disagrees {} else { failures.append("disagrees: \(links)") }
                var flipped = links
                flipped[1].tracked = links[1].tracked.isEmpty ? [0] : []
                let wrong = context.and(zip(history, flipped).flatMap { fix($0, to: $1, encoding: encoding, context: context) })
                let excluded = try session.withScope {
                    session.assert(wrong)
                    return try session.check()
                }
                if case .unsat = excluded {} else { failures.append("admits a tracking the registrar does not give: \(flipped)") }
            }
            XCTAssertEqual(failures, [], "under \(rules.name)")
            XCTAssertTrue(carriedSomething, "no sampled history carried a tracking under \(rules.name)")
        }
    }

    /// Every history of one view without properties over three renders, each survival and parent
    /// evaluation a tree gives, every first tracking, read and change of property 0, with its later
    /// tracking the trees' and what they did.
    static func histories(rules: InvalidationRules) -> [([ViewLink], [ViewLinkObservation])] {
        let steps: [(Bool, Bool)] = [(true, false), (true, true), (false, true)]
        let subsets: [Set<Int>] = [[], [0]]
        var result: [([ViewLink], [ViewLinkObservation])] = []
        for first in steps {
            for second in steps {
                for initial in subsets {
                    for reads in subsets.flatMap({ a in subsets.map { [a, $0] } }) {
                        for changes in subsets.flatMap({ a in subsets.map { [a, $0] } }) {
                            let links = [first, second].enumerated().map { transition, step in
                                ViewLink(
                                    survives: step.0, parentEvaluated: step.1, old: [], new: [], tracked: transition == 0 ? initial : [],
                                    reads: reads[transition], propertyChanges: changes[transition])
                            }
                            guard links[0].isRealizable(under: rules) else { continue }
                            let carried = ViewChainTrees.carrying(
                                [links], parents: [nil], names: ["p"], rules: rules, identityRules: .runtime).histories
                            let observed = ViewChainTrees(histories: carried, parents: [nil], names: ["p"], rules: rules)
                                .observe(rules: rules, identityRules: .runtime)[0]
                            guard zip(carried[0], observed).allSatisfy({ $0.survives == $1.survives && $0.parentEvaluated == $1.parent.evaluated })
                            else { continue }
                            result.append((carried[0], observed))
                        }
                    }
                }
            }
        }
        return result
    }

    private func fix(_ view: InvalidationVocabulary, to link: ViewLink, encoding: InvalidationEncoding, context: Z3Context) -> [Z3Term] {
        [
            view.props.eq(context.int(0)), view.equality.eq(context.int(InvalidationVocabulary.code(link.equality))),
            view.equatable.eq(context.bool(false)), view.hasState.eq(context.bool(false)),
            view.stateRead.eq(context.bool(false)), view.stateUnread.eq(context.bool(false)),
            view.signalled.eq(context.bool(false)), view.survives.eq(context.bool(link.survives)),
            view.parentEvaluated.eq(context.bool(link.parentEvaluated)), view.initialSame.eq(context.bool(true)),
            view.tracks[0].eq(context.bool(link.tracked.contains(0))), view.reads[0].eq(context.bool(link.reads.contains(0))),
            encoding.propertyChanges[view.transition][0].eq(context.bool(link.propertyChanges.contains(0))),
        ] + (view.revived.map { [$0.not()] } ?? [])  // a tree's link: no lazy container revives it
    }
}
