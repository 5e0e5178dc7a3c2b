import Encoding
import IdentityModel
import Invalidation
import TestSupport
import XCTest

@testable import Prover

/// `BodyEvaluator` and Z3's ground encoding of I1–I11 on generated pairs of consecutive view trees
/// (seeded: a failure names the seed and pair number that reproduce it). The second tree perturbs
/// the first: property values and kinds, `==`, `.equatable()`, `@State`, `.id` (on a view and on a
/// container), arms, `ForEach` rows (keys and offsets), `AnyView`, modifiers, types, added and
/// removed children, own state changes and dependency signals, declared `@Environment` keys and the
/// environment values reaching each view (I10), `@EnvironmentObject`s and objects sent (I11); under every invalidation rule set
/// and mutant and every identity rule set and mutant, in turn.
final class GroundInvalidationRandomTests: XCTestCase {
    private static let seed: UInt64 = 15
    private static let pairs = 200

    func testTheRoutesAgreeOnGeneratedTreePairs() throws {
        try SlowTier.require()
        let mutations = [nil] + InvalidationMutation.allCases.map(Optional.some)
        var reasonsSeen = Set<String>()
        var grounds: [String: GroundInvalidation] = [:]
        for number in 0..<Self.pairs {
            var random = SplitMix(seed: Self.seed, number: number)
            let rules = InvalidationRules.all[number % InvalidationRules.all.count]
            let mutated = mutations[number % mutations.count].map(rules.mutated) ?? rules
            let identityRules = Self.identityRules[number % Self.identityRules.count]
            var labels = 0
            let before = Self.tree(depth: 0, random: &random, labels: &labels)
            let after = Self.perturbed(before, random: &random, labels: &labels)
            let events = BodyEvaluator(identityRules: identityRules, rules: mutated).evaluate(before: before, after: after)
            let key = "\(identityRules.name)/\(identityRules.mutation?.rawValue ?? "")/\(mutated.name)"
            let ground = try grounds[key] ?? GroundInvalidation(identityRules: identityRules, rules: mutated)
            grounds[key] = ground
            guard case .decided(let verdicts) = try ground.verdicts(before: before, after: after) else {
                return XCTFail("pair \(number) (seed \(Self.seed)): Z3 gave no answer")
            }
            XCTAssertEqual(verdicts.map(\.label), events.map(\.label), "pair \(number) (seed \(Self.seed))")
            for (verdict, event) in zip(verdicts, events) {
                XCTAssertEqual(verdict.reason, event.reason, "pair \(number) (seed \(Self.seed)), \(identityRules.name)\(identityRules.mutation.map { "+\($0)" } ?? ""), \(mutated.name), view \(event.label):\n"
                    + "before: \(before)\nafter: \(after)")
                reasonsSeen.insert(Self.kind(of: event.reason))
            }
        }
        // The pairs reach every kind of verdict, so agreement is not agreement on one easy case.
        XCTAssertEqual(reasonsSeen, ["identity", "state", "dependency", "equal", "parent", "property", "==", "environment"])
    }

    /// The identity rule sets (`documented`: an opaque `AnyView`), and each mutant of the runtime's
    /// (`idOverridesStructure` included: `.id` then drops the identity above it).
    private static let identityRules: [RuleSet] = RuleSet.all + RuleMutation.allCases.map(RuleSet.runtime.mutated)

    private static func kind(of reason: EvaluationReason) -> String {
        switch reason {
        case .newIdentity: return "identity"
        case .ownStateChanged: return "state"
        case .dependencyChanged: return "dependency"
        case .environmentChanged: return "environment"
        case .comparedEqual: return "equal"
        case .parentSkipped: return "parent"
        case .comparedDifferent(.differentAt): return "property"
        case .comparedDifferent: return "=="
        }
    }

    // MARK: Generation

    private static let types = ["A", "B", "C"]
    private static let names = ["a", "b", "c"]
    private static let environmentKeys = ["k", "m"]
    private static let objectTypes = ["S", "T"]

    /// Environment objects as a render might write above a view: each type given an object or not.
    private static func environmentObjects(random: inout SplitMix) -> [String: Int] {
        var objects: [String: Int] = [:]
        for type in objectTypes where Bool.random(using: &random) { objects[type] = Int.random(in: 0...2, using: &random) }
        return objects
    }

    /// Environment values as a render might write above a view: each key written or not.
    private static func environment(random: inout SplitMix) -> [String: Int] {
        var values: [String: Int] = [:]
        for key in environmentKeys where Bool.random(using: &random) { values[key] = Int.random(in: 0...1, using: &random) }
        return values
    }

    private static func tree(depth: Int, random: inout SplitMix, labels: inout Int) -> ViewNode {
        labels += 1
        let childCount = depth < 2 ? Int.random(in: 0...3, using: &random) : 0
        return ViewNode(
            "v\(labels)", steps: [], value: value(random: &random), environment: environment(random: &random),
            environmentObjects: environmentObjects(random: &random),
            children: (0..<childCount).map { slot in
                var child = tree(depth: depth + 1, random: &random, labels: &labels)
                child.steps = steps(slot: slot, random: &random)
                return child
            })
    }

    private static func steps(slot: Int, random: inout SplitMix) -> [PathStep] {
        var steps: [PathStep] = [.tuple(slot: slot, presentBefore: slot)]
        let small = { (random: inout SplitMix) in Int.random(in: 0...1, using: &random) }
        switch Int.random(in: 0..<8, using: &random) {
        case 0: steps.append(.conditional(arm: Bool.random(using: &random)))
        case 1: steps.append(.explicitID(.int(small(&random))))
        case 2:
            let source = KeySource.allCases.randomElement(using: &random)!
            steps.append(.forEach(source: source, key: .int(small(&random)), offset: small(&random)))
        case 3:
            // Half the time inside another AnyView, as the syntax writes `AnyView(AnyView(v))`: the
            // rule sets that unwrap it (R5) give the outer step no element in both routes.
            if Bool.random(using: &random) { steps.append(.anyView(erased: .anyView)) }
            steps.append(.anyView(erased: ViewType(types.randomElement(using: &random)!)))
        case 4: steps += [.explicitID(.int(small(&random))), .container(ContainerKind.allCases.randomElement(using: &random)!)]
        case 5: steps.append(.modified("padding", value: small(&random)))
        default: break
        }
        return steps
    }

    private static func value(random: inout SplitMix) -> ViewValue {
        let names = self.names.filter { _ in Bool.random(using: &random) }
        var value = ViewValue(
            ViewType(types.randomElement(using: &random)!), names.map { StoredProperty($0, property(random: &random)) },
            equality: equality(random: &random), hasState: Int.random(in: 0..<4, using: &random) == 0)
        value.isEquatableWrapped = value.equality != nil && Bool.random(using: &random)
        value.environment = environmentKeys.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.map {
            EnvironmentProperty("env\($0)", key: $0)
        }
        value.environmentObjects = objectTypes.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.map {
            EnvironmentProperty("object\($0)", key: $0)
        }
        return value
    }

    private static func equality(random: inout SplitMix) -> CustomEquality? {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .alwaysTrue
        case 1: return .alwaysFalse
        case 2, 3:
            return .reads(names.filter { _ in Bool.random(using: &random) }.map {
                EqualityReading($0, thresholds: Bool.random(using: &random) ? [] : [1, 2])
            })
        default: return nil
        }
    }

    private static func property(random: inout SplitMix) -> PropertyValue {
        let small = { (random: inout SplitMix) in Int.random(in: 0...2, using: &random) }
        switch Int.random(in: 0..<11, using: &random) {
        case 0, 1: return .plain(small(&random))
        case 2: return .text(["x", "y"].randomElement(using: &random)!)
        case 3: return .closure(capturesContext: Bool.random(using: &random))
        case 4: return .manualBinding(value: small(&random))
        case 5: return .projectedBinding(location: small(&random), value: small(&random))
        case 6: return .keyPathBinding(location: small(&random), keyPath: ["f", "[isMember: .a]"].randomElement(using: &random)!, value: small(&random))
        case 7: return .reference(object: small(&random))
        case 8: return .equatableReference(object: small(&random), value: small(&random))
        case 9:
            let hi: PropertyValue = Bool.random(using: &random) ? .plain(small(&random)) : .text(["x", "y"].randomElement(using: &random)!)
            let reads: [String]? = Bool.random(using: &random) ? ["lo"] : nil
            return .structure(StructureValue("Range", [StoredProperty("lo", .plain(small(&random))), StoredProperty("hi", hi)], reads: reads))
        default: return .observed(object: small(&random))
        }
    }

    /// `node` as a later render might build it: each part kept with high probability.
    private static func perturbed(_ node: ViewNode, random: inout SplitMix, labels: inout Int) -> ViewNode {
        var copy = node
        let roll = { (random: inout SplitMix, odds: Int) in Int.random(in: 0..<odds, using: &random) == 0 }
        for index in copy.value.properties.indices where roll(&random, 3) {
            copy.value.properties[index].value = roll(&random, 3)
                ? property(random: &random) : copy.value.properties[index].value.withSnapshot(Int.random(in: 0...2, using: &random))
        }
        if roll(&random, 8) { copy.value.equality = equality(random: &random) }
        if roll(&random, 8) { copy.value.isEquatableWrapped = copy.value.equality != nil && !copy.value.isEquatableWrapped }
        if roll(&random, 10) { copy.value.type = ViewType(types.randomElement(using: &random)!) }
        copy.value.hasState = copy.value.hasState != roll(&random, 10)
        if roll(&random, 3) { copy.value.initialState = roll(&random, 3) ? nil : Int.random(in: 0...1, using: &random) }
        copy.stateChange = [StateChange.none, .none, .changedUnread, .changedRead].randomElement(using: &random)!
        copy.dependencyChanged = roll(&random, 5)
        copy.locationWasRead = roll(&random, 2)
        copy.observedObjectChanged = roll(&random, 4)
        copy.observedReadChanged = copy.observedObjectChanged && roll(&random, 2)
        if roll(&random, 3) { copy.environment = environment(random: &random) }
        if roll(&random, 4) { copy.environmentObjects = environmentObjects(random: &random) }
        copy.objectsSent = (0...2).filter { _ in roll(&random, 3) }
        copy.steps = copy.steps.map { step in
            guard roll(&random, 4) else { return step }
            switch step {
            case .conditional(let arm, _, _): return .conditional(arm: !arm)
            case .explicitID: return .explicitID(.int(Int.random(in: 0...1, using: &random)))
            case .forEach(let source, _, _):
                return .forEach(source: source, key: .int(Int.random(in: 0...1, using: &random)), offset: Int.random(in: 0...1, using: &random))
            case .anyView: return .anyView(erased: ViewType(types.randomElement(using: &random)!))
            case .modified(let modifier, _): return .modified(modifier, value: Int.random(in: 0...1, using: &random))
            default: return step
            }
        }
        // `AnyView(AnyView(v))` becoming `AnyView(v)`: the same identity exactly where R5 unwraps.
        if roll(&random, 2) { copy.steps.removeAll { $0 == .anyView(erased: .anyView) } }
        copy.children = copy.children.filter { _ in !roll(&random, 6) }.map { perturbed($0, random: &random, labels: &labels) }
        if roll(&random, 6), node.children.count < 4 {
            var child = tree(depth: 2, random: &random, labels: &labels)
            child.steps = steps(slot: node.children.count, random: &random)
            copy.children.append(child)
        }
        return copy
    }
}
