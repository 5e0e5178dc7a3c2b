import Foundation
import IdentityModel
import LemmaLogic
import ModelChecker
import Synchronization
import XCTest

@testable import Prover

/// The checker's walk computes each render's walk once per program and place in a case
/// (`BoundedRoute.RenderWalks`): every prefix it builds must be the one built by walking each
/// render again, as `Prefix.extended(by:rules:)` without a slot does.
final class RenderWalksTests: XCTestCase {
    /// Both prefixes of one case, the first with the program's walks, the second without.
    private struct Pair {
        var memoized: BoundedRoute.Prefix
        var plain: BoundedRoute.Prefix
    }

    /// Over every case of every program within the bounds, with and without the dynamic layer and
    /// with the snapshots of mutations: the same undefined renders, witnesses, rendered identities,
    /// `ForEach`es, stores and walks kept for mutated runs. Under `documented` (AnyView opaque)
    /// and `ios18_0` (transient reads) a render's identities depend on its generation, so a walk
    /// keyed by its slot alone would differ here.
    func testMemoizedPrefixesAreThePlainOnes() {
        for rules in [RuleSet.runtime, .documented, .ios18_0] {
            for (readsState, keepsSnapshots) in [(false, false), (true, false), (true, true)] {
                let bounds = Bounds(
                    depth: 2, branching: 2, viewTypes: 2, modifierTypes: 2, keyValues: 2, steps: 2, twiceReadConditions: true)
                let tally = Tally()
                let result = TransitionEnumerator(bounds: bounds, workers: 1, renderCount: 3).firstCounterexamples(
                    checks: 1,
                    start: { _ in
                        let runtime = readsState ? RuntimeState(rules: rules) : nil
                        return Pair(
                            memoized: BoundedRoute.Prefix(
                                runtime: runtime, keepsSnapshots: keepsSnapshots, walks: BoundedRoute.RenderWalks(rules: rules)),
                            plain: BoundedRoute.Prefix(runtime: runtime, keepsSnapshots: keepsSnapshots))
                    },
                    extend: { pair, render, slot -> Pair? in
                        let generation = pair.plain.witnesses.count
                        if generation > 0,
                            render.walked(rules: rules, generation: 0).paths != render.walked(rules: rules, generation: generation).paths
                        {
                            tally.generationMatters()
                        }
                        let memoized = pair.memoized.extended(by: render, rules: rules, slot: slot)
                        let plain = pair.plain.extended(by: render, rules: rules)
                        if (memoized == nil) != (plain == nil) { tally.differs("defined: \(memoized != nil) vs \(plain != nil)") }
                        guard let memoized, let plain else { return nil }
                        return Pair(memoized: memoized, plain: plain)
                    },
                    check: { _, pair, transition -> String? in
                        tally.checked()
                        let (a, b) = (pair.memoized, pair.plain)
                        if a.witnesses != b.witnesses || a.rendered != b.rendered || a.forEaches != b.forEaches
                            || a.runtime?.store != b.runtime?.store || a.snapshots.map(\.store) != b.snapshots.map(\.store)
                            || a.renderWalks.map(\.paths) != b.renderWalks.map(\.paths)
                        {
                            tally.differs("\(transition.renders)")
                        }
                        if keepsSnapshots, a.renderWalks.count != transition.renders.count { tally.differs("walks not kept") }
                        if a.rendered != a.witnesses.map({ Set($0.map(\.path.identity)) }) { tally.differs("rendered: \(transition.renders)") }
                        return nil
                    })
                let name = "\(rules.name), state \(readsState), snapshots \(keepsSnapshots)"
                XCTAssertNil(result[0].counterexample)
                XCTAssertGreaterThan(tally.cases, 500, name)
                XCTAssertEqual(tally.differences, [], name)
                if rules.name != "runtime" { XCTAssertGreaterThan(tally.generationDependent, 0, name) }
            }
        }
    }

    /// One render walked at two generations is two entries, and a second call for a slot returns
    /// the first call's walk.
    func testAWalkIsKeptPerSlotAndGeneration() throws {
        let render = try RenderParser.parse("AnyView(Counter(state: 0))")
        let walks = BoundedRoute.RenderWalks(rules: .documented)
        let first = walks.walked(render, slot: 0, generation: 0)
        let second = walks.walked(render, slot: 0, generation: 1)
        XCTAssertEqual(first.walk.paths, render.walked(rules: .documented, generation: 0).paths)
        XCTAssertEqual(second.walk.paths, render.walked(rules: .documented, generation: 1).paths)
        XCTAssertNotEqual(first.identities, second.identities)
        XCTAssertEqual(walks.walked(render, slot: 0, generation: 1).identities, second.identities)
        XCTAssertEqual(first.initial.map(\.generation), [0])
        XCTAssertEqual(second.initial.map(\.generation), [1])
    }
}

/// What the walk's closures saw (one worker, but the closures must be `Sendable`).
private final class Tally: Sendable {
    private let state = Mutex((cases: 0, generationDependent: 0, differences: [String]()))

    func checked() { state.withLock { $0.cases += 1 } }
    func generationMatters() { state.withLock { $0.generationDependent += 1 } }
    func differs(_ what: String) { state.withLock { if $0.differences.count < 5 { $0.differences.append(what) } } }

    var cases: Int { state.withLock { $0.cases } }
    var generationDependent: Int { state.withLock { $0.generationDependent } }
    var differences: [String] { state.withLock { $0.differences } }
}
