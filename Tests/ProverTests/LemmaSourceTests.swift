import Foundation
import TestSupport
import XCTest

/// `LemmaSource` cuts out the lemma asked for and no other: not one whose name it begins, not the
/// lemma after it, and a name the file lacks is an error, not an empty text.
final class LemmaSourceTests: XCTestCase {
    func testTheCutIsTheNamedLemmaAlone() throws {
        let longer = "lemma shown_twice {\n  summary \"x\"\n  show true\n}\n"
        let named = "lemma shown {\n  summary \"x\"\n  assume exists k in p: p[k].captures == true }\n  show true\n}\n"
        let after = "lemma after {\n  show false\n}\n"
        let folder = try Repository.temporaryFolder(["cut.lemma": "// a file\n\n" + longer + "\n" + named + "\n" + after])
        let file = folder.appendingPathComponent("cut.lemma")
        XCTAssertEqual(try LemmaSource.text(of: "shown", in: file), named)
        XCTAssertEqual(try LemmaSource.text(of: "shown_twice", in: file), longer)
        XCTAssertThrowsError(try LemmaSource.text(of: "show", in: file)) { error in
            XCTAssertEqual((error as? LemmaSource.Missing)?.name, "show")
        }
    }
}
