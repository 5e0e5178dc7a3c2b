import Foundation
import XCTest
@testable import LemmaLanguage

/// Random token soup and truncations of valid files must yield diagnostics, never a trap.
final class RobustnessTests: XCTestCase {
    private static let valid = """
        lemma L {
          summary "s \\" q"; source R4, "seed"; rules runtime; expect holds
          renders before, after any program
          forall p: path in before, q: path in after
          assume sameView(p, q) && forall i in p: p[i].kind == .tuple => p[i].slot == q[i].slot
          show exists i in p: elem(p, i) != elem(q, i + 1) || p.leafType == "Counter"
        }
        scenario S {
          summary "s"; source R7; rules runtime; expect holds
          render { VStack { if true { Counter(state: 0) @top } else { Text("}") } } }
          set top = -1
          check top == 1
          render { ForEach(["a"], id: \\.self) { ForEach([2], id: \\.self) { Row(state: 0) @row } } }
          check row["a"][2] survives
          check undefined
        }
        """

    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func testTheValidFileIsValid() {
        XCTAssertEqual(load(Self.valid).diagnostics, [])
    }

    func testEveryTruncationYieldsDiagnosticsWithoutTrapping() {
        let bytes = Array(Self.valid.utf8)
        for length in 0..<bytes.count {
            let text = String(decoding: bytes[0..<length], as: UTF8.self)
            let result = load(text)
            // The only accepted prefixes end right after the lemma (before the scenario starts).
            let endsCleanly = text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("}")
                && !text.contains("scenario")
            if length > 0, !endsCleanly {
                XCTAssertTrue(result.hasErrors, "truncation at \(length) was accepted")
            }
        }
    }

    func testRandomTokenSoupNeverTraps() {
        let vocabulary = [
            "lemma", "scenario", "L", "{", "}", "(", ")", "[", "]", "show", "assume", "forall", "exists", "p", "q",
            "i", ":", "path", "in", "before", "=>", "||", "&&", "!", "==", "!=", "<", ">=", ".", ",", ";", "@", "1",
            "-2", "\"s", "\"t\"", "render {", "render", "set", "check", "undefined", "=", "+", "sameView", "elem",
            ".tuple", "p[i].key", "\\", "#", "é", "\n", "//", "rules", "expect", "holds", "source", "R4", "R99",
            "renders", "any", "program", "}}", "{{",
        ]
        var generator = Generator(state: 42)
        for _ in 0..<500 {
            let count = Int.random(in: 0...60, using: &generator)
            let text = (0..<count).map { _ in vocabulary.randomElement(using: &generator)! }.joined(separator: " ")
            let result = load(text)
            for diagnostic in result.diagnostics {
                XCTAssertGreaterThanOrEqual(diagnostic.location.line, 1)
                XCTAssertGreaterThanOrEqual(diagnostic.location.column, 1)
                _ = diagnostic.description
            }
        }
    }

    func testRandomBytesNeverTrap() {
        var generator = Generator(state: 7)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = load(String(decoding: bytes, as: UTF8.self)).diagnostics.map(\.description)
        }
    }

    func testDeepNestingIsReportedNotCrashed() {
        let result = load("lemma L { show " + String(repeating: "(", count: 5000) + "true" + String(repeating: ")", count: 5000) + " }")
        XCTAssertEqual(result.diagnostics.first?.id, .nestingTooDeep)
        let negations = load("lemma L { show " + String(repeating: "!", count: 5000) + "true }")
        XCTAssertEqual(negations.diagnostics.first?.id, .nestingTooDeep)
    }

    /// A chain of '&&' or '||' is a tree as deep as it is long: 100,000 links once overflowed the
    /// checker's stack (the crash corpus keeps that file); past 200 levels it is a diagnostic.
    func testLongChainsAreReportedNotCrashed() {
        for op in ["&&", "||"] {
            let chain = Array(repeating: "p.length == 1", count: 5_000).joined(separator: " \(op) ")
            let result = load("lemma L {\n  forall p: path in before\n  show " + chain + "\n}")
            XCTAssertEqual(result.diagnostics.first?.id, .nestingTooDeep, op)
            XCTAssertEqual(result.diagnostics.first?.location.line, 3, op)
        }
        let allowed = Array(repeating: "p.length == 1", count: 150).joined(separator: " && ")
        XCTAssertFalse(load("lemma L {\n  forall p: path in before\n  show " + allowed + "\n}").diagnostics.contains { $0.id == .nestingTooDeep })
    }

    /// All renders of a scenario together may have at most `Checker.maximumScenarioViews` views.
    func testScenarioViewsAreLimited() {
        let render = "  render { ForEach(0..<9000) { Row(state: 0) } }\n"
        let scenario = "scenario S {\n  source R8; rules runtime; expect holds\n" + String(repeating: render, count: 6) + "}"
        let result = load(scenario)
        XCTAssertEqual(result.diagnostics.map(\.id), [.tooLarge])
        XCTAssertEqual(result.diagnostics.first?.location.line, 8, "the render that crosses the limit")
        XCTAssertTrue(result.diagnostics.first?.message.contains("more than 50000 views in all") ?? false, "\(result.diagnostics)")
    }

    /// The limit holds for the view trees of invalidation scenarios too: each row's view counts.
    func testInvalidationScenarioViewsAreLimited() {
        let render = "  render { Shelf(state: 0) @shelf { ForEach(0..<9000, id: \\.self) { Row(n: $0) } } }\n"
        let scenario = "scenario S {\n  source I1; rules runtime; invalidation runtime; expect holds\n"
            + String(repeating: render, count: 6) + "  check shelf evaluated\n}"
        let result = load(scenario)
        XCTAssertEqual(result.diagnostics.map(\.id), [.tooLarge])
        XCTAssertEqual(result.diagnostics.first?.location.line, 8, "the render that crosses the limit")
    }
}
