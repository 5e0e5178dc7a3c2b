import Foundation
import XCTest

/// Generated inputs through the front end (in-process) and, for a sample, through the binary
/// with `--json` and `--junit`; and every input of the crash corpus replayed. No input may crash,
/// hang (20 s), exit with anything but 0, 1 or 2, or leave a report that does not parse.
/// `scripts/fuzz.sh` runs the long campaign; `.ci/run` a short one.
final class FuzzTests: XCTestCase {
    func testGeneratedInputsNeverCrashHangOrMisreport() throws {
        let campaign = FuzzCampaign(inputs: 60, binarySample: 1)
        let generator = InputGenerator(seed: campaign.seed, folders: FuzzCampaign.seedFolders)
        XCTAssertGreaterThan(generator.items.count, 50, "the seed corpus was not found")
        let binaryNumbers = campaign.binaryNumbers
        let watchdog = Watchdog(limit: BinaryHarness.timeLimit)
        var frontEndProblems = 0
        var (binaryRuns, crashes, hangs, malformedReports) = (0, 0, 0, 0)
        for number in 0..<campaign.inputs {
            let bytes = generator.input(number)
            campaign.announce(bytes)
            watchdog.start(number) { campaign.keep(bytes, kind: "hang", number: number) }
            let problems = FrontEndHarness.problems(bytes)
            watchdog.stop()
            if !problems.isEmpty {
                frontEndProblems += 1
                let kept = campaign.keep(bytes, kind: "frontend", number: number)
                XCTFail("seed \(campaign.seed) input \(number)\(kept.map { " (kept as \($0))" } ?? ""): \(problems.joined(separator: "; "))")
            }
            guard binaryNumbers.contains(number) else { continue }
            binaryRuns += 1
            let outcome = try BinaryHarness.run(bytes)
            crashes += outcome.crash ? 1 : 0
            hangs += outcome.hang ? 1 : 0
            malformedReports += outcome.malformedReports
            if !outcome.problems.isEmpty {
                let kind = outcome.hang ? "hang" : outcome.crash ? "crash" : "report"
                let kept = campaign.keep(bytes, kind: kind, number: number)
                XCTFail("seed \(campaign.seed) input \(number) through the binary\(kept.map { " (kept as \($0))" } ?? ""): \(outcome.problems.joined(separator: "; "))")
            }
        }
        print("""
            fuzz: seed \(campaign.seed): \(campaign.inputs) generated inputs through the front end, \(frontEndProblems) with \
            problems; \(binaryRuns) of them through the binary: \(crashes) crashes, \(hangs) hangs, \(malformedReports) \
            malformed or missing reports
            """)
    }

    /// Every input that once crashed or hung, through the front end and the binary.
    func testCrashCorpusReplays() throws {
        let files = (try FileManager.default.contentsOfDirectory(at: FuzzCampaign.crashCorpus, includingPropertiesForKeys: nil))
            .filter { $0.pathExtension == "lemma" }
            .sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(files.count, 1, "the crash corpus was not found")
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            XCTAssertEqual(FrontEndHarness.problems(bytes), [], file.lastPathComponent)
            let outcome = try BinaryHarness.run(bytes)
            XCTAssertEqual(outcome.problems, [], file.lastPathComponent)
        }
    }
}
