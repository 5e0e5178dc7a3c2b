import ArgumentParser
import Dispatch
import Encoding
import Foundation
import Synchronization

/// The command line's one handler of SIGINT and SIGTERM. The first signal runs the watch's action
/// (a lemma run cancels its `Cancellation`, then stops, writes nothing and exits 128 + the signal's
/// number; an exploration erases its progress line and exits at once); a second one ends the
/// process at once.
final class SignalWatch: Sendable {
    /// What the handlers share: the first signal and the action it runs.
    private final class Receiver: Sendable {
        let received = Mutex<Int32?>(nil)
        let onFirst: @Sendable (Int32) -> Void

        init(onFirst: @escaping @Sendable (Int32) -> Void) { self.onFirst = onFirst }

        func receive(_ number: Int32) {
            let first = received.withLock { received in
                guard received == nil else { return false }
                received = number
                return true
            }
            guard first else { _exit(128 + number) }
            onFirst(number)
        }
    }

    private let receiver: Receiver
    private let pipe: SignalPipe
    /// The run a lemma run's watch cancels (`cancellingRun()`).
    let cancellation: Cancellation

    /// Starts watching; the default actions of both signals are replaced until `stop()`.
    /// `onFirst` runs on a dispatch queue when the first signal arrives.
    init(cancellation: Cancellation = Cancellation(), onFirst: @escaping @Sendable (Int32) -> Void) {
        self.cancellation = cancellation
        let receiver = Receiver(onFirst: onFirst)
        self.receiver = receiver
        pipe = SignalPipe { receiver.receive($0) }
    }

    /// A watch for a lemma run: the first signal cancels its `cancellation` (the run's parse,
    /// walks and Z3 checks), which the run's verifiers are made with.
    static func cancellingRun() -> SignalWatch {
        let cancellation = Cancellation()
        return SignalWatch(cancellation: cancellation) { _ in cancellation.cancel() }
    }

    /// The first signal received, if any.
    var signalReceived: Int32? { receiver.received.withLock { $0 } }

    /// Gives both signals their default actions back.
    func stop() { pipe.close() }

    /// The message of a run stopped by `number`.
    static func message(_ number: Int32, afterWriting: Bool = false) -> String {
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        if afterWriting { return RunEnd(.interruptedWhileWriting, "verify-lemmas: interrupted by \(name) while writing its outputs; the run does not count").line }
        return RunEnd(.interrupted, "verify-lemmas: interrupted by \(name); no verdict, no report written").line
    }

    /// Throws the exit of an interrupted run (after telling why on standard error), if a signal came.
    /// `afterWriting`: the signal came while the outputs were being written (the JSON and JUnit
    /// reports are renamed into place whole); the run still does not succeed.
    func exitIfInterrupted(afterWriting: Bool = false) throws {
        guard let number = signalReceived else { return }
        StandardError.write(Self.message(number, afterWriting: afterWriting))
        throw ExitCode(128 + number)
    }
}
