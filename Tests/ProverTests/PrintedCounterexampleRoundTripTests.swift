import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// What an invalidation counterexample prints is what was replayed: its renders, pasted into a
/// scenario with the changes between them as steps (`set`, `signal`, `send`), parse with the one
/// view parser and give every view the verdict and reason the counterexample claims. Over the
/// shipped false lemmas about bindings, state objects, the environment, objects and `@Observable`
/// tracking (each body's reads written in it, each change a `set observable(1).p = v` step), the
/// red team's renders, and the cases the printer lost (a child's `$state` printed as another location with
/// its snapshot in a comment; a `@StateObject` printed as the `@ObservedObject` it resolved to; the
/// environment reaching a view printed only in a comment).
final class PrintedCounterexampleRoundTripTests: XCTestCase {
    static let files = [
        "binding-lemmas", "state-object-lemmas", "state-object-renders", "environment-lemmas", "object-lemmas", "red-team-renders",
        "parent-dependencies", "parent-child-renders", "mutations-renders", "foreach-rows", "observable-lemmas", "observable-tracking", "dependency-renders",
        "binding-renders",
        "parent-dependency-renders", "read-flag-renders", "state-object-parent-renders", "dependency-tracking-renders",
        "parent-tracking-dependencies", "row-dependencies", "binding-object-dependencies", "sibling-rows",
        // Its false lemma about a send of an object its view does not observe prints a send no view
        // observes: `send model(1) unobserved` (a plain `send` of it is E094).
        "state-object-dependency-renders",
    ]

    /// The red team's binding case: `q` holds `$state` of its parent `p`, whose change is unread.
    static let bindingCase = """
        lemma f_binding_unread_change_skips {
          summary "x"; source I8; rules runtime; invalidation runtime; expect refuted
          forall p: path in after, q: path in after
          assume childOf(q, p)
          assume holdsBindingOf(q, p) && rendered(p, before) && !parentEvaluated(p, after) && !signalled(p, after)
          assume p.stateUnread == true
          show !evaluated(p, after)
        }
        """

    /// The red team's state-object case: the initialiser changed, the object kept.
    static let stateObjectCase = """
        lemma f_so_init {
          summary "x"; source I12; rules runtime; invalidation runtime; expect refuted
          forall p: path in after
          assume rendered(p, before) && holdsStateObject(p) && initialiserChanged(p, after) && parentEvaluated(p, after)
          show evaluated(p, after)
        }
        """

    func testTheRedTeamsBindingCounterexampleParsesBackToItsVerdicts() throws {
        let example = try Self.refuted(Self.bindingCase)
        // `q` is written in `p`'s body holding `p`'s own state, with the snapshot it was made with.
        XCTAssertTrue(example.renders[0].code.contains("$state(snapshot: "), example.renders[0].code)
        XCTAssertFalse(example.renders.contains { $0.code.contains("/*") }, "\(example.renders)")
        try Self.assertRoundTrip(example, rules: "runtime", source: Self.bindingCase)
    }

    func testTheRedTeamsStateObjectCounterexampleShowsTheChangedInitialiser() throws {
        let example = try Self.refuted(Self.stateObjectCase)
        let before = try XCTUnwrap(Self.initialiser(in: example.renders[0].code), example.renders[0].code)
        let after = try XCTUnwrap(Self.initialiser(in: example.renders[1].code), example.renders[1].code)
        XCTAssertNotEqual(before, after, "\(example.renders)")
        try Self.assertRoundTrip(example, rules: "runtime", source: Self.stateObjectCase)
    }

    /// FINDINGS.md 54: below a skipped parent a changed initialiser is one handed down (I9), the
    /// object held an earlier initialiser's. The trees printed `model(5)` then `model(6)` there,
    /// which the scenario runner refuses as no render pair; they print the later initialiser in both
    /// renders and say which object the view holds. One view, and a parent and its child.
    func testAStateObjectInitialiserBelowASkippedParentIsTheOneHandedDown() throws {
        let cases = [
            """
            lemma f_so_skipped {
              summary "x"; source I12; rules runtime; invalidation runtime; expect refuted
              forall p: path in after
              assume holdsStateObject(p) && initialiserChanged(p, after) && !parentEvaluated(p, after)
              show !keepsStateObject(p, after)
            }
            """,
            """
            lemma f_so_child_skipped {
              summary "x"; source I12; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume holdsStateObject(q) && initialiserChanged(q, after) && !evaluated(p, after)
              show !keepsStateObject(q, after)
            }
            """,
        ]
        for source in cases {
            let example = try Self.refuted(source)
            let before = try XCTUnwrap(Self.initialiser(in: example.renders[0].code), example.renders[0].code)
            let after = try XCTUnwrap(Self.initialiser(in: example.renders[1].code), example.renders[1].code)
            XCTAssertEqual(before, after, "\(example.renders)")
            XCTAssertTrue(example.renders[0].code.contains("holds model("), example.renders[0].code)
            try Self.assertRoundTrip(example, rules: "runtime", source: source)
        }
    }

    /// FINDINGS.md 80: an unchanged initialiser makes the object held before, not the render
    /// before's initialiser's. A new identity whose initialiser did not change keeps its object
    /// (I12) because it makes that object again; the trees printed the render before's (changed)
    /// initialiser and a note that the view holds the earlier object, so pasted back the view held
    /// its printed initialiser's object and the trees were no counterexample. One view, a row below
    /// a parent with a new identity, and a child.
    func testAnUnchangedInitialiserMakesTheObjectHeldBefore() throws {
        let cases = [
            """
            lemma f_so_new_identity_three_renders {
              summary "x"; source I12, I1; rules runtime; invalidation runtime; expect refuted
              renders a, b, c
              forall p: path in c
              assume holdsStateObject(p) && initialiserChanged(p, b) && rendered(p, a) && !rendered(p, b) && !revived(p, c)
              show !keepsStateObject(p, c)
            }
            """,
            """
            lemma f_so_row_of_a_new_parent {
              summary "x"; source I12, I1; rules runtime; invalidation runtime; expect refuted
              renders a, b, c
              forall p: path in c, q: path in c
              assume rowOf(q, p)
              assume holdsStateObject(q) && !rendered(p, b) && !revived(p, c)
              show !keepsStateObject(q, c)
            }
            """,
            """
            lemma f_so_child_of_a_new_parent {
              summary "x"; source I12, I1; rules runtime; invalidation runtime; expect refuted
              renders a, b, c
              forall p: path in c, q: path in c
              assume childOf(q, p)
              assume holdsStateObject(q) && !rendered(p, b) && !revived(p, c)
              show !keepsStateObject(q, c)
            }
            """,
        ]
        for source in cases {
            try Self.assertRoundTrip(try Self.refuted(source), rules: "runtime", source: source)
        }
    }

    /// A changed environment value is written as `.environment(\.k0, v)` on the view, not noted.
    func testAnEnvironmentChangeIsWrittenAsAModifier() throws {
        let source = """
            lemma env {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              forall p: path in after
              assume rendered(p, before) && !declaresKey(p, a) && environmentChanged(p, a, after)
              show evaluated(p, after)
            }
            """
        let example = try Self.refuted(source)
        XCTAssertTrue(example.renders[0].code.contains(#".environment(\.k0, 0)"#), example.renders[0].code)
        XCTAssertTrue(example.renders[1].code.contains(#".environment(\.k0, 1)"#), example.renders[1].code)
        XCTAssertFalse(example.renders.contains { $0.code.contains("// environment") }, "\(example.renders)")
        try Self.assertRoundTrip(example, rules: "runtime", source: source)
    }

    /// A moved row with a child (`rowOf(q, p)`, `childOf(c, q)`): after the move the row stands at its
    /// slot's second offset behind another row of its type (`q_other`), with its child inside it, so
    /// the pasted renders put `c` below `q` again and run back to the same verdicts.
    func testAMovedRowsChildIsPrintedInsideTheRowAndRunsBack() throws {
        let source = """
            lemma f_moved_row_child_is_new {
              summary "x"; source I1, R8; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after, c: path in after
              assume rowOf(q, p)
              assume childOf(c, q)
              assume rendered(p, before) && keyKept(q, after) && moved(q, after)
              show !rendered(c, before)
            }
            """
        let example = try Self.refuted(source)
        XCTAssertEqual(example.viewTrees.count, 2, "\(example.renders)")
        func row(_ label: String, in render: Int) -> ViewNode? { example.viewTrees[render].preorder.first { $0.label == label } }
        func offset(_ node: ViewNode?) -> Int? {
            node?.steps.lazy.compactMap { if case .forEach(_, _, let offset) = $0 { return offset } else { return nil } }.first
        }
        let (before, after) = (try XCTUnwrap(row("q", in: 0)), try XCTUnwrap(row("q", in: 1)))
        XCTAssertEqual(before.children.map(\.label), ["c"], example.renders[0].code)
        XCTAssertEqual(after.children.map(\.label), ["c"], example.renders[1].code)
        XCTAssertEqual(offset(before), 0, example.renders[0].code)
        XCTAssertEqual(offset(after), 1, example.renders[1].code)
        XCTAssertEqual(offset(row("q_other", in: 1)), 0, example.renders[1].code)
        XCTAssertEqual(row("q_other", in: 1)?.value.staticType, after.value.staticType, example.renders[1].code)
        try Self.assertRoundTrip(example, rules: "runtime", source: source)
    }

    /// The tracking a later render meets was made by what the body read in the earlier one: that
    /// render's code reads it, and the change that fired it is a step (it printed neither once).
    func testATrackingCounterexampleReadsInItsEarlierRender() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("observable-tracking.lemma"), encoding: .utf8)
        let lemma = try XCTUnwrap(Self.lemmas(in: text).first { $0.contains("false_observable_read_before_stays_tracked_after_a_fired_change") })
        let example = try Self.refuted(lemma)
        let reads = example.viewTrees.map { Set($0.preorder.flatMap(\.observedReads)) }
        XCTAssertTrue(reads.contains { !$0.isEmpty }, "\(example.renders)")
        for (tree, render) in zip(example.viewTrees, example.renders) {
            let parsed = try ViewTreeParser.parse(render.code)
            XCTAssertEqual(Set(parsed.observations.values.joined()), Set(tree.preorder.flatMap(\.observedReads)), render.code)
            XCTAssertFalse(render.code.contains("when it runs"), render.code)
        }
        XCTAssertTrue(example.viewTrees.contains { $0.preorder.contains { !$0.observableChanges.isEmpty } }, "\(example.renders)")
        try Self.assertRoundTrip(example, rules: "runtime", source: lemma)
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lemmas/invalidation")

    /// Every false lemma of the shipped files named above, `@Observable` tracking ones included.
    /// The lemmas run together, in one run (the obligations discharged once, the items on every core).
    func testEveryShippedCounterexampleParsesBackToItsVerdicts() throws {
        var sources: [String: String] = [:]
        for file in Self.files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent("\(file).lemma"), encoding: .utf8)
            sources[file] = Self.lemmas(in: text).filter { $0.contains("expect refuted") }.joined(separator: "\n\n")
        }
        let reports = try SingleLemmaFile.runAll(sources)
        let lemmas = Self.files.flatMap { Self.lemmas(in: sources[$0] ?? "") }
        XCTAssertEqual(reports.count, lemmas.count)
        let byName = Dictionary(reports.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        var tracking = 0
        for lemma in lemmas {
            let name = String(lemma.firstMatch(of: /^lemma (\w+)/)?.1 ?? "")
            let report = try XCTUnwrap(byName[name], "no report of \(name)")
            let example = try Self.refuted(report, source: lemma)
            let rules = lemma.firstMatch(of: /invalidation (\w+)/).map { String($0.1) } ?? "runtime"
            try Self.assertRoundTrip(example, rules: rules, source: lemma)
            checked += 1
            if ["readsProperty", "propertyChanged", "bodyReads"].contains(where: { lemma.contains($0) }) { tracking += 1 }
        }
        XCTAssertGreaterThanOrEqual(checked, 20)
        // observable-lemmas 3, observable-tracking 2, parent-dependencies 4, red-team-renders 1.
        XCTAssertGreaterThanOrEqual(tracking, 10)
    }

    /// The counterexample of `source`, which must be refuted.
    static func refuted(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> Counterexample {
        try refuted(SingleLemmaFile.run(source), source: source, file: file, line: line)
    }

    /// The counterexample of `report`, the report of `source`, which must be refuted.
    static func refuted(_ report: LemmaReport, source: String, file: StaticString = #filePath, line: UInt = #line) throws -> Counterexample {
        guard case .refuted(let example) = report.outcome else {
            XCTFail("\(report.outcome): \(report.message)\n\(source)", file: file, line: line)
            throw NotRefuted()
        }
        return example
    }

    /// Runs each tree's printed renders as a scenario and compares every view's verdict.
    static func assertRoundTrip(_ example: Counterexample, rules: String, source: String) throws {
        XCTAssertFalse(example.verdicts.isEmpty, source)
        // A tree starts at a render no verdict reaches as its later one, and that follows none
        // before it: a render before the lemma's first (FINDINGS.md 65) starts the tree it precedes.
        let afters = Set(example.verdicts.map(\.after))
        let starts = example.renders.indices.filter { !afters.contains($0) && ($0 == 0 || afters.contains($0 - 1)) }
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : example.renders.count
            var lines = ["scenario round_trip {", "  summary \"x\"; source I1; rules runtime; invalidation \(rules); expect holds"]
            var setValue = 100
            var checks: [ViewVerdict] = []
            // A scenario names a row printed in a `ForEach` block by its key: `q[10]`.
            let labels = example.viewTrees.map(RenderPrinter.printedLabels)
            // A send no view of these renders observes is said so (E094 otherwise), as the render printed it.
            let observed = try (start..<end).reduce(into: Set<Int>()) { $0.formUnion(try ViewTreeParser.parse(example.renders[$1].code).root.observedObjects) }
            for position in start..<end {
                if position > start {
                    for node in example.viewTrees[position].preorder {
                        // A set or signal before the render names the view of the render before.
                        let label = labels[position - 1][node.label] ?? labels[position][node.label] ?? node.label
                        switch node.stateChange {
                        case .changedRead: lines.append("  set \(label) = \(setValue)")
                        case .changedUnread: lines.append("  set \(label) = \(setValue) unread")
                        case .none: break
                        }
                        setValue += 1
                        if node.dependencyChanged { lines.append("  signal \(label)") }
                    }
                    let sent = Set(example.viewTrees[position].preorder.flatMap(\.objectsSent))
                    for object in sent.sorted() {
                        let step = "send model(\(object))" + (observed.contains(object) ? "" : " unobserved")
                        XCTAssertEqual(example.renders[position].code.contains("(\(step))"), !observed.contains(object), example.renders[position].code)
                        lines.append("  " + step)
                    }
                    let changed = example.viewTrees[position].preorder.reduce(into: [ObservedProperty: Int]()) {
                        $0.merge($1.observableChanges) { first, _ in first }
                    }
                    lines += changed.map { "  set \($0.key) = \($0.value)" }.sorted()
                }
                lines += ["  render {", example.renders[position].code, "  }"]
                try assertSameViews(example.renders[position].code, as: example.viewTrees[position], source: source)
                for verdict in example.verdicts where verdict.after == position {
                    lines.append("  check \(labels[position][verdict.label] ?? verdict.label) \(verdict.evaluated ? "evaluated" : "skipped")")
                    checks.append(verdict)
                }
            }
            lines.append("}")
            let text = lines.joined(separator: "\n")
            let loaded = LemmaLoader().load(sources: [SourceFile(path: "R.lemma", text: text)])
            guard let scenario = loaded.scenarios.first, !loaded.diagnostics.contains(where: \.isError) else {
                XCTFail("the printed renders do not parse: \(loaded.diagnostics)\n\(text)\nfrom\n\(source)")
                continue
            }
            let run = ScenarioRunner(rules: .runtime, file: "R.lemma").run(scenario)
            XCTAssertNil(run.error, "\(text)\nfrom\n\(source)")
            XCTAssertNil(run.unknown, "\(text)")
            XCTAssertEqual(run.failures.count, 0, "\(run.failures)\n\(text)\nfrom\n\(source)")
            XCTAssertEqual(run.passed, checks.count, text)
            // Every `@StateObject` holds in the run what it holds in the trees (I12; FINDINGS.md 80):
            // the object its printed initialiser makes where the trees say so, and at each transition
            // it keeps its object in the run where it does in the trees. (A tree's first render may
            // hold an object an earlier initialiser made, noted in a comment, which a scenario cannot
            // start with; from there the run holds another number, kept and replaced alike.)
            func nodes(_ tree: ViewNode) -> [String: ViewNode] { Dictionary(tree.preorder.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first }) }
            for position in start..<end where run.viewTrees.indices.contains(position - start) {
                let ran = nodes(run.viewTrees[position - start])
                let ranBefore = position > start ? nodes(run.viewTrees[position - start - 1]) : [:]
                let treeBefore = position > start ? nodes(example.viewTrees[position - 1]) : [:]
                for node in example.viewTrees[position].preorder {
                    // A row is printed at its key (`q[10]`), which may differ between renders: the
                    // trees' label names the path in both.
                    let label = labels[position][node.label] ?? node.label
                    for (name, initialiser) in node.value.stateObjectInitialisers {
                        let held = node.value.property(name)
                        let context = "\(label).\(name) at render \(position - start)\n\(text)\nfrom\n\(source)"
                        if held == .observed(object: initialiser) { XCTAssertEqual(ran[label]?.value.property(name), held, context) }
                        if let before = treeBefore[node.label]?.value.property(name) {
                            let ranLabel = labels[position - 1][node.label] ?? node.label
                            XCTAssertEqual(
                                ranBefore[ranLabel]?.value.property(name) == ran[label]?.value.property(name), before == held, "kept: " + context)
                        }
                    }
                }
            }
            // The same reasons too, render by render.
            for verdict in checks {
                let label = labels[verdict.after][verdict.label] ?? verdict.label
                let event = run.evaluations.indices.contains(verdict.after - start)
                    ? run.evaluations[verdict.after - start].first { $0.label == label } : nil
                XCTAssertEqual(event?.reason.description, verdict.reason, "\(verdict.label) at render \(verdict.after - start)\n\(text)")
            }
        }
    }

    struct NotRefuted: Error {}

    /// The printed render parses to the views replayed: per label, the same type, property kinds,
    /// snapshots, `@StateObject` initialisers, `@Observable` reads, the environment values the
    /// view declares, and below the root the same `.environment` writes on it (an override the
    /// trees hold is written whatever its value, and no write they do not hold is: a modifier is
    /// part of the view's type, so either would give the printed view another identity).
    static func assertSameViews(_ code: String, as tree: ViewNode, source: String) throws {
        let parsed: ViewTreeParser.Parsed
        do {
            parsed = try ViewTreeParser.parse(code)
        } catch {
            return XCTFail("\(error)\n\(code)\nfrom\n\(source)")
        }
        let views = Dictionary(parsed.root.preorder.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        let labels = RenderPrinter.printedLabels(tree)
        for node in tree.preorder {
            guard let back = views[labels[node.label] ?? node.label] else {
                XCTFail("\(node.label) is not in the parsed render\n\(code)")
                continue
            }
            // A row reads back at its key and offset.
            XCTAssertEqual(
                back.steps.filter { $0.kind == .forEach }, node.steps.filter { $0.kind == .forEach }, "\(node.label)\n\(code)")
            XCTAssertEqual(back.value.staticType, node.value.staticType, code)
            XCTAssertEqual(back.value.properties.map(\.value.kind), node.value.properties.map(\.value.kind), code)
            XCTAssertEqual(back.value.stateObjectInitialisers, node.value.stateObjectInitialisers, code)
            XCTAssertEqual(
                Set(parsed.stateObjects[labels[node.label] ?? node.label] ?? []), Set(node.value.stateObjectInitialisers.keys), code)
            for (name, value) in zip(node.value.properties, back.value.properties).map({ ($0.0.name, ($0.0.value, $0.1.value)) }) {
                switch value {
                case let (.projectedBinding(_, snapshot), .projectedBinding(_, parsedSnapshot)),
                    let (.keyPathBinding(_, _, snapshot), .keyPathBinding(_, _, parsedSnapshot)):
                    XCTAssertEqual(parsedSnapshot, snapshot, "\(node.label).\(name)\n\(code)")
                default: break
                }
            }
            XCTAssertEqual(parsed.observations[labels[node.label] ?? node.label] ?? [], node.observedReads, "\(node.label)\n\(code)")
            for key in node.value.environment.map(\.key) { XCTAssertEqual(back.environment[key], node.environment[key], "\\.\(key)\n\(code)") }
            if node.label != tree.label {
                XCTAssertEqual(environmentWrites(back), environmentWrites(node), "\(node.label)\n\(code)\nfrom\n\(source)")
            }
            for type in node.value.environmentObjects.map(\.key) {
                XCTAssertEqual(back.environmentObjects[type], node.environmentObjects[type], "\(type)\n\(code)")
            }
        }
    }

    /// The keys the `.environment(\.key, v)` modifiers on `node` write, outermost first, each with its value.
    static func environmentWrites(_ node: ViewNode) -> [String] {
        node.steps.compactMap { step in
            guard case .modified(let modifier, let value) = step, let key = modifier.environmentKey else { return nil }
            return "\(key)=\(value)"
        }
    }

    /// The lemma blocks of a file's text.
    static func lemmas(in text: String) -> [String] {
        var result: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("lemma ") { current = [] }
            current?.append(line)
            if line == "}", let lines = current {
                result.append(lines.joined(separator: "\n"))
                current = nil
            }
        }
        return result
    }

    /// The object a render's `store: stateObject(model(n))` initialiser makes.
    static func initialiser(in code: String) -> Int? {
        code.firstMatch(of: /store: stateObject\(model\((\d+)\)\)/).flatMap { Int($0.1) }
    }
}
