import Prover
import XCTest

@testable import verify_lemmas

/// The lemma run's progress display, in-process with the time given: on a terminal a line from
/// two seconds on, erased at the end; in a log a plain line every ten seconds; `--quiet` none.
final class RunProgressDisplayTests: XCTestCase {
    private let snapshot = RunProgress.Snapshot(stage: nil, done: 3, total: 12, current: "r3_optional_does_not_shift_later_siblings")

    func testATerminalShowsTheLineAfterTwoSecondsAndErasesItAtTheEnd() {
        var lines = RunProgressDisplay.Lines(isTerminal: true)
        XCTAssertNil(lines.tick(seconds: 0.5, snapshot))
        XCTAssertNil(lines.tick(seconds: 1.99, snapshot))
        XCTAssertEqual(lines.tick(seconds: 2.0, snapshot), "\r\u{1B}[K3/12 tasks, r3_optional_does_not_shift_later_siblings, 2 s")
        XCTAssertEqual(lines.tick(seconds: 3.4, snapshot), "\r\u{1B}[K3/12 tasks, r3_optional_does_not_shift_later_siblings, 3 s")
        XCTAssertEqual(lines.finish(), "\r\u{1B}[K")
    }

    func testAShortRunOnATerminalWritesNothing() {
        var lines = RunProgressDisplay.Lines(isTerminal: true)
        XCTAssertNil(lines.tick(seconds: 1.5, snapshot))
        XCTAssertNil(lines.finish())
    }

    func testALogGetsAPlainLineEveryTenSecondsAndNothingToErase() {
        var lines = RunProgressDisplay.Lines(isTerminal: false)
        XCTAssertNil(lines.tick(seconds: 2, snapshot))
        XCTAssertNil(lines.tick(seconds: 9.9, snapshot))
        XCTAssertEqual(lines.tick(seconds: 10.2, snapshot), "progress: 3/12 tasks, r3_optional_does_not_shift_later_siblings, 10 s\n")
        XCTAssertNil(lines.tick(seconds: 15, snapshot))
        XCTAssertNil(lines.tick(seconds: 20.1, snapshot))
        XCTAssertNotNil(lines.tick(seconds: 20.2, snapshot))
        XCTAssertNil(lines.finish())
    }

    /// An exploration's display (`ProgressDisplay`) writes its own line on the same schedule.
    func testAnExplorationLineGetsTheSameScheduleAndItsTime() {
        let line = "1.2k states, 300 states/s, 2 of 9 programs, ETA 30 s"
        var log = RunProgressDisplay.Lines(isTerminal: false)
        XCTAssertNil(log.tick(seconds: 9.9, line: line))
        XCTAssertEqual(log.tick(seconds: 10.1, line: line), "progress: \(line), 10 s\n")
        var terminal = RunProgressDisplay.Lines(isTerminal: true)
        XCTAssertNil(terminal.tick(seconds: 1.5, line: line))
        XCTAssertEqual(terminal.tick(seconds: 2.4, line: line), "\r\u{1B}[K\(line), 2 s")
    }

    func testTheStageLeadsTheLine() {
        let stage = RunProgress.Snapshot(stage: "mutant 2 of 26 (armIgnored)", done: 0, total: 0, current: nil)
        XCTAssertEqual(stage.line, "mutant 2 of 26 (armIgnored): 0/0 tasks")
    }

    func testQuietTurnsTheDisplayOff() throws {
        XCTAssertFalse(try Check.parse([]).quiet)
        XCTAssertTrue(try Check.parse(["--quiet"]).quiet)
    }
}
