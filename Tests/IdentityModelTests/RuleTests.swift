import IdentityModel
import XCTest

/// One test per rule R1–R10 under the runtime rule set, plus undefined behaviour and mutations.
final class RuleTests: XCTestCase {
    private func outcomes(_ name: String, _ rules: RuleSet = .runtime) throws -> [String: String] {
        try RuleScenario.named(name).run(rules)
    }

    func testR1InitialValueIsReadOnlyAtAllocation() throws {
        XCTAssertEqual(try outcomes("R1"), ["c": "survives 5"])
    }

    func testR2ModifierArgumentKeepsIdentity() throws {
        XCTAssertEqual(try outcomes("R2"), ["c": "survives 5"])
    }

    func testR3OptionalDoesNotShiftLaterSiblings() throws {
        XCTAssertEqual(try outcomes("R3"), ["c": "survives 5"])
    }

    func testR4ArmFlipResetsEvenForTheSameType() throws {
        XCTAssertEqual(try outcomes("R4"), ["c": "resets 0"])
    }

    func testR5AnyViewKeepsStateIffErasedTypeIsUnchanged() throws {
        XCTAssertEqual(try outcomes("R5"), ["a": "survives 5", "b": "resets 0", "c": "resets 0"])
        XCTAssertEqual(try outcomes("R5", .documented), ["a": "resets 0", "b": "resets 0", "c": "resets 0"])
    }

    /// `AnyView.init` unwraps an `AnyView` argument: any number of nested `AnyView`s is one erasure of
    /// the innermost content's type, so adding or removing a layer keeps the state under `runtime`;
    /// a modifier inside is still a new type. `anyViewLayered` is the model before the evidence.
    func testR5NestedAnyViewIsUnwrapped() throws {
        XCTAssertEqual(try outcomes("R5 nested"), ["a": "survives 5", "b": "survives 5", "c": "resets 0"])
        XCTAssertEqual(try outcomes("R5 nested", .anyViewLayered), ["a": "resets 0", "b": "resets 0", "c": "resets 0"])
        XCTAssertEqual(try outcomes("R5 nested", .documented), ["a": "resets 0", "b": "resets 0", "c": "resets 0"])
        let walked = try RenderParser.parse("AnyView(AnyView(Counter(state: 0) @a))").statefulPaths(rules: .runtime, generation: 1)
        XCTAssertEqual(walked.map(\.steps), [[.anyView(erased: "Counter")]])
        XCTAssertEqual(walked.map(\.identity), [Identity([.erased("Counter"), .type("Counter")])])
    }

    func testR6ExplicitIDIsLayeredOnStructure() throws {
        XCTAssertEqual(try outcomes("R6"), ["a": "resets 0", "b": "resets 0", "c": "resets 0"])
    }

    func testR7LazyContainerRevivesRetainedState() throws {
        XCTAssertEqual(try outcomes("R7"), ["c": "revived 5"])
        XCTAssertEqual(try outcomes("R7 eager"), ["c": "appears 0"])
    }

    /// Issue 10: a retained state lives in its innermost lazy container's item cache. When an `if`
    /// tears the LazyVStack down, the row comes back fresh under every rule set; a LazyVStack that
    /// stays revives it (seed 001 experiment 3) wherever the rule set retains.
    func testR7RetentionEndsWithTheLazyContainerUnderEveryRuleSet() throws {
        for rules in RuleSet.all {
            var torn = TraceHarness(rules)
            try torn.render("VStack { if true { LazyVStack { Counter(state: 0) @c } } }")
            try torn.set("c", 7)
            try torn.render("VStack { if false { LazyVStack { Counter(state: 0) @c } } }")
            let back = try torn.render("VStack { if true { LazyVStack { Counter(state: 0) @c } } }")
            XCTAssertEqual(summary(back), ["c": "appears 0"], rules.name)

            var stays = TraceHarness(rules)
            try stays.render("LazyVStack { if true { Counter(state: 0) @c } }")
            try stays.set("c", 7)
            try stays.render("LazyVStack { if false { Counter(state: 0) @c } }")
            let revived = try stays.render("LazyVStack { if true { Counter(state: 0) @c } }")
            XCTAssertEqual(summary(revived), ["c": rules.lazyEviction ? "appears 0" : "revived 7"], rules.name)
        }
    }

    /// Which containers retain is rule-set data: only those with evidence (docs/rules.md#r7).
    func testR7RetainingContainersAreTheEvidencedOnes() throws {
        for rules in RuleSet.all { XCTAssertEqual(rules.retainingContainers, [.LazyVStack, .LazyHStack], rules.name) }
        for container in ["LazyHStack", "List", "VStack", "Group"] {
            var trace = TraceHarness()
            try trace.render("\(container) { if true { Counter(state: 0) @c } }")
            try trace.set("c", 7)
            try trace.render("\(container) { if false { Counter(state: 0) @c } }")
            let back = try trace.render("\(container) { if true { Counter(state: 0) @c } }")
            XCTAssertEqual(summary(back), ["c": container == "LazyHStack" ? "revived 7" : "appears 0"], container)
        }
        let listRetains = RuleSet(
            name: "listRetains", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: true,
            retainingContainers: RuleSet.evidencedRetainingContainers.union([.List]))
        var trace = TraceHarness(listRetains)
        try trace.render("List { if true { Counter(state: 0) @c } }")
        try trace.set("c", 7)
        try trace.render("List { if false { Counter(state: 0) @c } }")
        XCTAssertEqual(summary(try trace.render("List { if true { Counter(state: 0) @c } }")), ["c": "revived 7"])
    }

    func testR8StateFollowsTheKey() throws {
        XCTAssertEqual(try outcomes("R8"), ["row[4]": "resets 0", "row[1]": "survives 5", "row[2]": "survives 0", "row[3]": "removed"])
        XCTAssertEqual(try outcomes("R8 indices"), ["row[0]": "survives 5", "row[1]": "removed"])
    }

    func testR8DuplicateKeysAreUndefinedBehaviour() throws {
        var trace = TraceHarness()
        XCTAssertThrowsError(try trace.render("ForEach([1, 1], id: \\.self) { Row(state: 0) }")) { error in
            guard case RuntimeError.undefinedBehaviour(let behaviour) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(behaviour.kind, .duplicateForEachKeys)
        }
    }

    func testR8ChangingConstantRangeIsUndefinedBehaviour() throws {
        var trace = TraceHarness()
        try trace.render("VStack { ForEach(0..<3) { Row(state: 0) } }")
        try trace.render("VStack { ForEach(0..<3) { Row(state: 0) } }")
        XCTAssertThrowsError(try trace.render("VStack { ForEach(0..<2) { Row(state: 0) } }")) { error in
            guard case RuntimeError.undefinedBehaviour(let behaviour) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(behaviour.kind, .constantRangeCountChanged)
        }
        XCTAssertNoThrow(try trace.render("VStack { ForEach(0..<2, id: \\.self) { Row(state: 0) } }"))
    }

    func testR9EvictionDropsRetainedState() throws {
        XCTAssertEqual(try outcomes("R9"), ["c": "revived 5"])
        XCTAssertEqual(try outcomes("R9", .evicting), ["c": "appears 0"])
        XCTAssertEqual(try outcomes("R9", RuleSet.evicting.mutated(.retentionIgnoresContainer)), ["c": "revived 5"])
    }

    func testR10MatchedGeometryEffectHasNoIdentityEffect() throws {
        XCTAssertEqual(try outcomes("R10"), ["c": "survives 5"])
    }

    /// Each mutant changes an outcome of some scenario under some named rule set (the option
    /// mutants show under the rule set whose option they flip).
    func testEveryMutationChangesSomeOutcome() throws {
        for mutation in RuleMutation.allCases {
            let changed = try RuleSet.all.flatMap { rules in
                try RuleScenario.all.filter { try $0.run(rules) != $0.run(rules.mutated(mutation)) }.map { "\($0.name) under \(rules.name)" }
            }
            XCTAssertFalse(changed.isEmpty, "\(mutation) changed no outcome")
        }
    }

    func testMutationsChangeTheirOwnRulesOutcome() throws {
        let expectations: [(RuleMutation, String, [String: String])] = [
            (.reReadInitialValue, "R1", ["c": "survives 7"]),
            (.modifierValueInIdentity, "R2", ["c": "resets 0"]),
            (.optionalShiftsSiblings, "R3", ["c": "resets 0"]),
            (.armsShareIdentity, "R4", ["c": "survives 5"]),
            (.idOverridesStructure, "R6", ["a": "survives 0", "b": "survives 5", "c": "resets 0"]),
            (.anyViewIgnoresType, "R5", ["a": "survives 5", "b": "resets 0", "c": "survives 5"]),
            (.noRetention, "R7", ["c": "appears 0"]),
            (.retentionIgnoresContainer, "R7 eager", ["c": "revived 5"]),
            (.forEachByOffset, "R8", ["row[4]": "survives 5", "row[1]": "survives 0", "row[2]": "survives 5", "row[3]": "removed"]),
            (.idValueIgnored, "R6", ["a": "survives 5", "b": "survives 0", "c": "survives 5"]),
            (.forEachKeyIgnored, "R8", ["undefined": "duplicateIdentity"]),
            (.anyViewAlwaysRebuilds, "R5", ["a": "resets 0", "b": "resets 0", "c": "resets 0"]),
            (.anyViewNotUnwrapped, "R5 nested", ["a": "resets 0", "b": "resets 0", "c": "resets 0"]),
            (.containerKindIgnored, "containers", ["c": "survives 5"]),
            (.initialValueIgnored, "R1 allocation", ["c": "appears 0"]),
        ]
        for (mutation, scenario, expected) in expectations {
            XCTAssertEqual(try outcomes(scenario, RuleSet.runtime.mutated(mutation)), expected, "\(mutation)")
        }
        XCTAssertEqual(try outcomes("R4 transient", .ios18_0), ["c": "resets 0"])
        XCTAssertEqual(try outcomes("R4 transient", RuleSet.ios18_0.mutated(.transientReadsIgnored)), ["c": "survives 5"])
        XCTAssertEqual(try outcomes("R9", .evicting), ["c": "appears 0"])
        XCTAssertEqual(try outcomes("R9", RuleSet.evicting.mutated(.evictionIgnored)), ["c": "revived 5"])
        XCTAssertEqual(try outcomes("R8 duplicates"), ["undefined": "duplicateForEachKeys"])
        XCTAssertNil(try outcomes("R8 duplicates", RuleSet.runtime.mutated(.duplicateKeysMerged))["undefined"])
    }

    func testNamedRuleSets() {
        XCTAssertEqual(RuleSet.named("documented")?.anyView, .opaque)
        XCTAssertEqual(RuleSet.named("ios18_0")?.atomicBodyReads, false)
        XCTAssertEqual(RuleSet.named("ios18_4"), .ios18_4)
        XCTAssertNil(RuleSet.named("ios99"))
        XCTAssertEqual(RuleSet.all.filter { $0.nestedAnyView == .layered }.map(\.name), ["documented", "anyViewLayered"])
    }
}
