import IdentityModel
import XCTest

/// `Realization.realize(_:renderCount:oneProgram:)`: any number of paths in any of several renders.
final class RealizationSpecTests: XCTestCase {
    private func spec(
        _ steps: [PathStep], _ leaf: ViewType = "Counter", initial: Int = 0, label: String, render: Int = 0
    ) -> RealizationSpec {
        RealizationSpec(steps: steps, leaf: leaf, initial: initial, label: label, render: render)
    }

    /// The steps with AnyView's erased type left out: the realization reads it off its own content.
    private func withoutErased(_ steps: [PathStep]) -> [PathStep] {
        steps.map { step in
            if case .anyView = step { .anyView(erased: .anyView) } else { step }
        }
    }

    /// Whether `path` is the view `spec` asks for, label included (rows add their keys to it).
    private func realizes(_ path: ViewPath, _ spec: RealizationSpec) -> Bool {
        let keys = spec.steps.compactMap { step -> Key? in if case .forEach(_, let key, _) = step { key } else { nil } }
        let label = keys.reduce(spec.label) { "\($0)[\($1.description)]" }
        return withoutErased(path.steps) == withoutErased(spec.steps) && path.leafType == spec.leaf
            && path.initial == spec.initial && path.label == label
    }

    /// Realizes `specs` and checks that every render holds its specs' views exactly, that the renders
    /// share one program when asked, and that the runtime accepts them in order.
    @discardableResult
    private func assertRealizes(
        _ specs: [RealizationSpec], renderCount: Int, oneProgram: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [Render] {
        let renders = try Realization.realize(specs, renderCount: renderCount, oneProgram: oneProgram)
        XCTAssertEqual(renders.count, renderCount, file: file, line: line)
        if oneProgram {
            XCTAssertEqual(Set(renders.map(\.program)).count, 1, "\(renders.map(RenderPrinter.print))", file: file, line: line)
        }
        var runtime = RuntimeState(rules: .runtime)
        for (index, render) in renders.enumerated() {
            let printed = RenderPrinter.print(render)
            XCTAssertNoThrow(try runtime.render(render), "render \(index):\n\(printed)", file: file, line: line)
            let paths = render.statefulPaths(rules: .runtime, generation: index)
            for spec in specs where spec.render == index {
                XCTAssertTrue(
                    paths.contains { realizes($0, spec) }, "render \(index) lacks \(spec.label):\n\(printed)", file: file, line: line)
            }
        }
        return renders
    }

    private func assertUnrealizable(
        _ specs: [RealizationSpec], renderCount: Int = 1, oneProgram: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try Realization.realize(specs, renderCount: renderCount, oneProgram: oneProgram), file: file, line: line) {
            XCTAssertTrue($0 is RealizationError, "\($0)", file: file, line: line)
        }
    }

    func testTwoPathsInOneRenderPartAtTupleSlots() throws {
        let renders = try assertRealizes(
            [
                spec([.container(.VStack), .tuple(slot: 0, presentBefore: 0)], label: "a"),
                spec([.container(.VStack), .tuple(slot: 2, presentBefore: 2)], "Toggle", initial: 4, label: "b"),
            ], renderCount: 1)
        XCTAssertEqual(
            RenderPrinter.print(renders[0]),
            """
            VStack {
                Counter(state: 0) @a
                if true {
                    Spacer
                }
                Toggle(state: 4) @b
            }
            """)
    }

    func testThreePathsInOneRenderPartAtDifferentDepths() throws {
        let shared: [PathStep] = [.tuple(slot: 1, presentBefore: 0), .modified("padding", value: 3), .container(.HStack)]
        let renders = try assertRealizes(
            [
                spec([.tuple(slot: 3, presentBefore: 1)], label: "a"),
                spec(shared + [.tuple(slot: 0, presentBefore: 0)], "Toggle", label: "b"),
                spec(shared + [.tuple(slot: 2, presentBefore: 1)], "Slider", initial: 2, label: "c"),
            ], renderCount: 1)
        XCTAssertEqual(renders[0].statefulPaths(rules: .runtime, generation: 0).count, 3, "one tree holds all three")
    }

    func testRowsOfOneForEachInOneRender() throws {
        let renders = try assertRealizes(
            [
                spec([.forEach(source: .self, key: 3, offset: 0)], label: "row"),
                spec([.forEach(source: .self, key: 0, offset: 2)], label: "row"),
                spec([.forEach(source: .self, key: 0, offset: 2)], label: "row"),
            ], renderCount: 1)
        XCTAssertEqual(RenderPrinter.print(renders[0]), "ForEach([3, 1, 0], id: \\.self) {\n    Counter(state: 0) @row\n}")
        try assertRealizes(
            [
                spec([.forEach(source: .identifiable, key: "x", offset: 1), .tuple(slot: 0, presentBefore: 0)], label: "r"),
                spec([.forEach(source: .identifiable, key: "y", offset: 0), .tuple(slot: 1, presentBefore: 1)], "Toggle", label: "t"),
            ], renderCount: 1)
        try assertRealizes(
            [
                spec([.forEach(source: .constantRange, key: 2, offset: 2)], label: "row", render: 0),
                spec([.forEach(source: .constantRange, key: 0, offset: 0)], label: "row", render: 1),
            ], renderCount: 2)
    }

    func testInconsistentRowsAreUnrealizable() {
        assertUnrealizable([
            spec([.forEach(source: .self, key: 3, offset: 0)], label: "a"),
            spec([.forEach(source: .self, key: 3, offset: 1)], label: "b"),
        ])
        assertUnrealizable([
            spec([.forEach(source: .self, key: 3, offset: 0)], label: "a"),
            spec([.forEach(source: .self, key: 4, offset: 0)], label: "b"),
        ])
        assertUnrealizable([spec([.forEach(source: .indices, key: 2, offset: 1)], label: "a")])
        assertUnrealizable([spec([.forEach(source: .self, key: 2, offset: -1)], label: "a")])
        assertUnrealizable([spec([.tuple(slot: 5_000_000, presentBefore: 0)], label: "a")])
        // Different keys at one offset are fine in different renders.
        XCTAssertNoThrow(
            try assertRealizes(
                [
                    spec([.forEach(source: .self, key: 3, offset: 0)], label: "a", render: 0),
                    spec([.forEach(source: .self, key: 4, offset: 0)], label: "a", render: 1),
                ], renderCount: 2))
    }

    func testOnePathInTheFirstRenderAndTwoInTheSecond() throws {
        let renders = try assertRealizes(
            [
                spec([.tuple(slot: 1, presentBefore: 1), .optional], label: "p", render: 0),
                spec([.tuple(slot: 0, presentBefore: 0), .explicitID(7)], label: "q", render: 1),
                spec([.tuple(slot: 1, presentBefore: 1), .optional], initial: 5, label: "p", render: 1),
            ], renderCount: 2)
        XCTAssertEqual(renders[1].statefulPaths(rules: .runtime, generation: 1).count, 2)
    }

    func testARenderWithoutPathsRepeatsABoundRender() throws {
        let renders = try assertRealizes(
            [
                spec([.conditional(arm: true), .modified("opacity", value: 1)], label: "p", render: 0),
                spec([.conditional(arm: false)], "Toggle", label: "q", render: 2),
            ], renderCount: 3)
        XCTAssertEqual(renders[1], renders[0])
        XCTAssertEqual(try Realization.realize([], renderCount: 2, oneProgram: true), [.leaf(.spacer), .leaf(.spacer)])
    }

    func testArmsPartAcrossRendersButNotWithinOne() throws {
        let then = spec([.tuple(slot: 1, presentBefore: 0), .conditional(arm: true)], label: "p")
        var otherwise = spec([.tuple(slot: 1, presentBefore: 0), .conditional(arm: false)], "Toggle", label: "q")
        assertUnrealizable([then, otherwise])
        assertUnrealizable([then, otherwise], oneProgram: false)
        otherwise.render = 1
        try assertRealizes([then, otherwise], renderCount: 2)
        var transient = then
        transient.steps[1] = .conditional(arm: true, transient: true)
        assertUnrealizable([then, transient])
    }

    func testOneViewTwiceInOneRender() throws {
        let renders = try assertRealizes(
            [spec([.modified("padding", value: 2)], initial: 3, label: "a"), spec([.modified("padding", value: 2)], initial: 3, label: "a")],
            renderCount: 1)
        XCTAssertEqual(renders[0].statefulPaths(rules: .runtime, generation: 0).count, 1)
        assertUnrealizable([spec([.optional], initial: 1, label: "a"), spec([.optional], initial: 2, label: "a")])
        assertUnrealizable([spec([.optional], label: "a"), spec([.optional], "Toggle", label: "b")])
        assertUnrealizable([spec([.optional], label: "a"), spec([.optional, .container(.List)], label: "b")])
    }

    func testOneNodeHasOneIDAndOneModifierValuePerRender() throws {
        assertUnrealizable([
            spec([.explicitID(1), .tuple(slot: 0, presentBefore: 0)], label: "a"),
            spec([.explicitID(2), .tuple(slot: 1, presentBefore: 1)], label: "b"),
        ])
        assertUnrealizable([
            spec([.modified("padding", value: 1), .tuple(slot: 0, presentBefore: 0)], label: "a"),
            spec([.modified("padding", value: 2), .tuple(slot: 1, presentBefore: 1)], label: "b"),
        ])
        try assertRealizes(
            [
                spec([.explicitID(1), .modified("padding", value: 1)], label: "a", render: 0),
                spec([.explicitID(2), .modified("padding", value: 2)], label: "a", render: 1),
            ], renderCount: 2)
    }

    func testPresentBeforeIsSetByFillersAndRepeatedContent() throws {
        // Render 1 has no path at slot 0: its repeated content is hidden to give slot 1 no sibling.
        let renders = try assertRealizes(
            [
                spec([.tuple(slot: 0, presentBefore: 0), .optional], label: "p", render: 0),
                spec([.tuple(slot: 1, presentBefore: 0)], "Toggle", label: "q", render: 1),
            ], renderCount: 2)
        XCTAssertEqual(renders[1].statefulPaths(rules: .runtime, generation: 1).map(\.label), ["q"])
        // A repeated `if` is hidden by taking its other arm, which is then `EmptyView`.
        let hidden = try assertRealizes(
            [
                spec([.tuple(slot: 0, presentBefore: 0), .conditional(arm: true)], label: "p", render: 0),
                spec([.tuple(slot: 1, presentBefore: 0)], "Toggle", label: "q", render: 1),
            ], renderCount: 2)
        XCTAssertEqual(RenderPrinter.print(hidden[1]), "if false {\n    Counter(state: 0) @p\n} else {\n    EmptyView\n}\nToggle(state: 0) @q")
        try assertRealizes(
            [
                spec([.tuple(slot: 0, presentBefore: 0)], label: "a"),
                spec([.tuple(slot: 3, presentBefore: 2)], label: "b"),
                spec([.tuple(slot: 5, presentBefore: 3)], label: "c"),
            ], renderCount: 1)
        // Slot 0 holds a view in one render, so it is present in every render of the program.
        let shown = spec([.tuple(slot: 0, presentBefore: 0)], label: "p", render: 0)
        let alone = spec([.tuple(slot: 1, presentBefore: 0)], "Toggle", label: "q", render: 1)
        assertUnrealizable([shown, alone], renderCount: 2)
        let separate = try assertRealizes([shown, alone], renderCount: 2, oneProgram: false)
        XCTAssertNotEqual(separate[0].program, separate[1].program)
        assertUnrealizable([spec([.tuple(slot: 0, presentBefore: 0)], label: "a"), spec([.tuple(slot: 2, presentBefore: 0)], label: "b")])
        assertUnrealizable([spec([.tuple(slot: 2, presentBefore: 3)], label: "a")])
        assertUnrealizable([spec([.tuple(slot: 2, presentBefore: 0)], label: "a"), spec([.tuple(slot: 2, presentBefore: 1)], label: "a")])
    }

    func testRendersOfDifferentProgramsWhenAllowed() throws {
        let specs = [
            spec([.modified("padding", value: 1)], label: "p", render: 0),
            spec([.explicitID("x")], label: "q", render: 2),
        ]
        assertUnrealizable(specs, renderCount: 3)
        let renders = try assertRealizes(specs, renderCount: 3, oneProgram: false)
        XCTAssertEqual(renders[1], .leaf(.spacer))
    }

    func testOneViewNamedDifferentlyIsLabelledView() throws {
        let renders = try Realization.realize(
            [spec([.optional], label: "p", render: 0), spec([.optional], label: "q", render: 1)], renderCount: 2, oneProgram: true)
        XCTAssertEqual(renders.flatMap { $0.statefulPaths(rules: .runtime, generation: 0).map(\.label) }, ["view", "view"])
    }

    func testMalformedInputIsRejected() {
        assertUnrealizable([spec([], label: "a", render: 2)], renderCount: 2)
        assertUnrealizable([], renderCount: -1)
    }

    /// Every stateful path of random renders, with a label per view of the program, is realized
    /// exactly by renders the runtime accepts: renders of one program when the renders were, else
    /// renders of any programs. Constant ranges keep one row count, so inputs where one has several
    /// are left out.
    func testRealizesEveryPathOfRandomRenders() throws {
        var random = RandomRenders(seed: 11)
        var realized = 0
        var severalInOneRender = 0
        for iteration in 0..<4000 {
            let oneProgram = iteration % 4 != 3
            let program = random.program(depth: 4 + iteration % 3)
            let renders = (0..<(1 + iteration % 3)).map { _ in random.render(of: oneProgram ? program : random.program(depth: 5)) }
            var runtime = RuntimeState(rules: .runtime)
            guard (try? renders.map { try runtime.render($0) }) != nil else { continue }
            let rangeCounts = renders.enumerated().flatMap { index, render in
                render.forEachInstances(rules: .runtime, generation: index).filter { $0.source == .constantRange }.map(\.keys.count)
            }
            guard Set(rangeCounts).count <= 1 else { continue }
            var labels: [[PathStep]: String] = [:]
            var specs: [RealizationSpec] = []
            for (index, render) in renders.enumerated() {
                // Some iterations leave a render, or every other path, without a spec.
                if iteration % 5 == 1, index == 1 { continue }
                for (number, path) in render.statefulPaths(rules: .runtime, generation: index).enumerated()
                where iteration % 7 != 2 || number.isMultiple(of: 2) {
                    let view = path.steps.map(\.staticPart)
                    let label = labels[view] ?? "v\(labels.count)"
                    labels[view] = label
                    specs.append(RealizationSpec(steps: path.steps, leaf: path.leafType, initial: path.initial, label: label, render: index))
                }
            }
            try assertRealizes(specs, renderCount: renders.count, oneProgram: oneProgram)
            realized += specs.count
            if Dictionary(grouping: specs, by: \.render).values.contains(where: { $0.count > 1 }) { severalInOneRender += 1 }
        }
        XCTAssertGreaterThan(realized, 3000)
        XCTAssertGreaterThan(severalInOneRender, 300)
    }
}
