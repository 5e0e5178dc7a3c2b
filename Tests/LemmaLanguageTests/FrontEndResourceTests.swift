import Dispatch
import Foundation
import XCTest
@testable import LemmaLanguage

/// The front end's cost is linear in its input (issue 26, items 7, 8 and 12): diagnostics hold a
/// bounded excerpt of their line, each item's diagnostics are found without scanning all of them,
/// nesting limits count every kind of level alike, and a byte-order mark is not a character.
final class FrontEndResourceTests: XCTestCase {
    /// `count` ill-formed lemmas, one a line, each with one unknown statement.
    static func illFormedItems(_ count: Int) -> String {
        (0..<count).map { "lemma bad_\($0) { rules runtime expect holds frobnicate }" }.joined(separator: "\n")
    }

    func testEachIllFormedItemGetsExactlyItsOwnDiagnostics() {
        var lines: [String] = []
        for index in 0..<60 {
            switch index % 4 {
            case 0: lines.append("lemma bad_\(index) { rules runtime expect holds frobnicate }")
            case 1: lines.append("lemma lex_\(index) { rules runtime # expect holds }")
            case 2: lines.append("scenario good_\(index) { source R1; rules runtime; expect holds; render { Text(\"a\") } }")
            default: lines.append("lemma two_\(index) { rules nosuchset expect holds show p.length == # }")
            }
        }
        let result = load(lines.joined(separator: "\n"))
        let illFormed = result.files.flatMap(\.illFormed)
        XCTAssertEqual(illFormed.count, 45)
        for item in illFormed {
            let expected = result.diagnostics.filter { $0.isError && item.range.contains($0.location) }
            XCTAssertFalse(item.diagnostics.isEmpty, item.name)
            XCTAssertEqual(item.diagnostics, expected, item.name)
            XCTAssertTrue(item.diagnostics.allSatisfy { $0.location.line == item.range.start.line }, item.name)
        }
    }

    func testDiagnosticsInsideARangeMatchAScanOfAll() {
        let location = { (offset: Int) in SourceLocation(file: "f", line: 1, column: offset + 1, offset: offset) }
        let diagnostics = [7, 3, 3, 0, 12, 9, 5, 5, 20].map { Diagnostic(.unexpectedCharacter, "x\($0)", at: location($0)) }
            + [Diagnostic(.unexpectedCharacter, "other file", at: SourceLocation(file: "g", line: 1, column: 4, offset: 4))]
        let index = DiagnosticsByOffset(diagnostics)
        XCTAssertEqual(index.all.map(\.location.offset), [0, 3, 3, 4, 5, 5, 7, 9, 12, 20])
        for start in 0...21 {
            for end in start...22 {
                let range = SourceRange(start: location(start), end: location(end))
                XCTAssertEqual(index.inside(range), index.all.filter { range.contains($0.location) }, "\(start)..<\(end)")
                let covered = index.all.indices.filter {
                    let offset = index.all[$0].location.offset
                    return offset >= start && (offset < end || offset == start)
                }
                XCTAssertEqual(Array(index.candidates(for: range)), covered, "\(start)..<\(end)")
            }
        }
    }

    /// Attributing diagnostics to items examines each diagnostic once, however many items there
    /// are: the candidates of 2,000 items' ranges add up to the 2,000 diagnostics (scanning every
    /// diagnostic for every item: 4 million). Counted, not timed; the slow tier's
    /// `ResourceTierTests` measures the whole front end's processor time at 10,000 and 100,000 items.
    func testAttributingDiagnosticsExaminesEachOnce() {
        let result = load(Self.illFormedItems(2_000))
        let items = result.files.flatMap(\.illFormed)
        XCTAssertEqual(items.count, 2_000)
        let errors = DiagnosticsByOffset(result.diagnostics.filter(\.isError))
        XCTAssertEqual(errors.all.count, 2_000)
        var examined = 0
        for item in items {
            let candidates = errors.candidates(for: item.range)
            XCTAssertEqual(candidates.count, 1, item.name)
            XCTAssertEqual(Array(errors.all[candidates]), item.diagnostics, item.name)
            examined += candidates.count
        }
        XCTAssertEqual(examined, errors.all.count)
    }

    /// One 40 KB line of stray characters: one diagnostic each, every one holding at most
    /// 2 × `excerptRadius` bytes of the line (plus the elisions), its caret under its character.
    func testALongLineOfBadTokensKeepsEachExcerptShort() {
        let text = String(repeating: "# ", count: 20_000)
        let result = load(text)
        XCTAssertEqual(result.diagnostics.count, 20_000)
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.id == .unexpectedCharacter })
        let bound = 2 * SourceFile.excerptRadius + "……".utf8.count
        for diagnostic in result.diagnostics {
            guard let line = diagnostic.sourceLine, let column = diagnostic.sourceColumn else {
                return XCTFail("no excerpt for \(diagnostic.location)")
            }
            XCTAssertLessThanOrEqual(line.utf8.count, bound)
            XCTAssertEqual(Array(line.unicodeScalars)[column - 1], "#", "\(diagnostic.location)")
        }
        let middle = result.diagnostics[10_000].description.split(separator: "\n")
        XCTAssertEqual(middle.count, 3)
        XCTAssertTrue(middle[1].hasPrefix("…") && middle[1].hasSuffix("…"), String(middle[1]))
        let caret = middle[2].count - 1
        XCTAssertEqual(Array(middle[1])[caret], "#")
    }

    /// A short line is shown whole, with the caret at the diagnostic's own column.
    func testAShortLineIsShownWhole() {
        let result = load("lemma L { rules runtime # }")
        let diagnostic = result.diagnostics.first { $0.id == .unexpectedCharacter }
        XCTAssertEqual(diagnostic?.sourceLine, "lemma L { rules runtime # }")
        XCTAssertEqual(diagnostic?.sourceColumn, diagnostic?.location.column)
    }

    func testAByteOrderMarkAtTheStartIsSkipped() {
        let valid = "lemma L {\n  summary \"s\"; source R4; rules runtime; expect holds\n  forall p: path in before\n  show p.length >= 0\n}\n"
        let result = load("\u{FEFF}" + valid)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.lemmas.first?.range.start.column, 1)
        XCTAssertEqual(result.lemmas.first?.range.start.offset, 3)
        // Anywhere else it is a character no token starts with.
        let inside = load(valid.replacingOccurrences(of: "show", with: "\u{FEFF}show"))
        XCTAssertEqual(inside.diagnostics.first?.id, .unexpectedCharacter)
        XCTAssertEqual(load("\u{FEFF}\u{FEFF}" + valid).diagnostics.first?.id, .unexpectedCharacter)
    }

    /// Parentheses, '!', quantifiers, '=>' and chain links are each one level: the limit is the
    /// same number of each (it once refused 199 parentheses while passing 199 '&&').
    func testEveryKindOfNestingHasTheSameLimit() {
        let limit = Parser.maximumDepth
        let atom = "p.length == 1"
        let shapes: [(String, (Int) -> String)] = [
            ("parentheses", { String(repeating: "(", count: $0) + atom + String(repeating: ")", count: $0) }),
            ("negations", { String(repeating: "!", count: $0) + atom }),
            ("conjunctions", { Array(repeating: atom, count: $0 + 1).joined(separator: " && ") }),
            ("disjunctions", { Array(repeating: atom, count: $0 + 1).joined(separator: " || ") }),
            ("implications", { Array(repeating: atom, count: $0 + 1).joined(separator: " => ") }),
            ("quantifiers", { String(repeating: "exists i in p: ", count: $0) + atom }),
        ]
        for (name, formula) in shapes {
            let file = { (levels: Int) in "lemma L {\n  forall p: path in before\n  show " + formula(levels) + "\n}" }
            XCTAssertFalse(load(file(limit)).diagnostics.contains { $0.id == .nestingTooDeep }, "\(limit) \(name)")
            XCTAssertEqual(load(file(limit + 1)).diagnostics.first?.id, .nestingTooDeep, "\(limit + 1) \(name)")
        }
    }

    /// The deepest accepted formula parses and checks on a thread with a dispatch worker's stack
    /// (512 KB), not only on the main thread's 8 MB.
    func testTheDeepestAcceptedFormulaFitsAWorkerThreadsStack() {
        let levels = Parser.maximumDepth
        let deepest = "lemma L {\n  forall p: path in before\n  show "
            + String(repeating: "(!", count: levels / 2) + "p.length == 1" + String(repeating: ")", count: levels / 2) + "\n}"
        let done = expectation(description: "loaded on a worker thread")
        DispatchQueue.global().async {
            XCTAssertFalse(load(deepest).diagnostics.contains { $0.id == .nestingTooDeep })
            done.fulfill()
        }
        wait(for: [done], timeout: 120)
    }
}
