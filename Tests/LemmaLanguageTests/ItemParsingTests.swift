import XCTest
@testable import LemmaLanguage

final class ItemParsingTests: XCTestCase {
    func testLemmaHeadersAndBody() throws {
        let (file, diagnostics) = parse("""
            // comment
            lemma ArmFlipResets {
              summary "an arm flip resets"   // trailing comment
              source R4, "seed 000 Finding 1"
              rules documented
              expect refuted
              renders before, after any program
              forall p: path in before, q: path in after
              assume sameView(p, q)
              assume p.length > 0
              show p.identity == q.identity
            }
            """)
        XCTAssertEqual(diagnostics, [])
        guard case .lemma(let lemma)? = file.items.first else { return XCTFail("no lemma") }
        XCTAssertEqual(lemma.header.name.value, "ArmFlipResets")
        XCTAssertEqual(lemma.header.name.range.start.line, 2)
        XCTAssertEqual(lemma.header.name.range.start.column, 7)
        XCTAssertEqual(lemma.header.summary?.value, "an arm flip resets")
        XCTAssertEqual(lemma.header.sources.map(\.value), [.rule(4), .text("seed 000 Finding 1")])
        XCTAssertEqual(lemma.header.ruleSet?.value, "documented")
        XCTAssertEqual(lemma.header.expectation?.value, .refuted)
        XCTAssertEqual(lemma.renders.map(\.value), ["before", "after"])
        XCTAssertTrue(lemma.anyProgram)
        XCTAssertEqual(lemma.binders.map { "\($0.name.value):\($0.render.value)" }, ["p:before", "q:after"])
        XCTAssertEqual(lemma.assumptions.map(\.description), ["sameView(p, q)", "(p.length > 0)"])
        XCTAssertEqual(lemma.conclusion?.description, "(p.identity == q.identity)")
        XCTAssertEqual(lemma.range.start.line, 2)
        XCTAssertEqual(lemma.range.end.line, 12)
    }

    func testDefaultRendersAndSemicolons() {
        let (file, diagnostics) = parse("lemma L { rules runtime; expect holds; renders a, b, any program; show true }")
        XCTAssertEqual(diagnostics, [])
        guard case .lemma(let lemma)? = file.items.first else { return XCTFail("no lemma") }
        XCTAssertEqual(lemma.renders.map(\.value), ["a", "b"])
        XCTAssertTrue(lemma.anyProgram)
        guard case .lemma(let plain)? = parse("lemma M { show true }").file.items.first else { return XCTFail() }
        XCTAssertEqual(plain.renders.map(\.value), ["before", "after"])
        XCTAssertFalse(plain.anyProgram)
    }

    func testScenarioStepsAndRawCapture() throws {
        let text = """
            scenario Lazy {
              summary "revival"; source "seed 001 experiment 3", R7; rules runtime; expect holds
              render {
                LazyVStack {
                  UserView(state: 0).id(0) @top
                  Text("}{")  // a } in a comment
                }
              }
              set top = -1
              render{ ForEach([3, 1], id: \\.self) { Counter(state: 0) @row } }
              check top resets
              check row[3] == 1
              check row["Buy bread"] survives
              check cell[1]["x"] removed
              check undefined
              check undefined appears
            }
            """
        let (file, diagnostics) = parse(text)
        XCTAssertEqual(diagnostics, [])
        guard case .scenario(let scenario)? = file.items.first else { return XCTFail("no scenario") }
        XCTAssertEqual(scenario.header.sources.map(\.value), [.text("seed 001 experiment 3"), .rule(7)])
        XCTAssertEqual(scenario.steps.count, 9)
        guard case .render(let first) = scenario.steps[0].kind else { return XCTFail("not a render") }
        XCTAssertEqual(
            first.text,
            "\n    LazyVStack {\n      UserView(state: 0).id(0) @top\n      Text(\"}{\")  // a } in a comment\n    }\n  ")
        XCTAssertEqual(first.start.line, 3)
        XCTAssertEqual(first.start.column, 11)
        XCTAssertEqual(Array(text.utf8)[first.start.offset - 1], UInt8(ascii: "{"))
        let userView = first.text.range(of: "UserView")!
        let location = first.location(of: userView.lowerBound)
        XCTAssertEqual(location.line, 5)
        XCTAssertEqual(location.column, 7)
        XCTAssertEqual(String(decoding: Array(text.utf8)[location.offset..<(location.offset + 8)], as: UTF8.self), "UserView")
        guard case .set(let label, let value) = scenario.steps[1].kind else { return XCTFail("not a set") }
        XCTAssertEqual(label.description, "top")
        XCTAssertEqual(value, -1)
        guard case .render(let second) = scenario.steps[2].kind else { return XCTFail("not a render") }
        XCTAssertEqual(second.text, " ForEach([3, 1], id: \\.self) { Counter(state: 0) @row } ")
        XCTAssertEqual(second.start.line, 10)
        XCTAssertEqual(second.start.column, 10)
        let described = scenario.steps[3...].map { step -> String in
            switch step.kind {
            case .outcome(let label, let outcome): return "\(label) \(outcome.rawValue)"
            case .value(let label, let value): return "\(label) == \(value)"
            case .undefined: return "undefined"
            default: return "?"
            }
        }
        XCTAssertEqual(described, [
            "top resets", "row[3] == 1", "row[\"Buy bread\"] survives", "cell[1][\"x\"] removed", "undefined",
            "undefined appears",
        ])
    }

    func testSeveralItemsInOneFile() {
        let (file, diagnostics) = parse("lemma A { show true }\nscenario B { render { Text(\"a\") } }\nlemma C { show false }")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(file.items.map(\.header.name.value), ["A", "B", "C"])
    }

    func testStringEscapes() {
        let (file, diagnostics) = parse(#"lemma A { summary "q\" b\\ n\n t\t u\u{1F600}" show true }"#)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(file.items.first?.header.summary?.value, "q\" b\\ n\n t\t u😀")
    }

    func testTokensCarryRanges() {
        let (tokens, diagnostics) = Lexer.tokenize(SourceFile(path: "t", text: "a => -3\n  \"é\" <= i-1"))
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(tokens.map(\.kind), [
            .identifier("a"), .punctuation(.implies), .integer(-3), .string("é"), .punctuation(.lessEqual),
            .identifier("i"), .punctuation(.minus), .integer(1), .endOfFile,
        ])
        XCTAssertEqual(tokens[3].range.start.line, 2)
        XCTAssertEqual(tokens[3].range.start.column, 3)
        XCTAssertEqual(tokens[4].range.start.column, 7)
        XCTAssertEqual(tokens[4].range.start.offset, 15)
    }
}
