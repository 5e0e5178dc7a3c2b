import IdentityModel
import XCTest

/// `RuntimeState.render` keeps the identities of the last render it made (from that render's walk)
/// rather than computing them again at the next render: a view survives exactly when its identity
/// is among the stateful views of the last render made, and a render that is undefined behaviour
/// (it throws) leaves them as they were.
final class RuntimeStateSurvivalTests: XCTestCase {
    private let renders = [
        "VStack { Counter(state: 0) @a; Counter(state: 0) @b }",
        "VStack { if true { Counter(state: 0) @a }; Counter(state: 0) @b }",
        "VStack { if false { Counter(state: 0) @a }; Counter(state: 0) @b }",
        "LazyVStack { if true { Counter(state: 0) @a } }",
        "VStack { ForEach([1, 2]) { Row(state: 0) @row } }",
        "VStack { ForEach([1, 1]) { Row(state: 0) @row } }",
        "AnyView(Counter(state: 0) @a)",
    ]

    func testASurvivorIsAViewOfTheLastRenderMade() throws {
        let parsed = try renders.map { try RenderParser.parse($0) }
        var (survivors, others, undefined) = (0, 0, 0)
        for rules in RuleSet.all {
            for first in parsed {
                for second in parsed {
                    for third in parsed {
                        var runtime = RuntimeState(rules: rules)
                        var made: Set<Identity> = []
                        for render in [first, second, third] {
                            guard let report = try? runtime.render(render) else {
                                undefined += 1
                                continue
                            }
                            for view in report.views {
                                let survives = view.outcome == .survives
                                XCTAssertEqual(survives, made.contains(view.path.identity), "\(rules.name): \(view.path) after \(made)")
                                if survives { survivors += 1 } else { others += 1 }
                            }
                            made = Set(report.views.map(\.path.identity))
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(survivors, 0)
        XCTAssertGreaterThan(others, 0)
        XCTAssertGreaterThan(undefined, 0)
    }

    /// A walk's identities are its stateful paths' identities.
    func testAWalksIdentitiesAreItsPaths() throws {
        for text in renders {
            for rules in RuleSet.all {
                let walk = try RenderParser.parse(text).walked(rules: rules, generation: 1)
                XCTAssertEqual(walk.identities, Set(walk.paths.map(\.identity)), text)
                XCTAssertFalse(walk.identities.isEmpty, text)
            }
        }
    }
}
