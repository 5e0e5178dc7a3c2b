import ArgumentParser
import Dispatch
import Foundation
import Encoding

/// SIGINT and SIGTERM during a run: the first cancels every Z3 check (the run then stops, writes
/// nothing and exits 128 + the signal's number); a second one ends the process at once.
final class SignalWatch: @unchecked Sendable {
    // Safe to share: `received` is read and written under `lock`; `sources` only in init.
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Starts watching; the default actions of both signals are replaced until the process ends.
    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.receive(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// The first signal received, if any.
    var signalReceived: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    private func receive(_ number: Int32) {
        lock.lock()
        let first = received == nil
        if first { received = number }
        lock.unlock()
        guard first else { _exit(128 + number) }
        SolverSession.cancelAll()
    }

    /// Throws the exit of an interrupted run (after telling why on standard error), if a signal came.
    /// `afterWriting`: the signal came while the outputs were being written (the JSON and JUnit
    /// reports are renamed into place whole); the run still does not succeed.
    func exitIfInterrupted(afterWriting: Bool = false) throws {
        guard let number = signalReceived else { return }
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        let what = afterWriting ? "while writing its outputs; the run does not count" : "no verdict, no report written"
        FileHandle.standardError.write(Data("verify-lemmas: interrupted by \(name); \(what)\n".utf8))
        throw ExitCode(128 + number)
    }
}
