import Foundation
import TestSupport
import XCTest

/// The fuzz campaign's own parts: the generator reaches every construct it claims to, a kept input
/// comes back whole, and the schema check rejects reports that break their schema.
final class FuzzGeneratorTests: XCTestCase {
    func testTheFirstInputsReachEveryNewConstruct() {
        let generator = InputGenerator(seed: 1, folders: FuzzCampaign.seedFolders)
        let inputs = (0..<600).map(generator.input)
        let texts = inputs.map { String(decoding: $0.main, as: UTF8.self) }
        for construct in ["predicate ", "import \"", "use ", "mutate ", ": path in ", "childOf(", "invalidation ", "renders r0"] {
            XCTAssertTrue(texts.contains { $0.contains(construct) }, construct)
        }
        XCTAssertTrue(inputs.contains { $0.main.starts(with: [0xEF, 0xBB, 0xBF]) }, "a byte-order mark")
        XCTAssertTrue(inputs.contains { $0.companions["lemmas/sub/b.lemma"] != nil }, "an imported file in a subfolder")
        XCTAssertTrue(inputs.contains { $0.companions["outside.lemma"] != nil }, "a file outside the lemma root")
        let rules = inputs.compactMap(\.rules).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertGreaterThan(rules.count, 60)
        XCTAssertTrue(rules.contains { $0.contains("rules b0 from b0") || ($0.contains("rules b0 from b1") && $0.contains("rules b1 from b0")) }, "bases in a cycle")
        XCTAssertEqual(generator.input(417).companions, generator.input(417).companions, "the same number, the same input")
    }

    func testAKeptInputComesBackWithItsFiles() throws {
        let folder = try Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = FuzzInput(main: Array("import \"sub/b.lemma\"\n".utf8), companions: [
            "lemmas/sub/b.lemma": Array("predicate pg(a) = pg(a)\n".utf8), "outside.lemma": [0xEF, 0xBB, 0xBF], FuzzInput.rulesPath: [],
        ])
        let file = folder.appendingPathComponent("crash-seed1-input3.lemma")
        try input.keep(at: file)
        let restored = try FuzzInput(keptAt: file)
        XCTAssertEqual(restored.main, input.main)
        XCTAssertEqual(restored.companions, input.companions)
        XCTAssertEqual(try FuzzInput(keptAt: folder.appendingPathComponent("crash-seed1-input3.lemma")).rules, [])
    }

    func testTheSchemaCheckRejectsBrokenReports() throws {
        let folder = try Repository.temporaryFolder([
            "input-1.json": #"{"schemaVersion": "nonsense"}"#,
            "input-1.sarif": #"{"version": "2.1.0", "runs": "none"}"#,
            "input-1.xml": "<testsuites><bogus/></testsuites>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(Set(try ReportValidator.rejected(in: folder).keys), ["input-1.json", "input-1.sarif", "input-1.xml"])
    }
}
