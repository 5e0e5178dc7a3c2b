import Dispatch
import Foundation
import ModelChecker

/// An exploration's progress on standard error: states, states per second, programs done of total,
/// the estimated time left and the time so far, written as a lemma run's is
/// (`RunProgressDisplay.Lines`: on a terminal one line from two seconds on, redrawn twice a second
/// and erased at the end, or on SIGINT/SIGTERM before the process ends (128 + the signal's number,
/// nothing written; the display's `SignalWatch`); elsewhere a plain line every ten seconds).
final class ProgressDisplay: Sendable {
    private let progress: ExplorationProgress
    private let isTerminal: Bool
    /// Signalled by `stop()`: the drawing thread wakes, erases the line and signals `erased`.
    private let stopped = DispatchSemaphore(value: 0)
    private let erased = DispatchSemaphore(value: 0)
    private let signals: SignalWatch

    /// A display of `progress`, which a signal erases before the process ends.
    init(_ progress: ExplorationProgress, isTerminal: Bool = RunProgressDisplay.standardErrorIsTerminal) {
        self.progress = progress
        self.isTerminal = isTerminal
        signals = SignalWatch { number in
            StandardError.write((isTerminal ? "\r\u{1B}[K" : "") + SignalWatch.message(number))
            _exit(128 + number)
        }
    }

    /// Starts the drawing thread.
    func start() {
        Thread { [self] in
            var lines = RunProgressDisplay.Lines(isTerminal: isTerminal)
            let start = DispatchTime.now()
            while stopped.wait(timeout: .now() + .milliseconds(500)) == .timedOut {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                if let text = lines.tick(seconds: seconds, line: progress.snapshot.line) { StandardError.write(text) }
            }
            if let text = lines.finish() { StandardError.write(text) }
            erased.signal()
        }.start()
    }

    /// Stops drawing and erases the line; returns once it is erased. Signals end the process
    /// as they did before.
    func stop() {
        signals.stop()
        stopped.signal()
        erased.wait()
    }
}
