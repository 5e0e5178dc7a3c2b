import Foundation
import TestSupport
import XCTest

/// The /proc readings the interruption tests wait on: a handler counts once installed, processor
/// time grows with work, and a process that is gone has none.
final class ChildProcessStatusTests: XCTestCase {
    private let own = ChildProcessStatus(pid: getpid())
    private var command: String {
        ((try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAHandlerCountsOnlyOnceInstalledAndOnlyForItsCommand() {
        XCTAssertFalse(own.catches(SIGUSR2, command: command), "nothing catches SIGUSR2 before the test installs a handler")
        let previous = signal(SIGUSR2) { _ in }
        defer { signal(SIGUSR2, previous) }
        XCTAssertTrue(own.catches(SIGUSR2, command: command))
        XCTAssertFalse(own.catches(SIGUSR2, command: "verify-lemmas"), "another command's handler counted")
        signal(SIGUSR2, SIG_IGN)
        XCTAssertFalse(own.catches(SIGUSR2, command: command), "an ignored signal counted as caught")
    }

    func testProcessorTimeGrowsWithWork() throws {
        let start = try XCTUnwrap(own.processorTicks)
        var (sum, rounds) = (0, 0)
        // Work until the reading moves, for at most a few seconds of it; a reading that never
        // moves fails below.
        while (own.processorTicks ?? start) == start, rounds < 2_000 {
            for step in 0..<1_000_000 { sum &+= step }
            rounds += 1
        }
        XCTAssertGreaterThan(try XCTUnwrap(own.processorTicks), start, "\(sum)")
    }

    func testAProcessThatEndedHasNoReading() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        XCTAssertNil(ChildProcessStatus(pid: process.processIdentifier).processorTicks)
        XCTAssertFalse(ChildProcessStatus(pid: process.processIdentifier).catches(SIGINT, command: "true"))
    }
}
