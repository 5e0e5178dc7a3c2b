import Invalidation
import LemmaLogic
import XCTest
import Z3Kit

@testable import Encoding

/// `mutate p after r` in Z3 against `ViewLink.isRealizable`: for every view with or without `@State`
/// and no property, whose set earlier view has `@State` or not (its own type where the identity is
/// new, FINDINGS.md 46), every own change, survival, parent and initial value, and every set of 0
/// or 1 over a held 0 or 1, Z3's facts (well-formed, realizable, the set's `stateSet`) hold exactly when some
/// reading of the state (read or not) makes the link realizable, under the rules and the mutants
/// that touch them. The body's read is not a Z3 symbol: it shows only in which change there is.
final class StateSetEncodingTests: XCTestCase {
    func testTheSetFactsAgreeWithTheLinks() throws {
        let changes: [(StateChange, Bool)] = [(.none, false), (.changedRead, false), (.changedRead, true), (.changedUnread, false)]
        let values = [(0, 0), (0, 1), (1, 0), (1, 1)]
        for rules in [InvalidationRules.runtime, .handWritten] + [InvalidationMutation.equalSetCommits, .identityChangeCompared,
            .childrenAlwaysCompared, .ownChangeIgnored].map({ InvalidationRules.runtime.mutated($0) })
        {
            let session = try SolverSession()
            let context = session.context
            let view = InvalidationVocabulary(path: 0, context: context, mutated: true)
            let encoding = InvalidationEncoding(rules: rules, context: context, views: [view])
            session.assert(encoding.wellFormed(view))
            session.assert(encoding.realizable(view))
            session.assert(try XCTUnwrap(encoding.stateSet(view, setViewHasState: view.hasStateOld)))
            var realizable = 0
            var unrealizable = 0
            var typeChanges = 0
            for (change, alsoUnread) in changes {
                for (hasState, setViewHasState) in [(true, true), (false, true), (true, false), (false, false)] {
                    for survives in [false, true] {
                        for parentEvaluated in [false, true] {
                            for initialChanged in [false, true] {
                                for (held, set) in values {
                                    let links = [true, false].map { read in
                                        ViewLink(
                                            survives: survives, parentEvaluated: parentEvaluated, old: [], new: [], hasState: hasState,
                                            stateChange: change, unreadStateAlsoChanged: alsoUnread, initialChanged: initialChanged,
                                            stateSet: StateSet(held: held, set: set, read: read),
                                            oldType: setViewHasState == hasState
                                                ? nil
                                                : ViewLinkType(
                                                    equality: .notEquatable, equatable: false, hasState: setViewHasState,
                                                    declaresUnnamedEnvironment: false))
                                    }
                                    let expected = links.contains { $0.isWellFormed && $0.isRealizable(under: rules) }
                                    let answer = try session.withScope {
                                        session.assert(context.and([
                                            view.props.eq(context.int(0)),
                                            view.equality.eq(context.int(InvalidationVocabulary.code(.notEquatable))),
                                            view.equatable.not(), view.hasState.eq(context.bool(hasState)),
                                            try XCTUnwrap(view.hasStateOld).eq(context.bool(setViewHasState)),
                                            view.stateRead.eq(context.bool(change == .changedRead)),
                                            view.stateUnread.eq(context.bool(change == .changedUnread || alsoUnread)),
                                            view.signalled.not(), view.survives.eq(context.bool(survives)),
                                            view.parentEvaluated.eq(context.bool(parentEvaluated)),
                                            view.initialSame.eq(context.bool(!initialChanged)),
                                            try XCTUnwrap(view.held).eq(context.int(held)), try XCTUnwrap(view.set).eq(context.int(set)),
                                        ]))
                                        return try session.check()
                                    }
                                    let sat: Bool
                                    switch answer {
                                    case .sat: sat = true
                                    case .unsat: sat = false
                                    case .unknown(let reason): return XCTFail("unknown: \(reason)")
                                    }
                                    XCTAssertEqual(sat, expected, "\(links[0]) under \(rules.name) \(String(describing: rules.mutation))")
                                    if expected { realizable += 1 } else { unrealizable += 1 }
                                    if expected, !hasState { typeChanges += 1 }
                                }
                            }
                        }
                    }
                }
            }
            XCTAssertGreaterThan(realizable, 0, "under \(rules.name)")
            XCTAssertGreaterThan(unrealizable, 0, "under \(rules.name)")
            // A set view with `@State` followed by a new identity without it (`AnyView`).
            XCTAssertGreaterThan(typeChanges, 0, "under \(rules.name)")
        }
    }
}
