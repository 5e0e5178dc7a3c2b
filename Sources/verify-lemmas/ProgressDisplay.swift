import Dispatch
import Foundation
import ModelChecker

/// A one-line progress display on standard error for explorations longer than a second: states,
/// states per second, programs done of total and the estimated time left, redrawn twice a second
/// and erased at the end, or on SIGINT/SIGTERM before the process ends (128 + the signal's
/// number, nothing written; the display's `SignalWatch`). Only on a terminal.
final class ProgressDisplay: Sendable {
    private let progress: ExplorationProgress
    /// Signalled by `stop()`: the drawing thread wakes, erases the line and signals `erased`.
    private let stopped = DispatchSemaphore(value: 0)
    private let erased = DispatchSemaphore(value: 0)
    private let signals: SignalWatch

    /// Whether standard error is a terminal.
    static var isAvailable: Bool { isatty(STDERR_FILENO) != 0 }

    /// A display of `progress`, which a signal erases before the process ends.
    init(_ progress: ExplorationProgress) {
        self.progress = progress
        signals = SignalWatch { number in
            StandardError.write("\r\u{1B}[K" + SignalWatch.message(number))
            _exit(128 + number)
        }
    }

    /// Starts drawing after the first second.
    func start() {
        Thread { [self] in
            var drawn = false
            var deadline = DispatchTime.now() + .seconds(1)
            while stopped.wait(timeout: deadline) == .timedOut {
                StandardError.write("\r\u{1B}[K" + progress.snapshot.line)
                drawn = true
                deadline = .now() + .milliseconds(500)
            }
            if drawn { StandardError.write("\r\u{1B}[K") }
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
