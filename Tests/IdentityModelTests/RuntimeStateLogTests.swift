import IdentityModel
import XCTest

/// A `RuntimeState` that keeps no lifecycle log (the checker's) renders exactly what one that keeps
/// it renders: the same reports (views, outcomes, values, removed labels), the same store and the
/// same undefined behaviour, over sequences that allocate, reset, retain, revive and tear down
/// retained states; only its log stays empty.
final class RuntimeStateLogTests: XCTestCase {
    private let renders = [
        "VStack { if true { LazyVStack { if true { Counter(state: 0) @a } } }; Counter(state: 1) @b }",
        "VStack { if true { LazyVStack { if false { Counter(state: 0) @a } } }; Counter(state: 1) @b }",
        "VStack { if false { LazyVStack { if true { Counter(state: 0) @a } } }; Counter(state: 1) @b }",
        "VStack { Counter(state: 2) @a; if true { Counter(state: 1) @b } }",
        "VStack { ForEach([1, 2]) { Row(state: 0) @row } }",
        "VStack { ForEach([1, 1]) { Row(state: 0) @row } }",
    ]

    func testARuntimeWithoutALogRendersWhatOneWithALogRenders() throws {
        let parsed = try renders.map { try RenderParser.parse($0) }
        var kinds: Set<String> = []
        var (outcomes, undefined) = (Set<Outcome>(), 0)
        for rules in RuleSet.all {
            for first in parsed {
                for second in parsed {
                    for third in parsed {
                        var logged = RuntimeState(rules: rules)
                        var unlogged = RuntimeState(rules: rules, keepsLog: false)
                        for (step, render) in [first, second, third, first].enumerated() {
                            let expected = Result { try logged.render(render) }
                            let found = Result { try unlogged.render(render) }
                            switch (expected, found) {
                            case let (.success(expected), .success(found)):
                                XCTAssertEqual(found, expected, "\(rules.name), step \(step)")
                                outcomes.formUnion(expected.views.map(\.outcome))
                            case let (.failure(expected), .failure(found)):
                                XCTAssertEqual("\(found)", "\(expected)")
                                undefined += 1
                            default:
                                XCTFail("\(rules.name), step \(step): \(expected) with the log, \(found) without")
                            }
                            XCTAssertEqual(unlogged.store, logged.store, "\(rules.name), step \(step)")
                            XCTAssertEqual(unlogged.paths, logged.paths, "\(rules.name), step \(step)")
                            // Values set after a render are what a retained or revived state brings back.
                            for (offset, path) in logged.paths.enumerated() {
                                try logged.mutateState(.identity(path.identity), to: 10 * step + offset)
                                try unlogged.mutateState(.identity(path.identity), to: 10 * step + offset)
                            }
                        }
                        XCTAssertEqual(unlogged.log, [])
                        kinds.formUnion(logged.log.map { "\($0.kind)\($0.label == nil ? " (torn)" : "")" })
                    }
                }
            }
        }
        // The sequences reach every outcome, a retained state torn down with its lazy container, and
        // undefined behaviour.
        XCTAssertEqual(outcomes, [.survives, .resets, .revived, .appears])
        XCTAssertTrue(kinds.contains("destroy (torn)"), "\(kinds)")
        XCTAssertTrue(kinds.contains("revive"), "\(kinds)")
        XCTAssertGreaterThan(undefined, 0)
    }
}
