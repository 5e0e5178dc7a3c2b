import IdentityModel
import XCTest

final class RealizationTests: XCTestCase {
    private func steps(of render: Render) -> [[PathStep]] {
        render.statefulPaths(rules: .runtime, generation: 0).map(\.steps)
    }

    private func assertRealizes(_ before: ViewPath, _ after: ViewPath, file: StaticString = #filePath, line: UInt = #line) throws {
        let realization = try Realization(
            before: before.steps, beforeLeaf: before.leafType, after: after.steps, afterLeaf: after.leafType)
        let beforePaths = realization.before.statefulPaths(rules: .runtime, generation: 0)
        let afterPaths = realization.after.statefulPaths(rules: .runtime, generation: 1)
        XCTAssertTrue(beforePaths.contains { $0.steps == before.steps && $0.leafType == before.leafType }, "\(realization.before)", file: file, line: line)
        XCTAssertTrue(afterPaths.contains { $0.steps == after.steps && $0.leafType == after.leafType }, "\(realization.after)", file: file, line: line)
    }

    func testRealizesFindingOneAsOneProgram() throws {
        let before: [PathStep] = [.modified("emptyEffect", value: 0), .conditional(arm: false)]
        let after: [PathStep] = [.modified("emptyEffect", value: 1), .conditional(arm: true), .modified("overlay", value: 0)]
        let realization = try Realization(before: before, beforeLeaf: "TextField", after: after, afterLeaf: "TextField")
        XCTAssertTrue(realization.sharesProgram)
        XCTAssertEqual(steps(of: realization.before), [before])
        XCTAssertEqual(steps(of: realization.after), [after])
        XCTAssertEqual(
            RenderPrinter.print(realization.after),
            """
            (
                if true {
                    TextField(state: 0).overlay(0) @after
                } else {
                    TextField(state: 0) @before
                }
            ).emptyEffect(1)
            """)
    }

    func testRealizesTuplePresenceAndForEachRows() throws {
        let before: [PathStep] = [.container(.VStack), .tuple(slot: 2, presentBefore: 0), .forEach(source: .self, key: 7, offset: 1)]
        let after: [PathStep] = [.container(.VStack), .tuple(slot: 2, presentBefore: 2), .forEach(source: .self, key: 3, offset: 0)]
        let realization = try Realization(before: before, beforeLeaf: "Row", after: after, afterLeaf: "Row")
        XCTAssertTrue(realization.sharesProgram)
        XCTAssertTrue(steps(of: realization.before).contains(before))
        XCTAssertTrue(steps(of: realization.after).contains(after))
    }

    func testIncompatiblePathsGiveTwoPrograms() throws {
        let before: [PathStep] = [.modified("padding", value: 1)]
        let after: [PathStep] = [.explicitID("x")]
        let realization = try Realization(before: before, beforeLeaf: "Counter", after: after, afterLeaf: "Counter")
        XCTAssertFalse(realization.sharesProgram)
        XCTAssertEqual(steps(of: realization.before), [before])
        XCTAssertEqual(steps(of: realization.after), [after])
    }

    func testImpossibleStepsAreReported() {
        XCTAssertThrowsError(try Realization.realize([.tuple(slot: 0, presentBefore: 1)], leaf: "Counter"))
        XCTAssertThrowsError(try Realization.realize([.forEach(source: .indices, key: 4, offset: 0)], leaf: "Counter"))
        // AnyView's erased type is re-read from the realized content, not taken from the step.
        let erased = try? Realization.realize([.anyView(erased: "Slider")], leaf: "Counter")
        XCTAssertEqual(erased?.statefulPaths(rules: .runtime, generation: 0).first?.steps, [.anyView(erased: "Counter")])
    }

    /// Every pair of paths taken from generated renders is realized with exactly its steps. Paths
    /// through `AnyView` are left out: a minimal realization has its own erased type.
    func testRealizeThenExtractGivesTheSameSteps() throws {
        var random = RandomRenders(seed: 7)
        var pairs = 0
        for _ in 0..<400 {
            let program = random.program(depth: 5)
            let paths = random.render(of: program).statefulPaths(rules: .runtime, generation: 0)
                + random.render(of: program).statefulPaths(rules: .runtime, generation: 1)
            let realizable = paths.filter { !$0.steps.contains { $0.kind == .anyView } }
            for before in realizable.prefix(3) {
                for after in realizable.suffix(3) {
                    try assertRealizes(before, after)
                    pairs += 1
                }
            }
        }
        XCTAssertGreaterThan(pairs, 200)
    }

    func testSingleSwitchesStayInTheProgramAndCanRemoveEachView() throws {
        let render = try RenderParser.parse(
            "LazyVStack { if true { Counter(state: 0) @a }; ForEach([1, 2]) { Row(state: 0) @row }; Text.id(4) }")
        let switches = render.singleSwitches
        XCTAssertTrue(switches.allSatisfy { $0.program == render.program })
        XCTAssertFalse(switches.contains(render))
        let labels = { (render: Render) in Set(render.statefulPaths(rules: .runtime, generation: 0).compactMap(\.label)) }
        XCTAssertEqual(labels(render), ["a", "row[1]", "row[2]"])
        for gone in ["a", "row[1]", "row[2]"] {
            XCTAssertTrue(switches.contains { labels($0) == labels(render).subtracting([gone]) }, "no switch removes \(gone)")
        }
        let range = try RenderParser.parse("ForEach(0..<2) { Row(state: 0) }")
        XCTAssertEqual(range.singleSwitches, [], "a constant range keeps its row count")
        let indices = try RenderParser.parse("ForEach(0..<2, id: \\.self) { Row(state: 0) }")
        XCTAssertEqual(indices.singleSwitches.map(RenderPrinter.print), ["ForEach(0..<1, id: \\.self) {\n    Row(state: 0)\n}"])
    }
}
