import IdentityModel
import Invalidation
import XCTest

/// The dynamic layer: body events in tree order, propagation through parents, own changes, and
/// identity taken from the identity rules.
final class BodyEvaluatorTests: XCTestCase {
    private let row = ViewValue("Row", [StoredProperty("onTap", .closure(capturesContext: true))])

    /// A root whose state did not change, a child with a closure, and a grandchild.
    private func tree(childState: StateChange = .none, dependency: Bool = false, rootState: StateChange = .none) -> ViewNode {
        let grandchild = ViewNode("leaf", steps: [.modified(.padding, value: 0)], value: ViewValue("Leaf", [StoredProperty("n", .plain(1))]))
        let child = ViewNode(
            "row", steps: Seed003Views.steps(0), value: row, stateChange: childState, dependencyChanged: dependency,
            children: [grandchild])
        return ViewNode("root", value: ViewValue("Root", hasState: true), stateChange: rootState, children: [child])
    }

    func testEventsAreInTreeOrderWithIdentities() {
        let events = BodyEvaluator().evaluate(before: tree(), after: tree(rootState: .changedRead))
        XCTAssertEqual(events.map(\.label), ["root", "row", "leaf"])
        XCTAssertEqual(
            events.map(\.description),
            [
                "body(root) evaluated: own state changed",
                "body(row) evaluated: compared different at onTap",
                "body(leaf) skipped: compared equal",
            ])
        XCTAssertEqual(events[1].identity, [.type("Root"), .container(.VStack), .slot(0), .type("Row")])
    }

    func testExplanationShowsBothValuesAsSwift() {
        let events = BodyEvaluator().evaluate(before: tree(), after: tree(rootState: .changedRead))
        XCTAssertEqual(
            events[1].explanation, "body(row) evaluated: compared different at onTap: Row(onTap: { … }) -> Row(onTap: { … })")
        var before = tree()
        before.children[0].steps = [.explicitID(0)]
        XCTAssertEqual(
            BodyEvaluator().evaluate(before: before, after: tree(rootState: .changedRead))[1].explanation,
            "body(row) evaluated: new identity: Row(onTap: { … })")
    }

    func testParentSkippedSkipsTheChildEvenWithAClosure() {
        let events = BodyEvaluator().evaluate(before: tree(), after: tree())
        XCTAssertEqual(events.map(\.reason), [.comparedEqual, .parentSkipped, .parentSkipped])
    }

    func testOwnStateChangeRunsTheBodyOnlyWhenRead() {
        let read = BodyEvaluator().evaluate(before: tree(), after: tree(childState: .changedRead))
        XCTAssertEqual(read.map(\.reason), [.comparedEqual, .ownStateChanged, .comparedEqual])
        let unread = BodyEvaluator().evaluate(before: tree(), after: tree(childState: .changedUnread))
        XCTAssertEqual(unread.map(\.reason), [.comparedEqual, .parentSkipped, .parentSkipped])
    }

    func testDependencyChangeRunsTheBody() {
        let events = BodyEvaluator().evaluate(before: tree(), after: tree(dependency: true))
        XCTAssertEqual(events.map(\.reason), [.comparedEqual, .dependencyChanged, .comparedEqual])
    }

    /// R5 decides survival: under the documented model `AnyView` rebuilds its content every render.
    func testIdentityFollowsTheIdentityRuleSet() {
        let wrapped = ViewNode("row", steps: [.anyView(erased: "Row")], value: ViewValue("Row", [StoredProperty("n", .plain(1))]))
        let root = ViewNode("root", value: ViewValue("Root", hasState: true), children: [wrapped])
        var after = root
        after.stateChange = .changedRead
        let runtime = BodyEvaluator(identityRules: .runtime).evaluate(before: root, after: after)
        let documented = BodyEvaluator(identityRules: .documented).evaluate(before: root, after: after)
        XCTAssertEqual(runtime.last?.reason, .comparedEqual)
        XCTAssertEqual(documented.last?.reason, .newIdentity)
    }

    /// A new identity makes every descendant new too: identity is the whole path.
    func testNewParentIdentityMakesItsChildrenNew() {
        var before = tree()
        before.children[0].steps = [.explicitID(0)]
        var after = tree()
        after.children[0].steps = [.explicitID(1)]
        let events = BodyEvaluator().evaluate(before: before, after: after)
        XCTAssertEqual(events.map(\.reason), [.comparedEqual, .newIdentity, .newIdentity])
    }

    /// `.equatable()` wraps the view in `EquatableView`: adding it changes the static type, hence
    /// the identity.
    func testAddingEquatableIsANewView() {
        let (before, _) = Seed003Views.weather(from: 18, to: 18, equatable: false)
        let (_, after) = Seed003Views.weather(from: 18, to: 18, equatable: true)
        let events = BodyEvaluator().evaluate(before: before, after: after)
        XCTAssertEqual(events.last?.reason, .newIdentity)
        XCTAssertEqual(events.last?.identity.elements.last, .type("EquatableView<TemperatureRangeIndicator>"))
    }

    /// `evaluateWithSurvival` says a view survives exactly when its identity is among the earlier
    /// render's, as computing those identities again says: not from the reason (under
    /// `identityChangeCompared` a new identity is compared, so a reason-based answer would call it
    /// surviving), and not from a label (a view keeps its label under a new `.id`), under every
    /// identity rule set (`AnyView` rebuilds its content under the documented one).
    func testSurvivalIsMembershipOfTheEarlierIdentities() {
        var renewed = tree()
        renewed.children[0].steps = [.explicitID(1)]
        var first = tree()
        first.children[0].steps = [.explicitID(0)]
        let wrapped = ViewNode("row", steps: [.anyView(erased: "Row")], value: ViewValue("Row", [StoredProperty("n", .plain(1))]))
        let erased = ViewNode("root", value: ViewValue("Root", hasState: true), children: [wrapped])
        var twins = tree()
        twins.children.append(twins.children[0])
        let pairs: [(ViewNode, ViewNode)] = [
            (tree(), tree(rootState: .changedRead)), (first, renewed), (erased, erased), (tree(), twins), (twins, tree()),
        ]
        var newIdentities = 0
        for identityRules in RuleSet.all {
            for rules in [InvalidationRules.runtime, InvalidationRules.runtime.mutated(.identityChangeCompared)] {
                let evaluator = BodyEvaluator(identityRules: identityRules, rules: rules)
                for (before, after) in pairs {
                    let (events, survives) = evaluator.evaluateWithSurvival(before: before, after: after)
                    let earlier = Set(evaluator.identities(of: before, generation: 0).map(\.identity))
                    XCTAssertEqual(events, evaluator.evaluate(before: before, after: after))
                    XCTAssertEqual(survives, events.map { earlier.contains($0.identity) }, "\(identityRules) \(rules)")
                    newIdentities += survives.filter { !$0 }.count
                }
            }
        }
        XCTAssertGreaterThan(newIdentities, 0)
    }

    /// Under `identityChangeCompared` a view with a new identity is compared with the earlier
    /// render's first view of its label, parents first (issue 27: that view is found by a walk of
    /// the earlier render only when asked, rather than a table of every label built for every
    /// evaluation). Red team: the last view of the label, or the shallowest, would give the other verdict.
    func testANewIdentityIsComparedWithTheFirstViewOfItsLabel() {
        func row(_ n: Int, id: Int) -> ViewNode {
            ViewNode("row", steps: [.explicitID(.int(id))], value: ViewValue("Row", [StoredProperty("n", .plain(n))]))
        }
        // The root's body runs (a read change of its state), so it reaches its row.
        func root(_ children: [ViewNode], state: StateChange = .none) -> ViewNode {
            ViewNode("root", value: ViewValue("Root", hasState: true), stateChange: state, children: children)
        }
        let nested = ViewNode("box", steps: [.explicitID(.int(9))], value: ViewValue("Box"), children: [row(1, id: 1)])
        let after = root([row(1, id: 3)], state: .changedRead)
        let cases: [(before: ViewNode, equal: Bool)] = [
            (root([row(1, id: 1), row(2, id: 2)]), true), (root([row(2, id: 2), row(1, id: 1)]), false),
            (root([nested, row(2, id: 2)]), true),
        ]
        let evaluator = BodyEvaluator(rules: InvalidationRules.runtime.mutated(.identityChangeCompared))
        for (before, equal) in cases {
            let (events, survives) = evaluator.evaluateWithSurvival(before: before, after: after)
            XCTAssertEqual(survives, [true, false])
            switch events[1].reason {
            case .comparedEqual: XCTAssertTrue(equal, "\(before)")
            case .comparedDifferent: XCTAssertFalse(equal, "\(before)")
            default: XCTFail("\(events[1].reason)")
            }
        }
        // Under the documented rules a new identity is new, whatever an earlier view of its label holds.
        for (before, _) in cases {
            guard case .newIdentity = BodyEvaluator().evaluate(before: before, after: after)[1].reason else { return XCTFail("\(before)") }
        }
    }
}
