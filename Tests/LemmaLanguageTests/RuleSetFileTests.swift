import IdentityModel
import Invalidation
import TestSupport
import XCTest

@testable import LemmaLanguage

/// Rule-set files resolved into typed rule sets: each option reaches its field, bases chain, a
/// layer the block does not change stays the named set itself, and every mistake is a diagnostic
/// (the goldens under `Malformed/*.rules` pin their text and locations).
final class RuleSetFileTests: XCTestCase {
    private func parse(_ text: String) -> RuleSetFile {
        RuleSetFile.parse(SourceFile(path: "t.rules", text: text))
    }

    func testTheShippedListRetainsExampleAddsListToRuntime() throws {
        let file = RuleSetFile.load(Repository.root.appendingPathComponent("docs/examples/list-retains.rules"))
        XCTAssertEqual(file.diagnostics, [])
        let selection = try XCTUnwrap(file.selection)
        let identity = try XCTUnwrap(selection.identity)
        XCTAssertEqual(identity.retainingContainers, [.LazyVStack, .LazyHStack, .List])
        XCTAssertEqual(
            identity,
            RuleSet(
                name: "listRetains", anyView: RuleSet.runtime.anyView, lazyRetention: RuleSet.runtime.lazyRetention,
                lazyEviction: RuleSet.runtime.lazyEviction, atomicBodyReads: RuleSet.runtime.atomicBodyReads,
                retainingContainers: [.LazyVStack, .LazyHStack, .List], nestedAnyView: RuleSet.runtime.nestedAnyView))
        XCTAssertNil(selection.invalidation, "'runtime' names the identity set: invalidation items keep their own rules")
    }

    /// Each option, set to a value its base does not have, changes exactly its own field: an
    /// option that were parsed and then dropped would leave the set equal to its base.
    /// A block that changes another identity option keeps its base's `nestedAnyView` (R5): the
    /// option's default in `RuleSet.init` is the old `layered`, which a rebuilt set must not fall back to.
    func testABlockKeepsItsBasesNestedAnyView() {
        XCTAssertEqual(parse("rules x from runtime { lazyEviction: true }").selection?.identity?.nestedAnyView, .unwrapped)
        XCTAssertEqual(parse("rules x from runtime { mutation: noRetention }").selection?.identity?.nestedAnyView, .unwrapped)
        XCTAssertEqual(parse("rules x from anyViewLayered { lazyEviction: true }").selection?.identity?.nestedAnyView, .layered)
        XCTAssertEqual(parse("rules x from runtime { nestedAnyView: layered }").selection?.identity?.nestedAnyView, .layered)
    }

    /// The same for `itemLevelRetention`, whose default in `RuleSet.init` is off: a block over a set
    /// that has it on keeps it, and a mutant made of such a set keeps it too.
    func testABlockKeepsItsBasesItemLevelRetention() {
        let file = parse("rules a from runtime { itemLevelRetention: true }\nrules b from a { lazyEviction: true }")
        XCTAssertEqual(file.diagnostics, [])
        XCTAssertEqual(file.selection?.identity?.itemLevelRetention, true)
        XCTAssertEqual(file.selection?.identity?.mutated(.noRetention).itemLevelRetention, true)
        XCTAssertEqual(parse("rules x from runtime { lazyEviction: true }").selection?.identity?.itemLevelRetention, false)
    }

    func testEveryOptionReachesItsField() throws {
        let identityCases: [(String, (RuleSet) -> AnyHashable)] = [
            ("anyView: opaque", { $0.anyView }),
            ("lazyRetention: false", { $0.lazyRetention }),
            ("lazyEviction: true", { $0.lazyEviction }),
            ("atomicBodyReads: false", { $0.atomicBodyReads }),
            ("retainingContainers: [List, Group]", { $0.retainingContainers }),
            ("mutation: noRetention", { $0.mutation }),
            ("nestedAnyView: layered", { $0.nestedAnyView }),
            ("itemLevelRetention: true", { $0.itemLevelRetention }),
        ]
        let invalidationCases: [(String, (InvalidationRules) -> AnyHashable)] = [
            ("customEquality: onlyEquatableView", { $0.customEquality }),
            ("closures: neverEqual", { $0.closures }),
            ("bindings: locationOnly", { $0.bindings }),
            ("layouts: pending", { $0.layouts }),
            ("invalidationMutation: ownChangeIgnored", { $0.mutation }),
            ("references: identity", { $0.references }),
            ("nested: bitwise", { $0.nested }),
            ("readFlag: declared", { $0.readFlag }),
            ("stateInitialValue: ignored", { $0.stateInitialValue }),
            ("observation: signalOnly", { $0.observation }),
            ("environment: undeclared", { $0.environment }),
            ("objectSignals: handWritten", { $0.objectSignals }),
            ("stateObjects: eachRender", { $0.stateObjects }),
            ("equatableView: byEquality", { $0.equatableView }),
        ]
        XCTAssertEqual(identityCases.count + invalidationCases.count, RuleSetOption.allCases.count)
        // A stored option added to either layer later has no spelling here until it gets one.
        let identityFields = Mirror(reflecting: RuleSet.runtime).children.compactMap(\.label).filter { $0 != "name" }
        let invalidationFields = Mirror(reflecting: InvalidationRules.runtime).children.compactMap(\.label)
            .filter { $0 != "name" }.map { $0 == "mutation" ? "invalidationMutation" : $0 }
        XCTAssertEqual(Set(identityFields + invalidationFields), Set(RuleSetOption.allCases.map(\.rawValue)))
        func both(_ option: String) -> RuleSelection? { parse("rules x from runtime invalidation runtime { \(option) }").selection }
        for (option, field) in identityCases {
            let set = try XCTUnwrap(both(option)?.identity, option)
            XCTAssertNotEqual(field(set), field(.runtime), option)
            XCTAssertEqual(both(option)?.invalidation, .runtime, "an invalidation layer the block does not change is the named set")
        }
        for (option, field) in invalidationCases {
            let set = try XCTUnwrap(both(option)?.invalidation, option)
            XCTAssertNotEqual(field(set), field(.runtime), option)
            XCTAssertEqual(both(option)?.identity, .runtime, option)
        }
    }

    /// A mutation is applied by `mutated`, the one function that makes mutants, after the options.
    func testMutationIsAppliedLastByMutated() throws {
        let file = parse("rules m from runtime {\n mutation: anyViewAlwaysRebuilds\n lazyEviction: true\n}")
        let identity = try XCTUnwrap(file.selection?.identity)
        let expected = RuleSet(
            name: "m", anyView: .erasedType, lazyRetention: true, lazyEviction: true, atomicBodyReads: true,
            nestedAnyView: .unwrapped
        ).mutated(.anyViewAlwaysRebuilds)
        XCTAssertEqual(identity, expected)
        XCTAssertEqual(identity.anyView, .opaque, "the mutant's choice of option wins over the base's")
    }

    /// Bases chain in any order; `invalidation BASE` replaces the invalidation layer; the file is
    /// its last block.
    func testBlocksChainAndTheFileIsItsLastBlock() throws {
        let file = parse("""
            // b starts from a, written after it
            rules b from a invalidation seed003 {
                closures: byContext
            }
            rules a from evicting {
                retainingContainers: [List]
            }
            """)
        XCTAssertEqual(file.diagnostics, [])
        XCTAssertEqual(file.sets.map(\.name), ["b", "a"])
        let selection = try XCTUnwrap(file.selection)
        XCTAssertEqual(selection.name, "a")
        XCTAssertEqual(selection.identity?.retainingContainers, [.List])
        XCTAssertEqual(selection.identity?.lazyEviction, true)
        XCTAssertNil(selection.invalidation, "evicting names no invalidation set")
        let b = try XCTUnwrap(file.sets.first)
        XCTAssertEqual(b.identity, selection.identity, "b changes no identity option: a's identity layer, name and all")
        XCTAssertEqual(
            b.invalidation,
            InvalidationRules(name: "b", customEquality: .unlessPOD, closures: .byContext, bindings: .locationOnly, layouts: .ready))
    }

    func testABlockThatChangesNothingIsItsBase() throws {
        let documented = try XCTUnwrap(parse("rules same from documented { }").selection)
        XCTAssertEqual(documented.identity, .documented)
        XCTAssertNil(documented.invalidation)
        let seed003 = try XCTUnwrap(parse("rules same from seed003 {}").selection)
        XCTAssertNil(seed003.identity)
        XCTAssertEqual(seed003.invalidation, .seed003)
    }

    /// A name is the identity set of that name if there is one, else the invalidation set.
    func testNamedSelectionsAreIdentityFirst() {
        XCTAssertEqual(RuleSelection.named("runtime"), RuleSelection(name: "runtime", identity: .runtime, invalidation: nil))
        XCTAssertEqual(RuleSelection.named("documented"), RuleSelection(name: "documented", identity: .documented, invalidation: nil))
        XCTAssertEqual(RuleSelection.named("seed003"), RuleSelection(name: "seed003", identity: nil, invalidation: .seed003))
        XCTAssertNil(RuleSelection.named("ios19"))
        XCTAssertEqual(Set(RuleSelection.names), Set(RuleSet.all.map(\.name) + InvalidationRules.all.map(\.name)))
        XCTAssertEqual(RuleSelection.names.count, Set(RuleSelection.names).count)
    }

    func testSetsTheSameLayers() throws {
        let documented = try XCTUnwrap(RuleSelection.named("documented"))
        let runtime = try XCTUnwrap(RuleSelection.named("runtime"))
        let seed003 = try XCTUnwrap(RuleSelection.named("seed003"))
        let both = try XCTUnwrap(parse("rules both from runtime invalidation runtime {}").selection)
        XCTAssertTrue(documented.setsTheSameLayers(as: runtime))
        XCTAssertFalse(runtime.setsTheSameLayers(as: seed003))
        XCTAssertFalse(runtime.setsTheSameLayers(as: both))
        XCTAssertTrue(both.setsTheSameLayers(as: both))
        XCTAssertEqual(both, RuleSelection(name: "both", identity: .runtime, invalidation: .runtime))
    }

    /// Two versions of one block name differ in `settings`, which the run's coverage records.
    func testSettingsTellTwoVersionsOfOneNameApart() throws {
        let one = try XCTUnwrap(parse("rules x from runtime { lazyEviction: true }").selection)
        let two = try XCTUnwrap(parse("rules x from runtime { lazyEviction: false }").selection)
        XCTAssertEqual(one.name, two.name)
        XCTAssertNotEqual(one.settings, two.settings)
        let items = try XCTUnwrap(parse("rules x from runtime { itemLevelRetention: true }").selection)
        let all = try XCTUnwrap(parse("rules x from runtime { itemLevelRetention: false }").selection)
        XCTAssertNotEqual(items.settings, all.settings)
    }

    /// Every value of every option gives its own `settings`: no option is left out of them.
    func testEveryOptionsValueIsInTheSettings() throws {
        for option in RuleSetOption.allCases where !option.takesList {
            let header = option.isInvalidation ? "rules x from runtime invalidation runtime" : "rules x from runtime"
            var seen: [String: String] = [:]
            for value in option.values {
                let selection = try XCTUnwrap(parse("\(header) { \(option.rawValue): \(value) }").selection, "\(option): \(value)")
                if let other = seen[selection.settings] { XCTFail("\(option): \(value) and \(other) give one settings string") }
                seen[selection.settings] = value
            }
        }
        let one = try XCTUnwrap(parse("rules x from runtime { retainingContainers: [List] }").selection)
        let two = try XCTUnwrap(parse("rules x from runtime { retainingContainers: [List, LazyVStack] }").selection)
        XCTAssertNotEqual(one.settings, two.settings)
    }

    /// Hostile files: every one is diagnosed, none yields a rule set, none crashes.
    func testHostileFilesAreDiagnosedWithoutARuleSet() {
        let hostile: [(String, DiagnosticID)] = [
            ("rules x from runtime { anyView: opaque", .expectedToken),
            ("rules x from runtime { anyView opaque }", .expectedToken),
            ("rules x from runtime { retainingContainers: [List, }", .expectedToken),
            ("rules x from runtime { anyView: [opaque] }", .badRuleSetValue),
            ("rules x from runtime { retainingContainers: List }", .badRuleSetValue),
            ("rules x from runtime { mutation: notAMutant }", .badRuleSetValue),
            ("rules x from x { }", .ruleSetCycle),
            ("rules x from runtime invalidation documented { }", .unknownRuleSetBase),
            ("rules x from runtime invalidation nope { }", .unknownRuleSetBase),
            ("rules x from runtime { } rules y from nope { }", .unknownRuleSetBase),
            ("rules seed003 from runtime { }", .duplicateRuleSet),
            ("rules x from runtime { closures: byContext }", .ruleSetLayerMissing),
            ("rules x from seed003 invalidation seed003 { lazyEviction: true }", .ruleSetLayerMissing),
            ("lemma x { }", .expectedToken),
            ("rules x from runtime { } garbage", .expectedToken),
            ("rules x from runtime { anyView: \"opaque\" }", .expectedToken),
            ("rules x from runtime { anyView: opaque } \u{1}", .unexpectedCharacter),
            ("", .emptyRuleSetFile),
        ]
        for (text, id) in hostile {
            let file = parse(text)
            XCTAssertNil(file.selection, text)
            XCTAssertTrue(file.sets.isEmpty, text)
            XCTAssertEqual(file.diagnostics.first?.id, id, "\(text): \(file.diagnostics.map(\.description))")
        }
    }

    /// A block whose base failed is left out without a second diagnostic; a cycle is reported once.
    func testAFailedBaseIsReportedOnce() {
        let broken = parse("rules a from runtime { nope: true }\nrules b from a { lazyEviction: true }")
        XCTAssertEqual(broken.diagnostics.map(\.id), [.unknownRuleSetOption])
        let cycle = parse("rules a from c {}\nrules b from a {}\nrules c from b {}")
        XCTAssertEqual(cycle.diagnostics.map(\.id), [.ruleSetCycle])
        XCTAssertEqual(cycle.diagnostics.first?.location.line, 2, "at the base that closes the cycle, c -> b -> a")
    }

    /// FINDINGS.md 43: each block starting from the next one, 60,000 deep, crashed the resolver's
    /// recursion (a segmentation fault in a release build); so did a cycle as long.
    func testALongChainOfBasesIsResolvedWithoutExhaustingTheStack() {
        let count = 60_000
        let chain = (0 ..< count - 1).map { "rules b\($0) from b\($0 + 1) { }\n" }.joined()
        let forward = parse(chain + "rules b\(count - 1) from runtime invalidation runtime { closures: neverEqual }\n")
        XCTAssertEqual(forward.diagnostics.map(\.id), [])
        XCTAssertEqual(forward.sets.count, count)
        XCTAssertEqual(forward.selection?.invalidation?.closures, .neverEqual)
        let byInvalidationBase = parse(
            (0 ..< count - 1).map { "rules b\($0) from runtime invalidation b\($0 + 1) { }\n" }.joined()
                + "rules b\(count - 1) from runtime invalidation runtime { closures: neverEqual }\n")
        XCTAssertEqual(byInvalidationBase.diagnostics.map(\.id), [])
        XCTAssertEqual(byInvalidationBase.sets.first?.invalidation?.closures, .neverEqual)
        let cycle = parse(chain + "rules b\(count - 1) from b0 { }\n")
        XCTAssertEqual(cycle.diagnostics.map(\.id), [.ruleSetCycle])
        XCTAssertEqual(cycle.diagnostics.first?.location.line, count, "at the base that closes the cycle")
        XCTAssertNil(cycle.selection)
    }
}
