import IdentityModel
import Invalidation
import XCTest

@testable import LemmaLanguage

/// Every copy of a rule set keeps every field it is not asked to change: each option at each of
/// its values, on every named set and every mutant of it, survives `renamed`, dropping the
/// mutation, and a rule-set file block's rename. This is the trap that once dropped
/// `nestedAnyView`: a set rebuilt field by field fell back to an `init` default. Fields are read by
/// reflection, so a field added later is compared without a line here.
final class RuleSetCopyTests: XCTestCase {
    /// The stored fields of `value` but `except`, by label.
    private func fields<T>(_ value: T, except: Set<String>) -> [String: AnyHashable] {
        var result: [String: AnyHashable] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, !except.contains(label) else { continue }
            // A `nil` mutation does not cast to `AnyHashable`; its description does.
            result[label] = (child.value as? AnyHashable) ?? AnyHashable(String(describing: child.value))
        }
        return result
    }

    /// Each option of `layer` at each value it takes (a list option: each element alone, and all).
    private func settings(invalidation layer: Bool) -> [(RuleSetOption, [String])] {
        RuleSetOption.allCases.filter { $0.isInvalidation == layer && $0 != .mutation && $0 != .invalidationMutation }
            .flatMap { option in
                (option.takesList ? option.values.map { [$0] } + [option.values] : option.values.map { [$0] }).map { (option, $0) }
            }
    }

    func testEveryIdentityFieldSurvivesEveryCopy() throws {
        let options = Set(settings(invalidation: false).map(\.0.rawValue))
        XCTAssertEqual(Set(fields(RuleSet.runtime, except: ["name", "mutation"]).keys), options, "a field without an option is not varied here")
        // The comparison sees the old trap: `runtime` rebuilt field by field without `nestedAnyView`.
        let rebuilt = RuleSet(
            name: "runtime", anyView: RuleSet.runtime.anyView, lazyRetention: RuleSet.runtime.lazyRetention,
            lazyEviction: RuleSet.runtime.lazyEviction, atomicBodyReads: RuleSet.runtime.atomicBodyReads)
        XCTAssertNotEqual(fields(rebuilt, except: []), fields(RuleSet.runtime, except: []))
        let bases = RuleSet.all + RuleSet.all.flatMap { set in RuleMutation.allCases.map(set.mutated) }
        for base in bases {
            for (option, words) in settings(invalidation: false) {
                let set = option.apply(words, to: base)
                let what = "\(base.name) with \(option.rawValue): \(words)"
                XCTAssertEqual(set.mutation, base.mutation, what)
                XCTAssertEqual(fields(set.renamed("n"), except: ["name", "mutation"]), fields(set, except: ["name", "mutation"]), what)
                XCTAssertEqual(set.renamed("n").name, "n", what)
                XCTAssertNil(set.renamed("n").mutation, what)
                XCTAssertEqual(fields(set.droppingMutationFlag(), except: ["mutation"]), fields(set, except: ["mutation"]), what)
                guard base.mutation == nil else { continue }
                let text = "rules n from \(base.name) { \(option.rawValue): \(option.takesList ? "[\(words.joined(separator: ", "))]" : words[0]) }"
                let file = RuleSetFile.parse(SourceFile(path: "t.rules", text: text))
                XCTAssertEqual(file.diagnostics, [], text)
                let block = try XCTUnwrap(file.selection?.identity, text)
                XCTAssertEqual(fields(block, except: ["name"]), fields(set, except: ["name"]), text)
            }
        }
    }

    func testEveryInvalidationFieldSurvivesEveryCopy() throws {
        let options = Set(settings(invalidation: true).map(\.0.rawValue))
        XCTAssertEqual(Set(fields(InvalidationRules.runtime, except: ["name", "mutation"]).keys), options)
        let rebuilt = InvalidationRules(
            name: "runtime", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue, layouts: .ready)
        XCTAssertNotEqual(fields(rebuilt, except: []), fields(InvalidationRules.runtime, except: []))
        let bases = InvalidationRules.all + InvalidationRules.all.flatMap { set in InvalidationMutation.allCases.map(set.mutated) }
        for base in bases {
            for (option, words) in settings(invalidation: true) {
                let set = option.apply(words[0], to: base)
                let what = "\(base.name) with \(option.rawValue): \(words[0])"
                XCTAssertEqual(set.mutation, base.mutation, what)
                XCTAssertEqual(fields(set.renamed("n"), except: ["name", "mutation"]), fields(set, except: ["name", "mutation"]), what)
                XCTAssertNil(set.renamed("n").mutation, what)
                XCTAssertEqual(fields(set.droppingMutation(), except: ["mutation"]), fields(set, except: ["mutation"]), what)
                guard base.mutation == nil else { continue }
                let text = "rules n from runtime invalidation \(base.name) { \(option.rawValue): \(words[0]) }"
                let file = RuleSetFile.parse(SourceFile(path: "t.rules", text: text))
                XCTAssertEqual(file.diagnostics, [], text)
                let block = try XCTUnwrap(file.selection?.invalidation, text)
                XCTAssertEqual(fields(block, except: ["name"]), fields(set, except: ["name"]), text)
            }
        }
    }

    /// A mutant's wrong choice of an option wins however the set is built: a copy or a block
    /// cannot make a mutant flag with options its mutant lacks (how broken fixtures got built).
    func testAMutationsChoiceOfOptionWinsInEveryCopy() throws {
        let direct = RuleSet(
            name: "x", anyView: .erasedType, lazyRetention: true, lazyEviction: true, atomicBodyReads: true, mutation: .evictionIgnored)
        XCTAssertFalse(direct.lazyEviction)
        XCTAssertFalse(RuleSet.evicting.copy(name: "x", mutation: .evictionIgnored, lazyEviction: true).lazyEviction)
        XCTAssertEqual(RuleSet.runtime.mutated(.anyViewAlwaysRebuilds).copy(name: "x", mutation: .anyViewAlwaysRebuilds, anyView: .erasedType).anyView, .opaque)
        let file = RuleSetFile.parse(SourceFile(path: "t.rules", text: """
            rules base from evicting { mutation: evictionIgnored }
            rules top from base { lazyEviction: true }
            """))
        XCTAssertEqual(file.diagnostics, [])
        let top = try XCTUnwrap(file.selection?.identity)
        XCTAssertEqual(top.mutation, .evictionIgnored, "a block keeps its base's mutation")
        XCTAssertFalse(top.lazyEviction, "the inherited mutation is applied after the block's options")
    }
}
