import Foundation
import ModelChecker

/// A one-line progress display on standard error for explorations longer than a second: states,
/// states per second, programs done of total and the estimated time left, redrawn twice a second
/// and erased at the end, or on SIGINT/SIGTERM before the process ends (128 + the signal's
/// number, nothing written). Only on a terminal.
final class ProgressDisplay: @unchecked Sendable {
    // Safe to share: `finished` is read and written only under `lock`; `progress` is thread-safe.
    private let progress: ExplorationProgress
    private let lock = NSCondition()
    private var finished = false
    private var drawn = false
    private var thread: Thread?
    private var signals: [DispatchSourceSignal] = []

    /// Whether standard error is a terminal.
    static var isAvailable: Bool { isatty(STDERR_FILENO) != 0 }

    init(_ progress: ExplorationProgress) { self.progress = progress }

    /// Starts drawing after the first second.
    func start() {
        let thread = Thread { [self] in
            var deadline = Date().addingTimeInterval(1)
            lock.lock()
            defer { lock.unlock() }
            while !finished {
                if !lock.wait(until: deadline), !finished {
                    FileHandle.standardError.write(Data(("\r\u{1B}[K" + progress.snapshot.line).utf8))
                    drawn = true
                    deadline = Date().addingTimeInterval(0.5)
                }
            }
            if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
        self.thread = thread
        thread.start()
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let name = number == SIGINT ? "SIGINT" : "SIGTERM"
                FileHandle.standardError.write(Data("\r\u{1B}[Kverify-lemmas: interrupted by \(name); no verdict, no report written\n".utf8))
                _exit(128 + number)
            }
            source.resume()
            signals.append(source)
        }
    }

    /// Stops drawing and erases the line; returns once it is erased. Signals end the process
    /// as they did before.
    func stop() {
        for source in signals { source.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
        lock.lock()
        finished = true
        lock.signal()
        lock.unlock()
        while thread?.isFinished == false { usleep(1_000) }
    }
}
