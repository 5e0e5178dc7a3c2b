import Foundation
import TestSupport
import XCTest

/// Generated inputs through the front end (in-process) and, for a sample, through the binary
/// with `--json`, `--junit` and `--sarif`; and every input of the crash corpus replayed. No input
/// may crash, hang (20 s), exit with anything but 0, 1 or 2, leave a diagnostic without a place,
/// or leave a report that does not parse or that its schema rejects.
/// `scripts/fuzz.sh` runs the long campaign; `.ci/run` a short one.
final class FuzzTests: XCTestCase {
    func testGeneratedInputsNeverCrashHangOrMisreport() throws {
        let campaign = FuzzCampaign(inputs: 60, binarySample: 1)
        let generator = InputGenerator(seed: campaign.seed, folders: FuzzCampaign.seedFolders)
        XCTAssertGreaterThan(generator.items.count, 50, "the seed corpus was not found")
        let binaryNumbers = campaign.binaryNumbers
        let watchdog = Watchdog(limit: BinaryHarness.timeLimit)
        let reports = try Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        var frontEndProblems = 0
        var (binaryRuns, crashes, hangs, malformedReports) = (0, 0, 0, 0)
        for number in 0..<campaign.inputs {
            let input = generator.input(number)
            campaign.announce(input)
            watchdog.start(number) { campaign.keep(input, kind: "hang", number: number) }
            let problems = FrontEndHarness.problems(input)
            watchdog.stop()
            if !problems.isEmpty {
                frontEndProblems += 1
                let kept = campaign.keep(input, kind: "frontend", number: number)
                XCTFail("seed \(campaign.seed) input \(number)\(kept.map { " (kept as \($0))" } ?? ""): \(problems.joined(separator: "; "))")
            }
            if number > 0, number % 10_000 == 0 {
                // A long campaign's progress, so that a run stopped early still says how far it got.
                print("fuzz: \(number) of \(campaign.inputs) inputs so far, \(frontEndProblems) with problems; \(binaryRuns) through the binary")
            }
            guard binaryNumbers.contains(number) else { continue }
            binaryRuns += 1
            let outcome = try BinaryHarness.run(input, keepingReportsIn: reports, as: "input-\(number)")
            crashes += outcome.crash ? 1 : 0
            hangs += outcome.hang ? 1 : 0
            malformedReports += outcome.malformedReports
            if !outcome.problems.isEmpty {
                let kind = outcome.hang ? "hang" : outcome.crash ? "crash" : "report"
                let kept = campaign.keep(input, kind: kind, number: number)
                XCTFail("seed \(campaign.seed) input \(number) through the binary\(kept.map { " (kept as \($0))" } ?? ""): \(outcome.problems.joined(separator: "; "))")
            }
        }
        var rejectedInputs = Set<Int>()
        for (report, reason) in try ReportValidator.rejected(in: reports).sorted(by: { $0.key < $1.key }) {
            guard let number = Int(report.dropFirst("input-".count).prefix { $0.isNumber }), binaryNumbers.contains(number) else {
                XCTFail("a report no input left: \(report)")
                continue
            }
            if rejectedInputs.insert(number).inserted { malformedReports += 1 }
            let keptAs = campaign.keep(generator.input(number), kind: "report", number: number)
            XCTFail("seed \(campaign.seed) input \(number): \(report) is rejected by its schema\(keptAs.map { " (kept as \($0))" } ?? ""): \(reason)")
        }
        print("""
            fuzz: seed \(campaign.seed): \(campaign.inputs) generated inputs through the front end, \(frontEndProblems) with \
            problems; \(binaryRuns) of them through the binary: \(crashes) crashes, \(hangs) hangs, \(malformedReports) \
            malformed, missing or schema-rejected reports
            """)
    }

    /// Every input that once crashed or hung, through the front end and the binary.
    func testCrashCorpusReplays() throws {
        let files = (try FileManager.default.contentsOfDirectory(at: FuzzCampaign.crashCorpus, includingPropertiesForKeys: nil))
            .filter { $0.pathExtension == "lemma" }
            .sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(files.count, 1, "the crash corpus was not found")
        let reports = try Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        for file in files {
            let input = try FuzzInput(keptAt: file)
            XCTAssertEqual(FrontEndHarness.problems(input), [], file.lastPathComponent)
            let outcome = try BinaryHarness.run(input, keepingReportsIn: reports, as: file.deletingPathExtension().lastPathComponent)
            XCTAssertEqual(outcome.problems, [], file.lastPathComponent)
        }
        XCTAssertEqual(try ReportValidator.rejected(in: reports), [:])
    }
}
