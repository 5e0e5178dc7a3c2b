import Foundation
import IdentityModel
import ModelChecker
import XCTest

@testable import Prover

/// `ExplicitNull`: an absent value is written as `null` under its key, a present one as itself
/// (not wrapped), while a plain optional beside it is still left out when absent; read back, an
/// absent key is `nil` as a plain optional's. The reports that wrote their nulls by hand use it.
final class ExplicitNullTests: XCTestCase {
    private struct Keys: Codable, Equatable {
        @ExplicitNull var written: Int? = nil
        @ExplicitNull var nested: [String]? = nil
        var omitted: Int?
    }

    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func testAnAbsentValueIsNullAndAPresentOneIsItself() throws {
        XCTAssertEqual(try json(Keys()), #"{"nested":null,"written":null}"#)
        XCTAssertEqual(try json(Keys(written: 3, nested: ["a"], omitted: 4)), #"{"nested":["a"],"omitted":4,"written":3}"#)
    }

    func testAnAbsentOrNullKeyReadsBackAsNil() throws {
        let decoder = JSONDecoder()
        XCTAssertEqual(try decoder.decode(Keys.self, from: Data("{}".utf8)), Keys())
        XCTAssertEqual(try decoder.decode(Keys.self, from: Data(#"{"written":null,"nested":null}"#.utf8)), Keys())
        let full = Keys(written: 3, nested: ["a"], omitted: 4)
        XCTAssertEqual(try decoder.decode(Keys.self, from: Data(try json(full).utf8)), full)
    }

    /// The explore report and the run's options write every absent key as `null` (they did so by hand).
    func testTheExploreReportAndTheRunOptionsWriteNulls() throws {
        let options = RunCoverage.Options(VerifierOptions())
        let written = try json(options)
        for key in ["filter", "rules", "mutant"] { XCTAssertTrue(written.contains(#""\#(key)":null"#), written) }
        XCTAssertEqual(try JSONDecoder().decode(RunCoverage.Options.self, from: Data(written.utf8)), options)

        let explored = #"""
            {"kind":"explore","schemaVersion":1,"toolVersion":"t","property":"p","rules":"runtime","bounds":"b","mutations":false,
             "shards":["1/1"],"holds":true,"programs":1,"renders":2,"statesGenerated":3,"transitions":4,"distinctStates":5,
             "undefinedTransitions":0,"seconds":1.5,"cpuSeconds":2.5,"peakMemoryKB":6,"workers":1}
            """#
        let report = try JSONDecoder().decode(ExploreReport.self, from: Data(explored.utf8))
        XCTAssertNil(report.mutant)
        let text = String(decoding: try report.json(), as: UTF8.self)
        for key in ["mutant", "counterexample", "counterexampleActions"] { XCTAssertTrue(text.contains(#""\#(key)" : null"#), text) }
        XCTAssertEqual(try JSONDecoder().decode(ExploreReport.self, from: try report.json()), report)
    }
}
