import Invalidation
import LemmaLogic
import TestSupport
import XCTest
import Z3Kit

@testable import Encoding

/// The Z3 encoding of I1–I11 against `BodyEvaluator`: for every view of one property or none in the
/// checker's domain, under every rule set and every invalidation mutant, Z3's verdict for the view
/// with its values fixed is the one `BodyEvaluator` gives on its trees.
final class InvalidationEncodingAgreementTests: XCTestCase {
    func testEncodingAgreesWithBodyEvaluatorOnSmallViews() throws {
        try SlowTier.require()
        let links = Self.linksOfAtMostOneProperty
        let sets = InvalidationRules.all + InvalidationMutation.allCases.map { InvalidationRules.runtime.mutated($0) }
        // One session per rule set, the sets at once on every core; the assertions stay here.
        let disagreements = try Concurrently.map(sets) { rules in
            let session = try SolverSession()
            let context = session.context
            let view = InvalidationVocabulary(path: 0, context: context)
            let encoding = InvalidationEncoding(rules: rules, context: context, views: [view])
            session.assert(encoding.wellFormed(view))
            let evaluated = encoding.evaluated(view)
            var disagreements: [String] = []
            for link in links {
                let observed = ViewLinkTrees(link).observe(rules: rules, identityRules: .runtime)
                let answer = try session.withScope {
                    session.assert(try Self.fix(view, to: link, context: context))
                    session.assert(evaluated.eq(context.bool(observed.view.evaluated)).not())
                    return try session.check()
                }
                if case .unsat = answer { continue }
                disagreements.append("\(link): BodyEvaluator \(observed.view.reason)")
            }
            return disagreements
        }
        for (rules, found) in zip(sets, disagreements) { XCTAssertEqual(found, [], "under \(rules.name)") }
    }

    /// What a tree can give a view (FINDINGS.md 11): Z3's `realizable` is `ViewLink.isRealizable`
    /// (which the checker's domain and the replay read) on every small view, under every rule set
    /// and mutant.
    func testRealizabilityAgreesWithTheLinks() throws {
        try SlowTier.require()
        let links = Self.linksOfAtMostOneProperty
        let sets = InvalidationRules.all + InvalidationMutation.allCases.map { InvalidationRules.runtime.mutated($0) }
        // One session per rule set, the sets at once on every core; the assertions stay here.
        let results = try Concurrently.map(sets) { rules in
            let session = try SolverSession()
            let context = session.context
            let view = InvalidationVocabulary(path: 0, context: context)
            let encoding = InvalidationEncoding(rules: rules, context: context, views: [view])
            session.assert(encoding.wellFormed(view))
            let realizable = encoding.realizable(view)
            var disagreements: [String] = []
            var excluded = 0
            for link in links {
                let expected = link.isRealizable(under: rules)
                if !expected { excluded += 1 }
                let answer = try session.withScope {
                    session.assert(try Self.fix(view, to: link, context: context))
                    session.assert(realizable.eq(context.bool(expected)).not())
                    return try session.check()
                }
                if case .unsat = answer { continue }
                disagreements.append("\(link): isRealizable \(expected)")
            }
            return (disagreements: disagreements, excluded: excluded)
        }
        for (rules, result) in zip(sets, results) {
            XCTAssertEqual(result.disagreements, [], "under \(rules.name)")
            XCTAssertGreaterThan(result.excluded, 0, "under \(rules.name) every small view is realizable")
        }
    }

    /// Every view of the checker's domain (`InvalidationBoundedRoute`'s pairs) with at most one property.
    static var linksOfAtMostOneProperty: [ViewLink] {
        let pairs: [(PropertyValue, PropertyValue)] = [
            (.plain(0), .plain(0)), (.plain(0), .plain(1)), (.text("s0"), .text("s0")), (.text("s0"), .text("s1")),
            (.closure(capturesContext: false), .closure(capturesContext: false)),
            (.closure(capturesContext: true), .closure(capturesContext: true)),
            (.closure(capturesContext: false), .closure(capturesContext: true)),
            (.manualBinding(value: 0), .manualBinding(value: 0)), (.manualBinding(value: 0), .manualBinding(value: 1)),
            (.projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 1)),
            (.projectedBinding(location: 1, value: 0), .projectedBinding(location: 2, value: 0)),
            (.projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 0)),
            (.keyPathBinding(location: 1, keyPath: "a", value: 0), .keyPathBinding(location: 1, keyPath: "b", value: 0)),
            (.keyPathBinding(location: 1, keyPath: "a", value: 0), .keyPathBinding(location: 1, keyPath: "a", value: 0)),
            (.reference(object: 1), .reference(object: 2)), (.observed(object: 1), .observed(object: 1)),
            (.manualBinding(value: 0), .projectedBinding(location: 1, value: 0)),
        ]
        var result: [ViewLink] = []
        for properties in [[]] + pairs.map({ [$0] }) {
            for equality in ViewEquality.allCases {
                for equatable in equality == .notEquatable ? [false] : [false, true] {
                    for hasState in [false, true] {
                        for stateChange in hasState ? [StateChange.none, .changedRead, .changedUnread] : [.none] {
                            for initialChanged in hasState ? [false, true] : [false] {
                                for (survives, parentEvaluated, signalled) in [
                                    (true, true, false), (true, false, false), (false, false, false), (true, false, true),
                                ] {
                                    // An unnamed environment where it makes the view non-POD, as the checker has it.
                                    let pod = !hasState && properties.allSatisfy(\.1.kind.isPOD)
                                    for declaresUnnamed in pod ? [false, true] : [false] {
                                        result.append(ViewLink(
                                            survives: survives, parentEvaluated: parentEvaluated, old: properties.map(\.0),
                                            new: properties.map(\.1), equality: equality, equatable: equatable, hasState: hasState,
                                            stateChange: stateChange, signalled: signalled, initialChanged: initialChanged,
                                            declaresUnnamedEnvironment: declaresUnnamed))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The view's symbols fixed to `link`'s values (keyPath "a" is 0, "b" 1).
    private static func fix(_ view: InvalidationVocabulary, to link: ViewLink, context: Z3Context) throws -> Z3Term {
        var facts: [Z3Term] = [
            view.props.eq(context.int(link.new.count)),
            view.equality.eq(context.int(InvalidationVocabulary.code(link.equality))),
            view.equatable.eq(context.bool(link.equatable)), view.hasState.eq(context.bool(link.hasState)),
            view.stateRead.eq(context.bool(link.stateChange == .changedRead)),
            view.stateUnread.eq(context.bool(link.stateChange == .changedUnread)),
            view.signalled.eq(context.bool(link.signalled)), view.survives.eq(context.bool(link.survives)),
            view.parentEvaluated.eq(context.bool(link.parentEvaluated)),
            view.initialSame.eq(context.bool(!link.initialChanged)),
            view.unnamedEnvironment.eq(context.bool(link.declaresUnnamedEnvironment)),
        ]
        for (index, (old, new)) in zip(link.old, link.new).enumerated() {
            let k = context.int(index)
            for (value, kind, value1, captures, location, keyPath) in [
                (old, view.kindOld, view.valueOld, view.capturesOld, view.locationOld, view.keyPathOld),
                (new, view.kindNew, view.valueNew, view.capturesNew, view.locationNew, view.keyPathNew),
            ] {
                facts.append(kind(k).eq(context.int(InvalidationVocabulary.code(value.kind))))
                switch value {
                case .plain(let v), .manualBinding(let v), .reference(let v), .observed(let v):
                    facts.append(value1(k).eq(context.int(v)))
                case .text(let text):
                    // The decoder's spelling: `s` and the encoding's number.
                    facts.append(value1(k).eq(context.int(try XCTUnwrap(Int(text.dropFirst())))))
                case .closure(let c): facts.append(captures(k).eq(context.bool(c)))
                case .projectedBinding(let l, let v), .equatableReference(let v, let l):
                    facts += [location(k).eq(context.int(l)), value1(k).eq(context.int(v))]
                case .structure(let structure):
                    // The decoder's spelling: `bits` (plain, or text `s` and a number) and `key`.
                    switch structure.fields.first?.value {
                    case .plain(let bits)?: facts.append(value1(k).eq(context.int(bits)))
                    case .text(let bits)?: facts.append(value1(k).eq(context.int(try XCTUnwrap(Int(bits.dropFirst())))))
                    default: XCTFail("not a decoded struct value: \(structure)")
                    }
                    if case .plain(let key)? = structure.fields.dropFirst().first?.value {
                        facts.append(location(k).eq(context.int(key)))
                    }
                case .keyPathBinding(let l, let p, let v):
                    facts += [
                        location(k).eq(context.int(l)), keyPath(k).eq(context.int(p == "a" ? 0 : 1)),
                        value1(k).eq(context.int(v)),
                    ]
                }
            }
        }
        return context.and(facts)
    }
}
