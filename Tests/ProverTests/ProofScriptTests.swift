import Foundation
import LemmaLogic
import XCTest

@testable import Prover

/// Every proved lemma's path-level query, exported as SMT-LIB 2, is proved again by the `z3` and
/// `cvc5` binaries: a second solver confirms what the in-process Z3 proved.
final class ProofScriptTests: XCTestCase {
    /// cvc5 1.0.3 needs `--strings-exp` for sequences and full saturation for the quantified axioms.
    static let cvc5Arguments = ["--lang", "smt2", "--strings-exp", "--full-saturate-quant", "--tlimit", "30000"]

    private func run(_ tool: String, _ arguments: [String], script: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("query-\(UUID().uuidString).smt2")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments + [file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    func testProvedLemmasAreProvedAgainByZ3AndCvc5() throws {
        let tools = ["/usr/bin/z3", "/usr/bin/cvc5"]
        for tool in tools where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (apt-get install z3 cvc5)")
        }
        let route = SolverRoute(timeoutMilliseconds: 10_000)
        var checked = 0
        for lemma in LemmaSet.specs() where lemma.expectation == .holds {
            let result = route.run(lemma, exportScript: true)
            guard case .proved = result.answer, let script = result.script else { continue }
            XCTAssertEqual(try run("/usr/bin/z3", ["-T:30"], script: script), "unsat", "z3 on \(lemma.name)")
            XCTAssertEqual(try run("/usr/bin/cvc5", Self.cvc5Arguments, script: script), "unsat", "cvc5 on \(lemma.name)")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 15)
    }
}
