import Dispatch
import Foundation
import Prover

/// The progress of a lemma run on standard error (`RunProgress`: tasks done of total, the task
/// begun last, the time so far): on a terminal one line, drawn once the run has taken two seconds,
/// redrawn twice a second and erased at the end; elsewhere (a CI log) a plain line every ten
/// seconds. `--quiet` turns it off.
final class RunProgressDisplay: Sendable {
    /// What the display writes, as a function of the time since the run began (pure, for tests).
    struct Lines: Sendable {
        /// Seconds before a terminal shows the line, and between two plain lines.
        static let terminalDelay = 2.0
        static let plainInterval = 10.0

        let isTerminal: Bool
        private var drawn = false
        private var lastPlain = 0.0

        init(isTerminal: Bool) { self.isTerminal = isTerminal }

        /// The text to write `seconds` after the start, or nil for nothing yet.
        mutating func tick(seconds: Double, _ snapshot: RunProgress.Snapshot) -> String? {
            tick(seconds: seconds, line: snapshot.line)
        }

        /// The same for any progress `line` (an exploration's too), with the time so far added.
        mutating func tick(seconds: Double, line: String) -> String? {
            let line = line + String(format: ", %.0f s", seconds)
            if isTerminal {
                guard seconds >= Self.terminalDelay else { return nil }
                drawn = true
                return "\r\u{1B}[K" + line
            }
            guard seconds >= lastPlain + Self.plainInterval else { return nil }
            lastPlain = seconds
            return "progress: " + line + "\n"
        }

        /// The text that ends the display: on a terminal it drew on, the line erased.
        func finish() -> String? { isTerminal && drawn ? "\r\u{1B}[K" : nil }
    }

    /// What the display shows.
    let progress: RunProgress
    private let isTerminal: Bool
    /// Signalled by `stop()`: the drawing thread wakes, ends the display and signals `ended`.
    private let stopped = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Whether standard error is a terminal.
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// A display of `progress`, drawn as on a terminal or as plain lines.
    init(_ progress: RunProgress, isTerminal: Bool = standardErrorIsTerminal) {
        self.progress = progress
        self.isTerminal = isTerminal
    }

    /// Starts the drawing thread.
    func start() {
        Thread { [self] in
            var lines = Lines(isTerminal: isTerminal)
            let start = DispatchTime.now()
            let interval: DispatchTimeInterval = isTerminal ? .milliseconds(500) : .seconds(1)
            while stopped.wait(timeout: .now() + interval) == .timedOut {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                if let text = lines.tick(seconds: seconds, progress.snapshot) { StandardError.write(text) }
            }
            if let text = lines.finish() { StandardError.write(text) }
            ended.signal()
        }.start()
    }

    /// Stops drawing; returns once the line is erased.
    func stop() {
        stopped.signal()
        ended.wait()
    }
}
