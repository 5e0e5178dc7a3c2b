import LemmaLogic
import XCTest

/// The changes of a key reaching a parent and its child that a tree gives (I10 "Through a parent
/// across renders"): each case decided by hand from "the child's value is its parent's unless a
/// write in the parent's body overrides it, the override is part of the child's type (there or not
/// while its identity survives), and a body that did not run keeps its write".
final class EnvironmentReachTests: XCTestCase {
    /// `changes[path]` as the transitions where key 0 changed, path 1 the child of path 0 (and path 2,
    /// when given, the child of path 1); `ran[path]` whether its body ran at each transition and
    /// `survives[path]` whether its identity survived it (`nil`: every identity survives).
    private func reach(_ changes: [[Bool]], ran: [[Bool]], survives: [[Bool]]? = nil, parents: [Int?] = [nil, 0]) -> EnvironmentReach {
        EnvironmentReach(changes: changes.map { $0.map { $0 ? [0] : [] } }, parents: parents, ran: ran, survives: survives, keys: [0])
    }

    private func realizable(_ changes: [[Bool]], ran: [[Bool]], survives: [[Bool]]? = nil, parents: [Int?] = [nil, 0]) -> Bool {
        reach(changes, ran: ran, survives: survives, parents: parents).unrealizableKey == nil
    }

    /// Below a parent that never runs, an override stays: once the parent's value changed without
    /// the child's, the child's value never changes again, whatever the parent's does. The first
    /// false case is what a per-transition check (the child's change within its parent's) lets through.
    func testAnOverrideStaysWhileTheParentsBodyDoesNotRun() {
        let skipped = [[false, false], [false, false]]
        XCTAssertFalse(realizable([[true, true], [false, true]], ran: skipped))
        XCTAssertFalse(realizable([[true, false], [false, true]], ran: skipped))
        XCTAssertTrue(realizable([[true, true], [false, false]], ran: skipped), "an override that stays")
        XCTAssertTrue(realizable([[true, true], [true, true]], ran: skipped), "no override: the child follows")
        XCTAssertTrue(realizable([[false, true], [false, true]], ran: skipped))
        // Without an override the child follows its parent: it cannot miss one change and see the next.
        XCTAssertFalse(realizable([[false, true, true], [false, false, true]], ran: [[false, false, false], [false, false, false]]))
    }

    /// A child's value changes while its parent's does not only by a write in the parent's body, so
    /// only when it ran; once it ran, the override may be written, dropped or changed.
    func testTheParentsRunFreesTheChild() {
        XCTAssertFalse(realizable([[false], [true]], ran: [[false], [false]]))
        XCTAssertTrue(realizable([[false], [true]], ran: [[true], [false]]))
        XCTAssertTrue(realizable([[true, false], [false, true]], ran: [[false, true], [false, false]]))
        XCTAssertTrue(realizable([[true, true], [false, true]], ran: [[false, true], [false, false]]))
        // Whether the child ran is not the parent's run: only the parent's body writes above the child.
        XCTAssertFalse(realizable([[false], [true]], ran: [[false], [true]]))
    }

    /// Values are compared over the whole history, not transition by transition: with no override
    /// before or after the parent's run the child's value is the parent's at both renders, so at
    /// the run it changes iff its parent's does; an override that begins at the run frees it.
    func testARunWithoutAnOverrideOnEitherSideStillTiesTheValues() {
        let ran = [[false, true, false], [false, false, false]]
        // The child followed its parent in the first and the last transition (no override on either
        // side of the run), so its change at the run is its parent's: none. A per-transition check
        // accepts it, the parent having run there.
        XCTAssertFalse(realizable([[true, false, true], [true, true, true]], ran: ran))
        XCTAssertTrue(realizable([[true, false, true], [true, false, true]], ran: ran))
        XCTAssertTrue(realizable([[true, true, true], [true, true, true]], ran: ran))
        // An override written at the run, then kept: the child changes once, then never. It was not
        // there before the run (the child followed its parent's change below the skipped body), so
        // it appears on the child: only a new identity of the child has it.
        XCTAssertFalse(realizable([[true, false, false], [true, true, false]], ran: ran))
        XCTAssertTrue(realizable(
            [[true, false, false], [true, true, false]], ran: ran, survives: [[true, true, true], [true, false, true]]))
        XCTAssertFalse(realizable([[true, false, true], [true, true, false]], ran: [[false, false, false], [false, false, false]]))
    }

    /// The red team's history (the printed shape of session 17's finding): below a skipped parent
    /// the child follows its parent's change (no override), then the parent runs and changes while
    /// the child does not (an override). An override that appears on a surviving child changes its
    /// type, so no tree gives this; a child that is new at the run may have it. The choice per
    /// stretch between the parent's runs accepted it.
    func testAnOverrideDoesNotAppearOnASurvivingChild() {
        let changes = [[true, true], [true, false]]
        let ran = [[false, true], [false, false]]
        XCTAssertFalse(realizable(changes, ran: ran))
        XCTAssertFalse(realizable(changes, ran: ran, survives: [[true, true], [true, true]]))
        XCTAssertTrue(realizable(changes, ran: ran, survives: [[true, true], [true, false]]))
        // Nor does one disappear: an override kept below the skipped parent, the parent's run, then
        // the child following its parent's change below the skipped body again.
        let dropped = [[true, false, true], [false, false, true]]
        let runOnce = [[false, true, false], [false, false, false]]
        XCTAssertFalse(realizable(dropped, ran: runOnce))
        XCTAssertTrue(realizable(dropped, ran: runOnce, survives: [[true, true, true], [true, false, true]]))
    }

    /// The values a realized reach gives: a child without an override has its parent's value at
    /// every render, one with an override a value its parent never has at any render of that
    /// identity (so the printed write is on it at every render), and each value changes exactly
    /// where its path's key changed.
    func testTheValuesPrintAnOverrideAtEveryRenderOfTheChild() throws {
        let cases: [(changes: [[Bool]], ran: [[Bool]], survives: [[Bool]]?, overridden: Bool)] = [
            ([[true, false], [true, false]], [[false, false], [false, false]], nil, false),
            ([[true, false], [false, false]], [[false, false], [false, false]], nil, true),
            ([[false, true], [true, true]], [[true, true], [false, false]], nil, true),
            ([[true, true], [true, false]], [[false, true], [false, false]], [[true, true], [true, false]], false),
        ]
        for (changes, ran, survives, overridden) in cases {
            let reach = reach(changes, ran: ran, survives: survives)
            let values = try XCTUnwrap(reach.values[0], "\(changes)")
            let overrides = try XCTUnwrap(reach.overridden[0], "\(changes)")
            XCTAssertEqual(overrides[0], [false, false, false])
            XCTAssertEqual(overrides[1][0], overridden, "\(changes)")
            for path in 0..<2 {
                for transition in 0..<2 {
                    XCTAssertEqual(values[path][transition] != values[path][transition + 1], changes[path][transition], "\(changes) \(values)")
                }
            }
            for render in 0..<3 {
                // Within one identity of the child the override is there or not throughout.
                if survives?[1].prefix(render).allSatisfy({ $0 }) ?? true { XCTAssertEqual(overrides[1][render], overrides[1][0]) }
                XCTAssertEqual(values[1][render] == values[0][render], !overrides[1][render], "\(changes) \(values)")
            }
        }
    }

    /// A grandchild below two skipped bodies: it follows its parent, which follows its own, or an
    /// override stays at either level.
    func testThroughTwoParents() {
        let skipped = [[false, false], [false, false], [false, false]]
        let chain: [Int?] = [nil, 0, 1]
        XCTAssertFalse(realizable([[true, false], [false, false], [true, false]], ran: skipped, parents: chain))
        XCTAssertTrue(realizable([[true, true], [true, true], [true, true]], ran: skipped, parents: chain))
        XCTAssertTrue(realizable([[true, true], [true, true], [false, false]], ran: skipped, parents: chain))
        XCTAssertFalse(realizable([[true, true], [false, true], [false, true]], ran: skipped, parents: chain))
        // A root's value is free: any write above it.
        XCTAssertTrue(realizable([[true, false]], ran: [[false, false]], parents: [nil]))
    }

    /// Beyond `maximumChoices` (a child new at every transition) the trees are refused, never assumed.
    func testTooManyChoicesAreRefused() {
        let transitions = EnvironmentReach.maximumChoices
        let changes = [Array(repeating: false, count: transitions), Array(repeating: false, count: transitions)]
        let ran = [Array(repeating: true, count: transitions), Array(repeating: false, count: transitions)]
        XCTAssertFalse(realizable(changes, ran: ran, survives: [Array(repeating: true, count: transitions), Array(repeating: false, count: transitions)]))
        XCTAssertTrue(realizable(changes, ran: ran))
    }

    /// The values `EnvironmentReach.values` gives are the changes' (equal across a transition
    /// without a change, different across one with), and a child kept below its skipped parent by
    /// an override holds a value of its own over the whole stretch, apart from its parent's at every
    /// render of it, so the printed trees write the override at each (FINDINGS.md 69).
    func testTheValuesRealizeTheChangesAndAnOverrideHoldsItsOwnValue() throws {
        let changes: [[Bool]] = [[false, true], [false, false]]
        let ran = [[true, false], [false, false]]
        let values = try XCTUnwrap(
            EnvironmentReach(changes: changes.map { $0.map { $0 ? [0] : [] } }, parents: [nil, 0], ran: ran, keys: [0]).values[0])
        for (path, history) in changes.enumerated() {
            for (transition, changed) in history.enumerated() {
                XCTAssertEqual(values[path][transition] != values[path][transition + 1], changed, "path \(path), transition \(transition): \(values)")
            }
        }
        // The parent skipped at the second transition: the override of that stretch (renders 1, 2).
        XCTAssertNotEqual(values[1][1], values[0][1], "\(values)")
        XCTAssertNotEqual(values[1][2], values[0][2], "\(values)")
        XCTAssertEqual(
            EnvironmentReach.unrealizableKey(changes: [[[], []], [[], [0]]], parents: [nil, 0], ran: [[false, false], [false, false]], keys: [0]), 0)
    }

    /// The keys reaching each path that its trees hold (`reaching`): what it or any path below it
    /// names, through two levels, and a key its parent's write overrides on it though neither it nor
    /// a path below it names it (FINDINGS.md 69); not a key only its parent or a sibling names.
    func testTheKeysReachingAPathAreWhatItOrAPathBelowItNamesAndItsOverrides() {
        // Path 0 names key 2 only; path 1 (its child) names key 1; path 2 (path 1's child) names key 0,
        // path 3 (another child of path 0) names key 3. Nothing changes: no override.
        let quiet = EnvironmentReach(
            changes: [[[]], [[]], [[]], [[]]], parents: [nil, 0, 1, 0], ran: [[true], [true], [true], [true]], keys: [0, 1, 2, 3],
            named: [[2], [1], [0], [3]])
        XCTAssertEqual(quiet.reaching, [[0, 1, 2, 3], [0, 1], [0], [3]])
        // Key 0 changes at the parent, which is skipped, and not at the child: the child is overridden.
        let overridden = EnvironmentReach(
            changes: [[[0]], [[]]], parents: [nil, 0], ran: [[false], [false]], keys: [0], named: [[0], []])
        XCTAssertEqual(overridden.overridden[0]?[1], [true, true])
        XCTAssertEqual(overridden.reaching, [[0], [0]])
        // By default a path names the keys that change at it.
        let changed = EnvironmentReach(changes: [[[]], [[1]]], parents: [nil, 0], ran: [[true], [false]], keys: [1])
        XCTAssertEqual(changed.reaching, [[1], [1]])
    }

    /// Issue 27: links naming no key reach no path with any key (`init(links:parents:)` answers
    /// without its sets), as the general case says; red team: one key declared, or changed, on any
    /// path at any transition is no such case.
    func testLinksNamingNoKeyReachNothing() {
        let plain = ViewLink(survives: true, parentEvaluated: true, old: [], new: [])
        var declared = plain
        declared.declaredKeys = [0]
        var changed = plain
        changed.keyChanges = [1]
        for parents in [[nil], [nil, 0], [nil, 0, 0], [nil, 0, 1]] as [[Int?]] {
            for transitions in 1...3 {
                let links = parents.map { _ in [ViewLink](repeating: plain, count: transitions) }
                let fast = EnvironmentReach(links: links, parents: parents)
                let general = EnvironmentReach(
                    changes: links.map { $0.map(\.keyChanges) }, parents: parents,
                    ran: parents.map { _ in [Bool](repeating: true, count: transitions) }, keys: [],
                    named: parents.map { _ in [] })
                XCTAssertEqual(fast.reaching, general.reaching)
                XCTAssertEqual(fast.reaching, parents.map { _ in [] })
                XCTAssertTrue(fast.values.isEmpty && fast.overridden.isEmpty && fast.unrealizableKey == nil)
                for (path, transition) in parents.indices.flatMap({ path in (0..<transitions).map { (path, $0) } }) {
                    for named in [declared, changed] {
                        var naming = links
                        naming[path][transition] = named
                        let reach = EnvironmentReach(links: naming, parents: parents)
                        XCTAssertFalse(reach.reaching[path].isEmpty, "\(parents), path \(path) at \(transition)")
                    }
                }
            }
        }
    }

    /// FINDINGS.md 78: two rows of one parent's `ForEach` have the override of its one row closure
    /// together, its value each its own. The red team's probe (the parent's k changed, the first
    /// row's did not, the second's did, below a parent that ran) is a tree only with the write on
    /// both rows; below a skipped parent it is none (the second row neither follows nor changes its
    /// write). As a child and a row, or two children, each has a choice of its own: those stay trees.
    func testTheRowsOfOneForEachShareTheOverride() {
        let probe: [[Bool]] = [[true], [false], [true]]
        let ran = EnvironmentReach(
            changes: probe.map { $0.map { $0 ? [0] : [] } }, parents: [nil, 0, 0], ran: [[true], [false], [false]], keys: [0],
            rows: [1, 2])
        XCTAssertNil(ran.unrealizableKey)
        XCTAssertEqual(ran.overridden[0]?[1], [true, true])
        XCTAssertEqual(ran.overridden[0]?[2], [true, true], "the row closure's write is on the second row too")
        XCTAssertNotEqual(ran.values[0]?[2][0], ran.values[0]?[2][1], "the second row's write follows the parent's change")
        let skipped = { (rows: Set<Int>) in
            EnvironmentReach(
                changes: probe.map { $0.map { $0 ? [0] : [] } }, parents: [nil, 0, 0], ran: [[false], [false], [false]], keys: [0],
                rows: rows)
        }
        XCTAssertEqual(skipped([1, 2]).unrealizableKey, 0)
        XCTAssertNil(skipped([1]).unrealizableKey, "a row beside a child: each its own write")
        XCTAssertNil(skipped([]).unrealizableKey, "two children: each its own write")
        // A new choice only where every row is new: one row surviving keeps the write the other's new key gets.
        let renewed = EnvironmentReach(
            changes: [[[0]], [[]], [[0]]], parents: [nil, 0, 0], ran: [[false], [false], [false]], survives: [[true], [true], [false]],
            keys: [0], rows: [1, 2])
        XCTAssertEqual(renewed.unrealizableKey, 0, "a surviving row's write changes only with its sibling's, and this parent did not run")
    }
}
