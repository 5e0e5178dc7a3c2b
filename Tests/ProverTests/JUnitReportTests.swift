import Foundation
import FoundationXML
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// JUnit for CI tools: ill-formed input is an `<error>` (the item, and each input error), a wrong
/// verdict a `<failure>` typed by the verdict, the root counts every suite's test cases, and any
/// input text stays well-formed XML.
final class JUnitReportTests: XCTestCase {
    func testErrorsFailuresCountsAndEscaping() throws {
        let folder = try Repository.temporaryFolder([
            "flipped.lemma": LemmaSet.flippedLemma,
            "bad.lemma": "lemma bad\u{01} {\n  rules runtime\n}\n",
        ])
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        let xml = JUnitReport.xml(report)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try XCTUnwrap(document.rootElement())
        // Two items, one input error (E001) and the 22 reduction obligations of runtime.
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "25", xml)
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "1", xml)
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "2", xml)
        XCTAssertEqual(root.attribute(forName: "skipped")?.stringValue, "0", xml)
        XCTAssertNotNil(root.attribute(forName: "time"))
        let failure = try XCTUnwrap(try document.nodes(forXPath: "//failure").first as? XMLElement)
        XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "refuted")
        XCTAssertEqual(try document.nodes(forXPath: "//error").count, 2, xml)
        let inputError = try XCTUnwrap(try document.nodes(forXPath: "//testsuite[@name='input']/testcase/error").first as? XMLElement)
        XCTAssertEqual(inputError.attribute(forName: "type")?.stringValue, "E001", xml)
        XCTAssertFalse(xml.unicodeScalars.contains { $0.value == 1 }, "a control character reached the XML")
        XCTAssertEqual(try document.nodes(forXPath: "//testsuite[@name='reduction obligations']/testcase").count, 22)
    }
}
