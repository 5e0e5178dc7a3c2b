import Foundation
import XCTest
@testable import LemmaLanguage

/// W002: a view type only one render of a scenario writes, close to a type another render writes,
/// is likely misspelt (a new type, so a new identity); a view inserted on purpose is not warned about.
final class ViewTypeSpellingTests: XCTestCase {
    private func warnings(_ renders: [String]) -> [String] {
        let body = renders.map { "render { \($0) }" }.joined(separator: "\n")
        let result = load("scenario S {\n  summary \"s\"; source R3; rules runtime; expect holds\n\(body)\n}\n")
        XCTAssertFalse(result.hasErrors, headlines(result.diagnostics).joined(separator: "\n"))
        return headlines(result.diagnostics)
    }

    func testATypeInOneRenderNearATypeOfAnotherIsAWarning() {
        XCTAssertEqual(
            warnings(["VStack { Counter(state: 0) @a; Text }", "VStack { Countr(state: 0) @a; Text }", "VStack { Counter(state: 0) @a }"]),
            ["test.lemma:4:19: warning: view type 'Countr' appears only in render 2 of 3; did you mean 'Counter'? [W002]"])
        // Swapped neighbours are one edit.
        XCTAssertEqual(
            warnings(["Counter(state: 0) @a", "Cuonter(state: 0) @a"]).map { $0.contains("'Cuonter' appears only in render 2") },
            [true])
    }

    /// Two names each in one render only: one warning, on the later render's, pointing at the other.
    func testOfTwoNamesEachInOneRenderTheLaterIsTheSuspect() {
        XCTAssertEqual(
            warnings(["Countr(state: 0) @a", "Counter(state: 0) @a"]),
            ["test.lemma:4:10: warning: view type 'Counter' appears only in render 2 of 2; did you mean 'Countr'? [W002]"])
    }

    /// A view inserted on purpose: its type is in one render only, but no other render writes a
    /// name that close, so nothing is said.
    func testAnInsertedViewWithNoNearNameIsNoWarning() {
        XCTAssertEqual(warnings(["VStack { Counter(state: 0) @a }", "VStack { Image; Counter(state: 0) @a; Badge(state: 1) @b }"]), [])
        // Short names need to be closer: Row and Box are two edits apart at three letters.
        XCTAssertEqual(warnings(["VStack { Row(state: 0) @a }", "VStack { Box(state: 0) @a }"]), [])
        // A type in every render, or a near name in the same render only, is no warning either.
        XCTAssertEqual(warnings(["VStack { Counter(state: 0) @a; Countr(state: 0) @b }", "VStack { Counter(state: 0) @a; Countr(state: 0) @b }"]), [])
        XCTAssertEqual(warnings(["VStack { Counter(state: 0) @a; Countr(state: 0) @b }", "VStack { Text }"]), [])
        // Numbered types are distinct on purpose: View0 then View1, Row then Row2.
        XCTAssertEqual(warnings(["VStack { View0(state: 0) @a }", "VStack { View1(state: 0) @a }"]), [])
        XCTAssertEqual(warnings(["VStack { Row(state: 0) @a }", "VStack { Row2(state: 0) @a }"]), [])
        XCTAssertEqual(warnings(["VStack { View0(state: 0) @a }", "VStack { Veiw0(state: 0) @a }"]).count, 1)
        // One render: nothing to compare with.
        XCTAssertEqual(warnings(["VStack { Counter(state: 0) @a; Countr(state: 0) @b }"]), [])
    }

    /// Untaken arms and ForEach contents are written types too; strings and comments are not.
    func testTypesAreReadFromEveryArmAndLocatedOutsideStringsAndComments() {
        XCTAssertEqual(warnings(["if false { Counter(state: 0) @a } else { Text }", "if true { Counter(state: 0) @a } else { Text }"]), [])
        let located = warnings([
            "VStack { Text(\"Countr\"); Counter(state: 0) @a }",
            "VStack { Text(\"Countr\") // Countr\nCountr(state: 0) @a }",
        ])
        XCTAssertEqual(located, ["test.lemma:5:1: warning: view type 'Countr' appears only in render 2 of 2; did you mean 'Counter'? [W002]"])
    }

    func testInvalidationScenarioViewTreesAreCheckedToo() {
        let body = """
            render { Screen(state: 0) @screen { Avatar(image: object(1)) @avatar } }
            set screen = 1
            render { Screen(state: 0) @screen { Avatr(image: object(1)) @avatar } }
            check avatar evaluated because identity
            """
        let result = load("scenario S {\n  summary \"s\"; source I1; rules runtime; invalidation runtime; expect holds\n\(body)\n}\n")
        XCTAssertEqual(headlines(result.diagnostics), [
            "test.lemma:5:37: warning: view type 'Avatr' appears only in render 2 of 2; did you mean 'Avatar'? [W002]",
        ])
        XCTAssertEqual(result.scenarios.count, 1)
    }

    func testDistance() {
        XCTAssertEqual(ViewTypeSpelling.distance("Counter", "Countr", limit: 2), 1)
        XCTAssertEqual(ViewTypeSpelling.distance("Counter", "Cuonter", limit: 2), 1)
        XCTAssertEqual(ViewTypeSpelling.distance("Counter", "counter", limit: 1), 1)
        XCTAssertEqual(ViewTypeSpelling.distance("Row", "Box", limit: 2), 2)
        XCTAssertNil(ViewTypeSpelling.distance("Row", "Box", limit: 1))
        XCTAssertEqual(ViewTypeSpelling.distance("", "Ro", limit: 2), 2)
        XCTAssertNil(ViewTypeSpelling.distance("", "Row", limit: 2))
        XCTAssertEqual(ViewTypeSpelling.distance("Toggle", "Toggle", limit: 0), 0)
        XCTAssertEqual(ViewTypeSpelling.distance("ProfileView", "PorfileVeiw", limit: 2), 2)
        XCTAssertNil(ViewTypeSpelling.distance("ProfileView", "PorfileVeiws", limit: 2))
        XCTAssertEqual(ViewTypeSpelling.maximumDistance("Row", "Rw"), 1)
        XCTAssertEqual(ViewTypeSpelling.maximumDistance("A", "B"), 0)
        XCTAssertEqual(ViewTypeSpelling.maximumDistance("ProfileView", "ProfileViews"), 2)
    }

    /// The banded distance agrees with the full table on every pair of short strings over a small
    /// alphabet, at every limit.
    func testTheBandedDistanceAgreesWithTheFullTable() {
        func full(_ a: [Character], _ b: [Character]) -> Int {
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { table[i][0] = i }
            for j in 0...b.count { table[0][j] = j }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
                }
            }
            return table[a.count][b.count]
        }
        var words = [""]
        var layer = [""]
        for _ in 0..<4 {
            layer = layer.flatMap { word in ["a", "b", "c"].map { word + $0 } }
            words += layer
        }
        for a in words { for b in words { for limit in 0...2 {
            let expected = full(Array(a), Array(b))
            XCTAssertEqual(ViewTypeSpelling.distance(a, b, limit: limit), expected <= limit ? expected : nil, "\(a) \(b) \(limit)")
        } } }
    }

    /// Past `maximumTypes` distinct types nothing is looked for, so a large scenario is not slowed:
    /// 1,000 types per render (2,000 distinct, four times the limit), each one edit from a type of
    /// the other render. Compared, each pair would warn, so no warning shows they were not: no
    /// clock is needed, nor a larger count.
    func testManyTypesAreNotCompared() {
        let first = (0..<1000).map { "Counter\($0)" }.joined(separator: "; ")
        let second = (0..<1000).map { "Countr\($0)" }.joined(separator: "; ")
        XCTAssertEqual(warnings(["VStack { \(first) }", "VStack { \(second) }"]), [])
        // At the limit they are: 250 types per render.
        let few = warnings([
            "VStack { \((0..<250).map { "Counter\($0)" }.joined(separator: "; ")) }",
            "VStack { \((0..<250).map { "Countr\($0)" }.joined(separator: "; ")) }",
        ])
        XCTAssertEqual(few.count, 250)
    }
}
