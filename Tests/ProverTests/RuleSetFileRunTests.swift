import Foundation
import TestSupport
import XCTest

@testable import Prover

/// Rule-set files end to end: `diff-rules runtime FILE` lists exactly the items whose verdicts two
/// `--rules` check runs give differently, with each side's obligations; `--rules FILE` reaches
/// invalidation items; and a file whose reduction obligations fail gets no unbounded verdict.
final class RuleSetFileRunTests: XCTestCase {
    private static let lemmas = """
        lemma non_lazy_containers_do_not_revive {
          source R7; rules runtime; expect holds
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume !rendered(p, between)
          assume forall i in p: p[i].kind == .container => p[i].container != .LazyVStack && p[i].container != .LazyHStack
          show q.state == q.initial
        }
        lemma arms {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    private static let scenarios = """
        scenario list_row_comes_back_fresh {
          source R7; rules runtime; expect holds
          render { List { ForEach([2, 1]) { Row(state: 0) @row } } }
          set row[1] = 3
          render { List { ForEach([2]) { Row(state: 0) @row } } }
          render { List { ForEach([2, 1]) { Row(state: 0) @row } } }
          check row[1] == 0
        }
        scenario vstack_row_comes_back_fresh {
          source R7; rules runtime; expect holds
          render { VStack { ForEach([2, 1]) { Row(state: 0) @row } } }
          set row[1] = 3
          render { VStack { ForEach([2]) { Row(state: 0) @row } } }
          render { VStack { ForEach([2, 1]) { Row(state: 0) @row } } }
          check row[1] == 0
        }
        """

    private static let invalidation = """
        lemma new_identity_runs_its_body {
          source I1; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume !revived(p, after)
          assume !rendered(p, before)
          show evaluated(p, after)
        }
        scenario closure_capturing_nothing {
          source I5; rules runtime; invalidation runtime; expect refuted
          render { GroceryList(state: 0) @list { Row(title: "Milk", onTap: { }) @row } }
          set list = 1
          render { GroceryList(state: 0) @list { Row(title: "Milk", onTap: { }) @row } }
          check row evaluated because onTap
        }
        scenario closure_capturing_its_parent {
          source I5; rules runtime; invalidation runtime; expect holds
          render { GroceryList(state: 0) @list { Row(title: "Milk", onTap: { select(item) }) @row } }
          set list = 1
          render { GroceryList(state: 0) @list { Row(title: "Milk", onTap: { select(item) }) @row } }
          check row evaluated because onTap
        }
        """

    /// The explicit-state checker's bound for runs whose assertions are not about it.
    private static let shallow = ["--checker-depth", "\(VerifierOptions.shallowCheckerBound.depth)"]

    /// The arguments of `verify-lemmas FOLDER --rules RULES --json -`.
    private func check(_ folder: URL, rules: String) -> [String] { [folder.path, "--rules", rules, "--json", "-"] }

    /// The reports of the check runs `runs` (`check`'s arguments), run at once.
    private func reports(_ runs: [[String]]) throws -> [[String: Any]] {
        try VerifyLemmasProcess.runAll(runs, in: Repository.root).map(json)
    }

    /// The JSON report a run printed.
    private func json(_ run: VerifyLemmasProcess.Finished) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], run.combined)
    }

    /// Each item's verdict and scope in a report.
    private func verdicts(_ report: [String: Any]) throws -> [String: String] {
        var verdicts: [String: String] = [:]
        for item in try XCTUnwrap(report["lemmas"] as? [[String: Any]]) {
            let name = try XCTUnwrap(item["name"] as? String)
            verdicts[name] = "\(item["verdict"] as? String ?? "?") \(item["scope"] as? String ?? "-")"
        }
        return verdicts
    }

    /// `diff-rules BASE FILE --json` on `folder` lists exactly the items whose verdicts the two
    /// check runs give differently, with those verdicts; returns them with the diff and the check
    /// run's report under `file`. `others` (arguments) run beside them; their results come last.
    private func assertDiffListsTheChangedItems(
        _ folder: URL, base: String = "runtime", file: String, others: [[String]] = [], line: UInt = #line
    ) throws -> (changed: Set<String>, diff: DiffRulesDocument, fileReport: [String: Any], others: [VerifyLemmasProcess.Finished]) {
        let runs = try VerifyLemmasProcess.runAll(
            [check(folder, rules: base), check(folder, rules: file), ["diff-rules", base, file, folder.path, "--json"]] + others,
            in: Repository.root)
        let fileReport = try json(runs[1])
        let before = try verdicts(try json(runs[0]))
        let after = try verdicts(fileReport)
        XCTAssertEqual(Set(before.keys), Set(after.keys), line: line)
        let changed = Set(before.keys.filter { before[$0] != after[$0] })
        XCTAssertEqual(runs[2].status, 0, runs[2].combined, line: line)
        let diff = try DiffRulesDocument(runs[2].output)
        XCTAssertEqual(Set(diff.differences.map(\.name)), changed, runs[2].output, line: line)
        XCTAssertEqual(diff.differences.count, changed.count, "an item listed twice: \(diff.differences.map(\.name))", line: line)
        for difference in diff.differences {
            let printed = difference.sides.map { "\($0.verdict) \($0.scope ?? "-")" }
            XCTAssertEqual(printed, [before[difference.name], after[difference.name]], difference.name, line: line)
        }
        XCTAssertEqual([diff.first, diff.second], [base, file], line: line)
        XCTAssertEqual(diff.itemCount, before.count, line: line)
        XCTAssertTrue(diff.sameLayers, "both sides replace the same layers", line: line)
        return (changed, diff, fileReport, Array(runs.dropFirst(3)))
    }

    /// The shipped example: List retains, so a List row added back keeps its state and the lemma
    /// that excludes only the lazy stacks is refuted; nothing else changes, and the file's reduction
    /// obligations are proved before its unbounded verdicts (the arms lemma's) count.
    func testDiffRulesListsExactlyWhatTheListRetainsFileChanges() throws {
        try SlowTier.require()  // runs the whole set twice
        let folder = try Repository.temporaryFolder(["l.lemma": Self.lemmas, "s.lemma": Self.scenarios])
        let file = "docs/examples/list-retains.rules"
        let (changed, diff, fileReport, _) = try assertDiffListsTheChangedItems(folder, file: file)
        XCTAssertEqual(changed, ["non_lazy_containers_do_not_revive", "list_row_comes_back_fresh"])
        let lemma = try XCTUnwrap(diff.difference("non_lazy_containers_do_not_revive"))
        XCTAssertEqual(lemma.sides.map(\.verdict), ["proved", "refuted"])
        XCTAssertEqual(lemma.first.scope, "unbounded")
        XCTAssertTrue(lemma.second.hasCounterexample)

        let obligations = try XCTUnwrap(
            diff.obligations["second"]?.first { $0.kind == "reduction" && $0.rules == "listRetains" }, "\(diff.obligations)")
        XCTAssertGreaterThan(obligations.total, 0)
        XCTAssertEqual(obligations.proved, obligations.total, "\(obligations)")
        XCTAssertEqual(obligations.unproved, [])

        let reductions = try XCTUnwrap(fileReport["reductions"] as? [[String: Any]])
        XCTAssertEqual(reductions.compactMap { $0["rules"] as? String }, ["listRetains"])
        let verdicts = try XCTUnwrap(reductions.first?["obligations"] as? [[String: Any]]).map { $0["verdict"] as? String }
        XCTAssertFalse(verdicts.isEmpty)
        XCTAssertTrue(verdicts.allSatisfy { $0 == "proved" }, "\(verdicts)")
        XCTAssertEqual(try self.verdicts(fileReport)["arms"], "proved unbounded")
    }

    /// R7 under item-level retention (docs/rules.md, open question 2), with hostile lemmas beside
    /// the ones that tell the two readings apart.
    private static let itemRetention = """
        \(ItemRetentionFixture.insideAnEagerChild)
        lemma eager_child_revives {
          source R7; rules runtime; expect holds
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume !rendered(p, between)
          assume insideAnEagerChildOfALazyStack(p)
          show q.state == p.state
        }
        lemma eager_child_comes_back_fresh {
          source R7; rules runtime; expect refuted
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume !rendered(p, between)
          assume insideAnEagerChildOfALazyStack(p)
          show q.state == q.initial
        }
        lemma direct_items_revive {
          source R7; rules runtime; expect holds
          renders before, between, after
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume !rendered(p, between)
          assume exists i in p: p[i].kind == .container && (p[i].container == .LazyVStack || p[i].container == .LazyHStack)
            && (forall j in p: j < i => p[j].kind != .conditional && p[j].kind != .optional && p[j].kind != .forEach
                && p[j].kind != .explicitID)
            && (forall j in p: j > i && p[j].kind == .container => p[j].container == .LazyVStack || p[j].container == .LazyHStack)
          show q.state == p.state
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
        scenario counter_inside_an_hstack_revives {
          source R7; rules runtime; expect holds
          render { LazyVStack { HStack { if true { Counter(state: 0) @c } } } }
          set c = 7
          render { LazyVStack { HStack { if false { Counter(state: 0) @c } } } }
          render { LazyVStack { HStack { if true { Counter(state: 0) @c } } } }
          check c revived
        }
        scenario hstack_removed_whole_revives {
          source R7; rules runtime; expect holds
          render { LazyVStack { if true { HStack { Counter(state: 0) @c } } } }
          set c = 7
          render { LazyVStack { if false { HStack { Counter(state: 0) @c } } } }
          render { LazyVStack { if true { HStack { Counter(state: 0) @c } } } }
          check c revived
        }
        """

    /// The item-retention example changes exactly the two readings' lemmas and the scenario that
    /// removes a counter inside an HStack; a direct item still revives (proved unbounded), and the
    /// hostile lemma whose eager child may itself be removed stays refuted, so the encoding does not
    /// place every removal below the last container. Its reduction obligations are proved.
    func testDiffRulesListsExactlyWhatTheItemRetentionFileChanges() throws {
        try SlowTier.require()  // three runs of six items, in parallel
        let folder = try Repository.temporaryFolder(["r.lemma": Self.itemRetention])
        let file = "docs/examples/item-retention.rules"
        let (changed, diff, fileReport, _) = try assertDiffListsTheChangedItems(folder, file: file)
        XCTAssertEqual(changed, ["eager_child_revives", "eager_child_comes_back_fresh", "counter_inside_an_hstack_revives"])
        let verdicts = try self.verdicts(fileReport)
        XCTAssertEqual(verdicts["eager_child_comes_back_fresh"], "proved unbounded")
        XCTAssertEqual(verdicts["direct_items_revive"], "proved unbounded")
        XCTAssertEqual(verdicts["eager_child_removed_anywhere_comes_back_fresh"]?.hasPrefix("refuted"), true, "\(verdicts)")
        XCTAssertEqual(verdicts["hstack_removed_whole_revives"]?.hasPrefix("proved"), true, "\(verdicts)")
        let obligations = try XCTUnwrap(
            diff.obligations["second"]?.first { $0.kind == "reduction" && $0.rules == "itemRetention" }, "\(diff.obligations)")
        XCTAssertGreaterThan(obligations.total, 0)
        XCTAssertEqual(obligations.proved, obligations.total, "\(obligations)")
    }

    /// `--rules FILE` with an invalidation layer runs invalidation items under it (it used to leave
    /// them under their own rules), and diff-rules shows the locality obligations of both sides.
    /// Against `runtime`, which replaces the identity rules only, diff-rules says the layers differ.
    func testAnInvalidationRuleSetFileReachesInvalidationItems() throws {
        let folder = try Repository.temporaryFolder([
            "i.lemma": Self.invalidation,
            "base.rules": "rules runtimeBoth from runtime invalidation runtime { }\n",
            "never.rules": "rules neverEqualClosures from runtime invalidation runtime {\n    closures: neverEqual\n}\n",
        ])
        // The layers' note does not depend on the items: that diff reads the scenarios only, whose
        // runs need no checker domain and no locality obligations.
        let scenarios = try Repository.temporaryFolder(["s.lemma": String(Self.invalidation[Self.invalidation.range(of: "scenario ")!.lowerBound...])])
        let (base, file) = (folder.appendingPathComponent("base.rules").path, folder.appendingPathComponent("never.rules").path)
        let (changed, diff, fileReport, others) = try assertDiffListsTheChangedItems(
            folder, base: base, file: file,
            others: [check(folder, rules: "seed003") + ["--filter", "closure"], ["diff-rules", "runtime", file, scenarios.path, "--json"]])
        XCTAssertEqual(changed, ["closure_capturing_nothing"])
        let locality = { (side: String) in diff.obligations[side]?.filter { $0.kind == "locality" }.map { [$0.rules, "\($0.proved)/\($0.total)"] } }
        XCTAssertEqual(locality("second"), [["neverEqualClosures", "3/3"]], "\(diff.obligations)")
        XCTAssertEqual(locality("first"), [["runtime", "3/3"]], "\(diff.obligations)")
        let items = try XCTUnwrap(fileReport["lemmas"] as? [[String: Any]])
        XCTAssertEqual(Set(items.compactMap { $0["rules"] as? String }), ["runtime, invalidation neverEqualClosures"])
        let seed003 = try XCTUnwrap(try json(others[0])["lemmas"] as? [[String: Any]])
        XCTAssertEqual(seed003.compactMap { $0["rules"] as? String }, ["runtime, invalidation seed003", "runtime, invalidation seed003"])

        let mixed = others[1]
        XCTAssertEqual(mixed.status, 0, mixed.combined)
        let layers = try DiffRulesDocument(mixed.output)
        XCTAssertEqual(layers.layers, ["first": ["identity"], "second": ["identity", "invalidation"]], mixed.output)
        XCTAssertFalse(layers.sameLayers, mixed.output)
    }

    /// A file whose reduction obligations fail (ForEach rows by offset break sibling independence)
    /// gets no unbounded verdict: Z3's proof at the path level stays `unknown`, with the typed code,
    /// and the failed obligation is in the report. The same lemma under runtime is proved unbounded.
    func testAFileWhoseObligationsFailGetsNoUnboundedVerdict() throws {
        let folder = try Repository.temporaryFolder([
            "l.lemma": Self.lemmas,
            "offset.rules": "rules byOffset from runtime {\n    mutation: forEachByOffset\n}\n",
        ])
        let both = try reports([
            check(folder, rules: "runtime") + Self.shallow + ["--filter", "arms"],
            check(folder, rules: folder.appendingPathComponent("offset.rules").path) + Self.shallow,
        ])
        let (runtime, broken) = (both[0], both[1])
        XCTAssertEqual(try verdicts(runtime)["arms"], "proved unbounded")
        let items = try XCTUnwrap(broken["lemmas"] as? [[String: Any]])
        XCTAssertEqual(items.count, 2)
        for item in items {
            XCTAssertNotEqual(item["scope"] as? String, "unbounded", "\(item)")
            XCTAssertEqual(item["reasonCode"] as? String, "obligation-unproved", "\(item)")
        }
        let reduction = try XCTUnwrap((broken["reductions"] as? [[String: Any]])?.first)
        XCTAssertEqual(reduction["rules"] as? String, "byOffset+forEachByOffset")
        let failed = try XCTUnwrap(reduction["obligations"] as? [[String: Any]])
            .filter { ($0["verdict"] as? String)?.hasPrefix("failed") == true }.compactMap { $0["id"] as? String }
        XCTAssertEqual(failed, ["siblings.forEach"])
    }

    /// Under identity rules that renew a skipped parent's child (an opaque AnyView), the locality
    /// obligations' premise fails: an invalidation lemma proved unbounded under runtime is not.
    func testAnOpaqueAnyViewFileGivesInvalidationLemmasNoUnboundedVerdict() throws {
        let folder = try Repository.temporaryFolder([
            "i.lemma": Self.invalidation,
            "opaque.rules": "rules opaqueAnyView from runtime { anyView: opaque }\n",
        ])
        let both = try reports([check(folder, rules: "runtime"), check(folder, rules: folder.appendingPathComponent("opaque.rules").path)])
        let (runtime, opaque) = (both[0], both[1])
        XCTAssertEqual(try verdicts(runtime)["new_identity_runs_its_body"], "proved unbounded")
        let items = try XCTUnwrap(opaque["lemmas"] as? [[String: Any]])
        let lemma = try XCTUnwrap(items.first { $0["name"] as? String == "new_identity_runs_its_body" })
        XCTAssertNotEqual(lemma["scope"] as? String, "unbounded", "\(lemma)")
        XCTAssertEqual(lemma["reasonCode"] as? String, "obligation-unproved", "\(lemma)")
    }

    /// Option combinations no named set has (eager containers that retain, retention off with a
    /// retaining list, an opaque AnyView with transient reads) keep the routes in agreement on the
    /// rule lemmas: no proof meets a counterexample (`error`) and every Z3 counterexample replays
    /// on trees; and the files matter: some verdicts are not the expected ones.
    func testUnusualOptionCombinationsKeepTheRoutesInAgreement() throws {
        try SlowTier.require()  // a sweep of option combinations
        let folder = try Repository.temporaryFolder([
            "eager.rules": "rules eagerRetains from runtime { retainingContainers: [VStack, List, Group]\n lazyEviction: true }\n",
            "odd.rules": "rules odd from documented {\n lazyRetention: false\n retainingContainers: [ZStack, HStack, LazyVStack]\n atomicBodyReads: false\n}\n",
        ])
        for name in ["eager.rules", "odd.rules"] {
            let rules = folder.appendingPathComponent(name).path
            let run = try VerifyLemmasProcess.run([Repository.lemmas.appendingPathComponent("rules").path, "--rules", rules, "--json", "-"])
            let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], run.combined)
            let items = try XCTUnwrap(report["lemmas"] as? [[String: Any]])
            XCTAssertGreaterThan(items.count, 10, name)
            for item in items {
                XCTAssertNotEqual(item["verdict"] as? String, "error", "\(name): \(item)")
                XCTAssertNotEqual(item["reasonCode"] as? String, "no-replay", "\(name): \(item)")
            }
            XCTAssertTrue(items.contains { $0["asExpected"] as? Bool == false }, "\(name) changes no verdict")
        }
    }

    /// A broken rule-set file stops the run before any work: exit 2, each problem at file:line:col
    /// with its id.
    func testABrokenFileIsAUsageError() throws {
        let folder = try Repository.temporaryFolder([
            "l.lemma": Self.lemmas,
            "bad.rules": "rules x from runtime {\n    retainingContainer: [List]\n}\n",
        ])
        let bad = folder.appendingPathComponent("bad.rules").path
        for arguments in [[folder.path, "--rules", bad], ["diff-rules", "runtime", bad, folder.path]] {
            let run = try VerifyLemmasProcess.run(arguments)
            XCTAssertEqual(run.status, 2, run.combined)
            XCTAssertEqual(DiagnosticLine.all(in: run.combined), [DiagnosticLine(file: "bad.rules", line: 2, column: 5, id: "E080")], run.combined)
        }
    }

    /// A file's set that carries a mutant takes no other mutant of its layer: `--rules y.rules
    /// --mutant evictionIgnored`, with `mutation: forEachByOffset` in y, ran under
    /// `y+forEachByOffset+evictionIgnored` with forEachByOffset dropped (22 of 22 reduction
    /// obligations proved, where forEachByOffset fails siblings.forEach) and every lemma unbounded.
    func testAMutantDoesNotSilentlyReplaceTheFilesMutant() throws {
        let folder = try Repository.temporaryFolder([
            "l.lemma": Self.lemmas,
            "y.rules": "rules y from runtime { mutation: forEachByOffset }\n",
            "i.rules": "rules i from runtime invalidation runtime { invalidationMutation: ownChangeIgnored }\n",
        ])
        let y = folder.appendingPathComponent("y.rules").path
        let i = folder.appendingPathComponent("i.rules").path
        let refused = [
            [folder.path, "--rules", y, "--mutant", "evictionIgnored"], [folder.path, "--rules", y, "--mutants"],
            [folder.path, "--rules", i, "--mutant", "closuresCompareEqual"], [folder.path, "--rules", i, "--mutants"],
        ]
        // A mutant of the other layer replaces nothing: the file's still applies (the last run).
        let runs = try VerifyLemmasProcess.runAll(
            refused + [
                [folder.path, "--quiet", "--rules", i, "--mutant", "forEachByOffset", "--filter", "arms", "--json", "-"] + Self.shallow,
                ["diff-rules", "runtime", y, folder.path, "--quiet", "--json"],
            ])
        for (arguments, run) in zip(refused, runs) {
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.combined)")
            XCTAssertTrue(run.errors.contains("already applies the mutant"), "\(arguments): \(run.errors)")
            XCTAssertFalse(run.output.contains("obligations proved"), "\(arguments): work was done first")
        }
        let kept = runs[refused.count]
        XCTAssertEqual(kept.status, 1, kept.combined)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(kept.output.utf8)) as? [String: Any], kept.combined)
        let reductions = try XCTUnwrap(report["reductions"] as? [[String: Any]])
        XCTAssertEqual(reductions.map { $0["rules"] as? String }, ["runtime+forEachByOffset"])
        let verdicts = (reductions.first?["obligations"] as? [[String: Any]] ?? []).map { $0["verdict"] as? String }
        XCTAssertEqual(verdicts.count, 22)
        XCTAssertEqual(verdicts.filter { $0 == "proved" }.count, 21, "\(verdicts)")
        // diff-rules says the same of the file's own mutant, side by side with runtime's.
        let diff = try DiffRulesDocument(try XCTUnwrap(runs.last).output)
        XCTAssertEqual(diff.obligations["first"], [.init(kind: "reduction", rules: "runtime", proved: 22, total: 22, unproved: [], error: nil)])
        XCTAssertEqual(
            diff.obligations["second"],
            [.init(kind: "reduction", rules: "y+forEachByOffset", proved: 21, total: 22, unproved: ["siblings.forEach"], error: nil)])
    }

    /// A file's `invalidationMutation` is a mutant as `--mutant` applies it: whether a scenario's
    /// render pair is realizable is decided under the rules without it. With ownChangeIgnored in the
    /// file, the shelf's state change no longer ran its body, so the changed row was called an
    /// unrealizable render (error) where `--mutant ownChangeIgnored` refuted the scenario.
    /// `layouts: pending` over `runtime`'s `references: equatable` and `nested: equatableUnlessPOD`:
    /// before the layouts are built every comparison is bitwise, so another Equatable object and a
    /// non-POD struct field whose `==` says equal both compare different (the scenarios' two routes;
    /// the lemma, refuted under `runtime`, is proved unbounded).
    func testLayoutsPendingInAFileComparesIssue23KindsBitwise() throws {
        let folder = try Repository.temporaryFolder([
            "p.lemma": """
                scenario non_pod_struct_bitwise {
                  source I3; rules runtime; invalidation runtime; expect holds
                  render { Chart(state: 0) @chart { Axis(range: Labelled(lo: 1, title: "a") == reads(lo)) @axis } }
                  set chart = 1
                  render { Chart(state: 0) @chart { Axis(range: Labelled(lo: 1, title: "b") == reads(lo)) @axis } }
                  check axis evaluated because range
                }
                scenario equatable_object_by_identity {
                  source I7; rules runtime; invalidation runtime; expect holds
                  render { Screen(state: 0) @screen { Avatar(image: object(1, equatable: 7)) @avatar } }
                  set screen = 1
                  render { Screen(state: 0) @screen { Avatar(image: object(2, equatable: 7)) @avatar } }
                  check avatar evaluated because image
                }
                lemma changed_struct_runs {
                  source I3; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !revived(p, after)
                  assume rendered(p, before) && parentEvaluated(p, after) && p.eq == .notEquatable
                  assume exists k in p: p[k].kind == .structure && p[k].same == false
                  show evaluated(p, after)
                }
                """,
            "pending.rules": "rules pending from runtime invalidation runtime { layouts: pending }\n",
        ])
        let report = try reports([check(folder, rules: folder.appendingPathComponent("pending.rules").path) + Self.shallow])[0]
        let verdicts = try verdicts(report)
        XCTAssertEqual(verdicts.count, 3, "\(verdicts)")
        XCTAssertEqual(verdicts["changed_struct_runs"], "proved unbounded")
        for (name, verdict) in verdicts {
            XCTAssertTrue(verdict.hasPrefix("proved"), "\(name): \(verdict)")
        }
    }

    func testAFilesInvalidationMutantJudgesScenariosAsTheMutantDoes() throws {
        let folder = try Repository.temporaryFolder([
            "s.lemma": """
                scenario only_the_changed_row_runs {
                  source I1, I2, I9, R8; rules runtime; invalidation runtime; expect holds
                  render { Shelf(state: 0) @shelf { ForEach([1, 2]) { case 1: Row(count: 10) @row; case 2: Row(count: 20) @row } } }
                  set shelf = 1
                  render { Shelf(state: 0) @shelf { ForEach([1, 2]) { case 1: Row(count: 10) @row; case 2: Row(count: 21) @row } } }
                  check shelf evaluated because state
                  check row[2] evaluated because count
                }
                """,
            "m.rules": "rules m from runtime invalidation runtime { invalidationMutation: ownChangeIgnored }\n",
            "base.rules": "rules base from runtime invalidation runtime { }\n",
        ])
        let both = try reports([
            check(folder, rules: folder.appendingPathComponent("m.rules").path),
            check(folder, rules: folder.appendingPathComponent("base.rules").path) + ["--mutant", "ownChangeIgnored"],
        ])
        let (file, mutant) = (try verdicts(both[0]), try verdicts(both[1]))
        XCTAssertEqual(mutant["only_the_changed_row_runs"]?.hasPrefix("refuted"), true, "\(mutant)")
        XCTAssertEqual(file, mutant)
    }
}
