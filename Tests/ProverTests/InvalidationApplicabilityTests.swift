import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover

/// Issue 25: a mutant is not applicable to an invalidation item that cannot exercise the rule it
/// breaks (`InvalidationFootprint`, `Mutant.canChange`). "Not applicable" must never be said of a
/// mutant that changes the item's verdict: the red-team tests run every mutant on invalidation items
/// and check exactly that.
final class InvalidationApplicabilityTests: XCTestCase {
    /// One view, no construct, no `@State`, no `==`: a new type, then a new plain value.
    static let badge = """
        scenario badge_runs_for_a_new_type_then_a_new_count {
          summary "a new type is a new view; a changed plain value runs the body"
          source I1, I3; rules runtime; invalidation runtime; expect holds
          render { Badge(count: 1) @badge }
          render { Label(count: 1) @badge }
          check badge evaluated because identity
          render { Label(count: 2) @badge }
          check badge evaluated because count
        }
        """

    private static let lemmas = """
        lemma parent_skipped_no_own_change_skips {
          summary "a surviving view whose parent did not run, without an own change, is skipped"
          source I9; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume rendered(p, before) && !parentEvaluated(p, after)
          assume p.stateRead == false && p.signalled == false
          show !evaluated(p, after)
        }

        lemma set_to_the_value_held_runs_nothing {
          summary "a set of the value held runs nothing under a skipped parent"
          source I8; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          mutate p after before
          assume p.set == p.state && !parentEvaluated(p, after) && !signalled(p, after)
          show !evaluated(p, after)
        }

        lemma only_the_declared_key_runs_the_view {
          summary "a view declaring a, not b, under a skipped parent runs iff a changed"
          source I10; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume rendered(p, before) && declaresKey(p, a) && !declaresKey(p, b)
          assume !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
          show evaluated(p, after) <=> environmentChanged(p, a, after)
        }
        """

    private func items(_ files: [String: String]) throws -> [Verifier.WorkItem] {
        let folder = try Repository.temporaryFolder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = LemmaLoader().load(directory: folder)
        XCTAssertFalse(loaded.hasErrors, loaded.diagnostics.map(\.description).joined(separator: "\n"))
        return loaded.lemmas.map { .lemma($0, file: "l.lemma") } + loaded.scenarios.map { .scenario($0, file: "s.lemma") }
    }

    private func applicable(to item: Verifier.WorkItem) -> Set<String> {
        Set(Mutant.all.filter { $0.isApplicable(to: item) }.map(\.name))
    }

    /// The badge scenario exercises I1 and I3's plain data only: no identity mutant (no step above
    /// its view), no `==`, `.equatable()`, state, child, set or dependency.
    func testAScenarioTouchesOnlyWhatItsViewTreesAndStepsUse() throws {
        let badge = try XCTUnwrap(try items(["s.lemma": Self.badge]).first)
        XCTAssertEqual(applicable(to: badge), ["identityChangeCompared", "plainDataIgnored"])

        let richer = try XCTUnwrap(try items(["s.lemma": """
            scenario rows_and_dependencies {
              summary "rows below a parent with state, an equatable row, an environment key"
              source I8; rules runtime; invalidation runtime; expect holds
              render { Shelf(state: 0) @shelf { ForEach([1, 2]) { Row(item: $0, onTap: { }) == reads(item) @row }.environment(\\.tint, 1) } }
              set shelf = 1 unread
              render { Shelf(state: 0) @shelf { ForEach([1, 2]) { Row(item: $0, onTap: { }) == reads(item) @row }.environment(\\.tint, 2) } }
              check shelf skipped
            }
            """]).first)
        let touched = applicable(to: richer)
        for name in [
            "forEachByOffset", "forEachKeyIgnored", "duplicateKeysMerged", "modifierValueInIdentity", "podHonoursCustomEquality",
            "closuresCompareEqual", "childrenAlwaysCompared", "readFlagNotShared", "equalSetCommits", "ownChangeIgnored",
            "stateInitialValueIgnored", "nonPODFieldsAlwaysDiffer",
        ] {
            XCTAssertTrue(touched.contains(name), name)
        }
        for name in [
            "armsShareIdentity", "idValueIgnored", "noRetention", "reReadInitialValue", "equatableViewIgnored", "environmentComparedWhole",
            "environmentObjectsIgnored", "stateObjectRemade", "observationPerObject", "manualBindingComparesEqual", "nestedEqualityIgnored",
        ] {
            XCTAssertFalse(touched.contains(name), name)
        }
    }

    /// A lemma's views hold any property, `==` and parent, so every comparison mutant touches it;
    /// a dependency mutant only through the atoms it names; an identity mutant only through `.id`
    /// (its trees' one step), the realizability premise and whether a view may be revived (under
    /// `runtime`, `noRetention` makes none: `InvalidationFootprint.revivalMutants`).
    func testALemmaTouchesTheDependencyMutantsThroughItsAtomsOnly() throws {
        let lemmas = try items(["l.lemma": Self.lemmas])
        XCTAssertEqual(lemmas.count, 3)
        let identity: Set = ["idOverridesStructure", "idValueIgnored", "anyViewAlwaysRebuilds", "transientReadsIgnored", "noRetention"]
        let dependencies: Set = [
            "environmentComparedWhole", "environmentObjectsIgnored", "observationPerObject", "stateObjectRemade", "readFlagNotShared",
            "equalSetCommits", "trackingReplacedEachEvaluation", "firedTrackingKept", "skippedBodyReadsTracked", "readsNotRecorded",
            "setAppliedAgain", "stateCarriedToNewIdentity",
        ]
        let comparisons = Set(InvalidationMutation.allCases.map(\.rawValue)).subtracting(dependencies)
        XCTAssertEqual(applicable(to: lemmas[0]), identity.union(comparisons))
        XCTAssertEqual(applicable(to: lemmas[1]), identity.union(comparisons).union(["equalSetCommits", "setAppliedAgain", "stateCarriedToNewIdentity"]))
        XCTAssertEqual(applicable(to: lemmas[2]), identity.union(comparisons).union(["environmentComparedWhole"]))
    }

    /// A lemma over what a body read across renders touches the tracking mutants (and I8's
    /// `observationPerObject`) through its `@Observable` atoms; one without them does not.
    func testATrackingLemmaTouchesTheTrackingMutants() throws {
        let lemmas = try items(["l.lemma": """
            lemma read_before_stays_tracked {
              summary "a property read at r2 and not at r3 stays tracked"
              source I8; rules runtime; invalidation runtime; expect holds
              renders r1, r2, r3, r4
              forall p: path in r4
              assume evaluated(p, r2) && bodyReads(p, a, r2)
              assume rendered(p, r2) && rendered(p, r3) && evaluated(p, r3) && !bodyReads(p, a, r3)
              assume !propertyChanged(a, r3)
              show readsProperty(p, a, r4)
            }
            """ + "\n\n" + Self.lemmas])
        let tracking: Set = [
            "trackingReplacedEachEvaluation", "firedTrackingKept", "skippedBodyReadsTracked", "readsNotRecorded", "observationPerObject",
        ]
        XCTAssertEqual(applicable(to: lemmas[0]).intersection(tracking), tracking)
        XCTAssertEqual(applicable(to: lemmas[1]).intersection(tracking), [])
    }

    /// Red team, fast: every mutant against invalidation scenarios of `Lemmas/invalidation` chosen
    /// to cover every field of `InvalidationFootprint` (each scenario picked adds something the
    /// ones before did not have), each checked on its own under each mutant said not applicable to
    /// it (the claims to test; the slow tier's folder-wide test runs every pair and shows that the
    /// mutants change verdicts there). None may change its verdict or scope.
    func testNoMutantSaidNotApplicableToAScenarioChangesIt() throws {
        let loaded = LemmaLoader().load(directory: Repository.lemmas.appendingPathComponent("invalidation"))
        var covered = Set<String>()
        var chosen: [CheckedScenario] = []
        for scenario in loaded.scenarios where scenario.invalidation != nil {
            let features = Self.features(InvalidationFootprint(scenario))
            if !features.isSubset(of: covered) {
                chosen.append(scenario)
                covered.formUnion(features)
            }
        }
        let wanted = Self.features(InvalidationFootprint(
            propertyKinds: Set(PropertyKind.allCases), customEquality: true, equatableWrapped: true, nonPOD: true, state: true,
            children: true, ownChanges: true, sets: true, unreadChanges: true, observableChanges: true, environmentKeys: true,
            environmentObjects: true, stateObjects: true, stepKinds: [.forEach, .explicitID, .conditional, .anyView, .container],
            readsRealizabilityPremise: false))
        XCTAssertEqual(wanted.subtracting(covered), [], "no scenario of the folder exercises these")
        let items = chosen.map { Verifier.WorkItem.scenario($0, file: "invalidation") }
        let scenarios = chosen
        let everyRun: [Mutant?] = [nil] + Mutant.all
        let runs = try Concurrently.map(everyRun) { mutant -> [LemmaReport] in
            var options = VerifierOptions()
            mutant?.apply(to: &options)
            let verifier = Verifier(options: options)
            let claimed = zip(scenarios, items).filter { _, item in mutant.map { !$0.isApplicable(to: item) } ?? true }
            return claimed.map { scenario, _ in verifier.check(scenario, file: "invalidation") }
        }
        let (misses, _, notApplicable) = Self.unsoundClaims(items: items, reference: runs[0], mutants: Array(runs.dropFirst()))
        XCTAssertEqual(misses, [], "mutants that changed a verdict but were said not applicable")
        let checked = runs.dropFirst().map(\.count).reduce(0, +)
        XCTAssertGreaterThanOrEqual(checked, 100, "the function said 'not applicable' too rarely to be tested")
        XCTAssertEqual(checked, notApplicable)
    }

    /// Red team, slow tier (about two minutes of a core in a debug build, for the invalidation
    /// checker's domain each mutant's run observes): every mutant against the three lemmas above.
    func testEveryMutantThatChangesALemmaIsApplicableToIt() throws {
        try SlowTier.require()
        let folder = try Repository.temporaryFolder(["l.lemma": Self.lemmas])
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = LemmaLoader().load(directory: folder).lemmas.map { Verifier.WorkItem.lemma($0, file: "l.lemma") }
        let runs = try Concurrently.map([nil] + Mutant.all) { mutant -> [LemmaReport] in
            var options = VerifierOptions.shallowChecker
            mutant?.apply(to: &options)
            (options.exportScripts, options.checksVacuity, options.explains) = (false, false, false)
            return Verifier(options: options).run(paths: [folder]).lemmas
        }
        let (misses, changed, notApplicable) = Self.unsoundClaims(items: items, reference: runs[0], mutants: Array(runs.dropFirst()))
        XCTAssertEqual(misses, [], "mutants that changed a verdict but were said not applicable")
        XCTAssertGreaterThanOrEqual(changed, 3, "no mutant changed these lemmas: the test tests nothing")
        XCTAssertGreaterThanOrEqual(notApplicable, 30)
    }

    /// Red team, slow tier: every mutant against every invalidation scenario of `Lemmas/invalidation`.
    func testEveryMutantThatChangesAScenarioOfTheInvalidationFolderIsApplicableToIt() throws {
        try SlowTier.require()
        let scenarios = LemmaLoader().load(directory: Repository.lemmas.appendingPathComponent("invalidation")).scenarios
            .filter { $0.invalidation != nil }
        XCTAssertGreaterThanOrEqual(scenarios.count, 100, "the folder was not read")
        let runs = try Concurrently.map([nil] + Mutant.all) { mutant -> [LemmaReport] in
            var options = VerifierOptions()
            mutant?.apply(to: &options)
            let verifier = Verifier(options: options)
            return scenarios.map { verifier.check($0, file: "invalidation") }
        }
        let items = scenarios.map { Verifier.WorkItem.scenario($0, file: "invalidation") }
        let (misses, changed, _) = Self.unsoundClaims(items: items, reference: runs[0], mutants: Array(runs.dropFirst()))
        XCTAssertEqual(misses, [], "mutants that changed a verdict but were said not applicable")
        XCTAssertGreaterThanOrEqual(changed, 39)
    }

    /// The harness finds a miss: a verdict changed under a mutant the function calls not applicable
    /// (the badge scenario has no `ForEach`), and counts a change under an applicable one as none.
    func testTheRedTeamHarnessReportsAVerdictChangedByANotApplicableMutant() throws {
        let badge = try XCTUnwrap(try items(["s.lemma": Self.badge]).first)
        func report(_ outcome: Prover.Outcome) -> LemmaReport {
            LemmaReport(
                name: badge.name, kind: .scenario, file: "s.lemma", line: 1, column: 1, summary: nil, sources: [], rules: "runtime",
                expected: .holds, outcome: outcome, seconds: 0, message: "")
        }
        let proved = report(.proved(nil)), broken = report(.error(.illFormed))
        let offset = try XCTUnwrap(Mutant.all.firstIndex(of: .identity(.forEachByOffset)))
        let plain = try XCTUnwrap(Mutant.all.firstIndex(of: .invalidation(.plainDataIgnored)))
        var mutants = Mutant.all.map { _ in [proved] }
        (mutants[offset], mutants[plain]) = ([broken], [broken])
        let (misses, changed, notApplicable) = Self.unsoundClaims(items: [badge], reference: [proved], mutants: mutants)
        XCTAssertEqual(misses, ["forEachByOffset on \(badge.name): proved -> error"])
        XCTAssertEqual(changed, 2)
        XCTAssertEqual(notApplicable, Mutant.all.count - 2)
    }

    /// The scores of a one-scenario folder in every report: the mutants the scenario cannot
    /// exercise are not applicable and left out of the score; it kills the two it can.
    func testTheScoreOfOneInvalidationScenarioCountsOnlyTheMutantsItCanExercise() throws {
        let folder = try Repository.temporaryFolder(["badge.lemma": Self.badge])
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("r.xml").path
        let runs = try VerifyLemmasProcess.runAll([
            [folder.path, "--mutants", "--quiet", "--junit", junit],
            [folder.path, "--mutants", "--quiet", "--json", "-"],
        ])
        let (human, json) = (runs[0], runs[1])
        XCTAssertEqual(human.status, 0, human.combined)
        let others = Mutant.all.count - 2
        XCTAssertTrue(human.output.contains("mutants: 2 of 2 killed (\(others) not applicable)"), human.output)
        XCTAssertFalse(human.output.contains("SURVIVED"), human.output)

        XCTAssertEqual(json.status, 0, json.errors)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let mutants = try XCTUnwrap(document["mutants"] as? [[String: Any]])
        XCTAssertEqual(mutants.count, Mutant.all.count)
        let applicable = mutants.filter { $0["notApplicable"] as? Bool == false }
        XCTAssertEqual(Set(applicable.compactMap { $0["name"] as? String }), ["identityChangeCompared", "plainDataIgnored"])
        XCTAssertTrue(applicable.allSatisfy { $0["killed"] as? Bool == true }, "\(applicable)")

        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(xml.components(separatedBy: "<skipped").count - 1, others, xml)
    }

    // MARK: The red team's harness

    /// The pairs in which `mutants[i]` (the run under `Mutant.all[i]`) gave an item another verdict
    /// or scope than `reference` while `isApplicable` says it cannot; how many pairs changed; how
    /// many pairs the function calls not applicable.
    private static func unsoundClaims(
        items: [Verifier.WorkItem], reference: [LemmaReport], mutants: [[LemmaReport]]
    ) -> (misses: [String], changed: Int, notApplicable: Int) {
        var misses: [String] = [], changed = 0, notApplicable = 0
        let byName = Dictionary(items.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let before = Dictionary(reference.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (mutant, run) in zip(Mutant.all, mutants) {
            notApplicable += items.filter { !mutant.isApplicable(to: $0) }.count
            for report in run {
                guard let item = byName[report.name], let old = before[report.name] else { continue }
                guard old.verdict != report.verdict || old.scope != report.scope else { continue }
                changed += 1
                if !mutant.isApplicable(to: item) { misses.append("\(mutant.name) on \(report.name): \(old.verdict) -> \(report.verdict)") }
            }
        }
        return (misses, changed, notApplicable)
    }

    /// The fields of `footprint` that hold (`Bool`s that are true, each member of a `Set`), by name.
    static func features(_ footprint: InvalidationFootprint) -> Set<String> {
        var found = Set<String>()
        for child in Mirror(reflecting: footprint).children {
            guard let label = child.label else { continue }
            if let flag = child.value as? Bool, flag { found.insert(label) }
            if let kinds = child.value as? Set<PropertyKind> { found.formUnion(kinds.map { "\(label).\($0)" }) }
            if let kinds = child.value as? Set<StepKind> { found.formUnion(kinds.map { "\(label).\($0)" }) }
        }
        return found
    }
}
