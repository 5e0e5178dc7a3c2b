import Encoding
import IdentityModel
import TestSupport
import XCTest
import Z3Kit

/// One rule table: the Z3 copy of the rules (`RuleEncoding`, through `GroundIdentity`) and the Swift
/// rules of IdentityModel tell the same pairs of steps apart, for every rule set, every local
/// mutant, and every step of a finite domain that covers every field. (The reduction's tree rules
/// are tied to `RuleEncoding` by the locality obligations, so they agree too.)
final class RuleTableAgreementTests: XCTestCase {
    /// Every step kind with every field varied over a few values.
    private static let steps: [PathStep] = {
        var steps: [PathStep] = []
        for slot in 0...2 {
            for present in 0...slot { steps.append(.tuple(slot: slot, presentBefore: present)) }
        }
        for arm in [false, true] {
            for readsTwice in [false, true] {
                for transient in [false, true] { steps.append(.conditional(arm: arm, readsTwice: readsTwice, transient: transient)) }
            }
        }
        steps.append(.optional)
        let keys: [Key] = [.int(0), .int(1), .string("a")]
        for source in KeySource.allCases {
            for offset in 0...1 {
                for key in source.keysAreOffsets ? [Key.int(offset)] : keys {
                    steps.append(.forEach(source: source, key: key, offset: offset))
                }
            }
        }
        steps += keys.map(PathStep.explicitID)
        for modifier in [Modifier.padding, .matchedGeometryEffect, "opacity"] {
            for value in 0...1 { steps.append(.modified(modifier, value: value)) }
        }
        steps += [ViewType("Counter"), "Toggle", .text].map(PathStep.anyView(erased:))
        steps += ContainerKind.allCases.map(PathStep.container)
        return steps
    }()

    private func path(_ step: PathStep) -> ViewPath {
        ViewPath(steps: [step], leafType: "Counter", initial: 0, label: nil, address: [], identity: Identity([]))
    }

    func testZ3AndTheSemanticsTellTheSameStepsApart() throws {
        try SlowTier.require()
        // Every rule set, every local mutant of the runtime rules, and the option mutants on the
        // rule set whose option they flip.
        let mutants = RuleMutation.allCases.filter { $0 != .idOverridesStructure }.map(RuleSet.runtime.mutated)
        let variants = RuleSet.all + mutants + [RuleSet.ios18_0.mutated(.transientReadsIgnored), RuleSet.documented.mutated(.anyViewIgnoresType)]
        var compared = 0
        for rules in variants {
            let ground = try GroundIdentity(rules: rules)
            for a in Self.steps {
                for b in Self.steps where a.kind == b.kind {
                    for (generationA, generationB) in [(1, 1), (1, 2)] {
                        let swift = rules.element(of: a, generation: generationA) == rules.element(of: b, generation: generationB)
                        let z3 = try ground.value(of: path(a), generation: generationA) == ground.value(of: path(b), generation: generationB)
                        if swift != z3 {
                            XCTFail("\(rules.name): \(a) (render \(generationA)) vs \(b) (render \(generationB)): semantics \(swift), Z3 \(z3)")
                        }
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, variants.count * 2 * Dictionary(grouping: Self.steps, by: \.kind).values.map { $0.count * $0.count }.reduce(0, +))
    }

    func testTheNonLocalMutantIsRefusedByTheEncoding() {
        XCTAssertThrowsError(try GroundIdentity(rules: RuleSet.runtime.mutated(.idOverridesStructure)))
    }
}
