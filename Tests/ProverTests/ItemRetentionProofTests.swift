import IdentityModel
import TestSupport
import XCTest

@testable import Prover

/// R7 under `itemLevelRetention` through Z3 in-process: the reading that a view removed inside an
/// eager child of a lazy container comes back fresh is proved unbounded, and the hostile lemma
/// that says so of every view with an eager container below the lazy one (its eager child may be
/// removed whole, and then the lazy container holds it) is refuted with a replayed counterexample.
final class ItemRetentionProofTests: XCTestCase {
    private static let items = """
        \(ItemRetentionFixture.insideAnEagerChild)
        lemma eager_child_comes_back_fresh {
          source R7; rules runtime; expect holds
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume !rendered(p, between)
          assume insideAnEagerChildOfALazyStack(p)
          show q.state == q.initial
        }
        lemma eager_child_removed_anywhere_comes_back_fresh {
          source R7; rules runtime; expect refuted
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume !rendered(p, between)
          assume exists i in p: p[i].kind == .container && (p[i].container == .LazyVStack || p[i].container == .LazyHStack)
            && (forall j in p: j < i => p[j].kind != .conditional && p[j].kind != .optional && p[j].kind != .forEach
                && p[j].kind != .explicitID)
            && (forall j in p: j > i && p[j].kind == .container => p[j].container != .LazyVStack && p[j].container != .LazyHStack)
            && (exists e in p: e > i && p[e].kind == .container)
          show q.state == q.initial
        }
        """

    /// FINDINGS.md 29: a `Group` passes its content's list through, so a view removed inside a
    /// `Group` of a lazy stack is an element of the stack's own list and revives. The eager-child
    /// lemma that counts a `Group` as an eager child was proved unbounded; it is false. Its true
    /// neighbour (only `Group`s below the lazy stack: the view revives) was refuted.
    private static let group = """
        lemma eager_or_group_child_comes_back_fresh {
          source R7; rules runtime; expect refuted
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume !rendered(p, between)
          assume exists i in p: p[i].kind == .container && (p[i].container == .LazyVStack || p[i].container == .LazyHStack)
            && (forall j in p: j > i && p[j].kind == .container => p[j].container != .LazyVStack && p[j].container != .LazyHStack)
            && (exists e in p: e > i && p[e].kind == .container && (forall j in p: j < e => p[j].kind != .conditional
                && p[j].kind != .optional && p[j].kind != .forEach && p[j].kind != .explicitID))
          show q.state == q.initial
        }
        lemma removed_below_groups_of_a_lazy_stack_revives {
          source R7; rules runtime; expect holds
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q) && !rendered(p, between)
          assume exists i in p: p[i].kind == .container && p[i].container == .LazyVStack
            && (forall j in p: j > i && p[j].kind == .container => p[j].container == .Group)
            && (forall j in p: j < i => p[j].kind != .conditional && p[j].kind != .optional && p[j].kind != .forEach
                && p[j].kind != .explicitID && p[j].kind != .anyView)
          show q.state == p.state
        }
        scenario removed_inside_a_group_revives {
          summary "x"; source R7; rules runtime; expect holds
          render { LazyVStack { Group { if true { Counter(state: 0) @c } } } }
          set c = 7
          render { LazyVStack { Group { if false { Counter(state: 0) } } } }
          render { LazyVStack { Group { if true { Counter(state: 0) @c } } } }
          check c revived
        }
        scenario removed_inside_an_hstack_comes_back_fresh {
          summary "x"; source R7; rules runtime; expect holds
          render { LazyVStack { Group { HStack { if true { Counter(state: 0) @c } } } } }
          set c = 7
          render { LazyVStack { Group { HStack { if false { Counter(state: 0) } } } } }
          render { LazyVStack { Group { HStack { if true { Counter(state: 0) @c } } } } }
          check c == 0
        }
        """

    /// Both files in one run, which both tests read: the rules' obligations are discharged once.
    private static let report = Result {
        Verifier(options: options).run(paths: [try Repository.temporaryFolder(["l.lemma": items, "g.lemma": group])])
    }

    func testAGroupsElementsAreItsParentListsItems() throws {
        let report = try Self.report.get()
        let items = report.lemmas.filter { $0.file.hasSuffix("g.lemma") }
        XCTAssertEqual(items.count, 4)
        for item in items { XCTAssertTrue(item.asExpected, "\(item.name): \(item.message)") }
        let revives = try XCTUnwrap(report.lemmas.first { $0.name == "removed_below_groups_of_a_lazy_stack_revives" })
        XCTAssertEqual(revives.scope, .unbounded, revives.message)
        let lemma = try XCTUnwrap(report.lemmas.first { $0.name == "eager_or_group_child_comes_back_fresh" })
        guard case .refuted(let counterexample) = lemma.outcome else { return XCTFail(lemma.message) }
        XCTAssertEqual(counterexample.renders.count, 3, lemma.message)
    }

    private static var options: VerifierOptions {
        var options = VerifierOptions()
        options.checkerBound = VerifierOptions.shallowCheckerBound
        options.rules = RuleSet(
            name: "itemRetention", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: true,
            nestedAnyView: .unwrapped, itemLevelRetention: true)
        return options
    }

    func testTheItemLevelReadingIsProvedAndItsOverreachRefuted() throws {
        let report = try Self.report.get()
        let fresh = try XCTUnwrap(report.lemmas.first { $0.name == "eager_child_comes_back_fresh" })
        XCTAssertEqual(fresh.verdict, .proved, fresh.message)
        XCTAssertEqual(fresh.scope, .unbounded, fresh.message)
        let anywhere = try XCTUnwrap(report.lemmas.first { $0.name == "eager_child_removed_anywhere_comes_back_fresh" })
        guard case .refuted(let counterexample) = anywhere.outcome else { return XCTFail(anywhere.message) }
        XCTAssertEqual(counterexample.renders.count, 3, anywhere.message)
    }
}
