import XCTest
@testable import LemmaLanguage

final class DiagnosticTests: XCTestCase {
    func testCompilerStyleDescriptionWithCaretAndNotes() {
        let result = load("""
            lemma L {
              summary "s"; source R4; rules runtime; expect holds
            \tforall p path in before
              show true
            }
            """, path: "Lemmas/x.lemma")
        XCTAssertEqual(result.diagnostics.map(\.description), [
            """
            Lemmas/x.lemma:3:11: error: expected ':' after path binder 'p' [E004]
            \tforall p path in before
            \t         ^
            """,
        ])
    }

    func testNotesCarryTheirOwnSourceLines() {
        let result = load("lemma A { show true }\nlemma A { show true }")
        let duplicate = result.diagnostics.first { $0.id == .duplicateItem }
        XCTAssertEqual(duplicate?.description, """
            test.lemma:2:7: error: duplicate name 'A' [E025]
            lemma A { show true }
                  ^
            test.lemma:1:7: note: 'A' is first defined here
            lemma A { show true }
                  ^
            """)
    }

    func testMultipleErrorsInOneFile() {
        let result = load("""
            lemma A {
              summary "s"; source R4; rules runtime; expect holds
              forall p: path in before
              assume p.length >
              show p.depth == 1
            }
            lemma B {
              summary "s"; source R4; rules nightly; expect holds
              show true
            }
            """)
        XCTAssertEqual(headlines(result.diagnostics), [
            "test.lemma:5:3: error: expected a term, found 'show' [E004]",
            "test.lemma:5:10: error: path 'p' has no field 'depth' [E026]",
            "test.lemma:8:33: error: unknown rule set 'nightly' [E022]",
        ])
        XCTAssertEqual(result.files[0].illFormed.map(\.name), ["A", "B"])
    }

    func testSeveralSyntaxErrorsResynchronise() {
        let result = load("""
            lemma A {
              forall p path in before
              assume (true
              show p.length ==
              expect maybe
            }
            scenario S { render { Text("x") }; set = 1; check x sometimes }
            """)
        XCTAssertEqual(result.diagnostics.map(\.id), [
            .expectedToken, .expectedToken, .expectedToken, .unknownExpectation, .expectedToken, .unknownOutcome,
        ])
    }
}
