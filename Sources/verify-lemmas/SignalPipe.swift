import Dispatch
import Foundation
import Synchronization

/// The write end of the pipe the handler writes each signal's number to (-1: none). Read by the
/// handler itself, so it is an atomic made before any handler is installed.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// SIGINT and SIGTERM caught by a `sigaction` handler that writes the signal's number to a pipe,
/// read on a dispatch queue. The handler is in place when `init` returns, in every thread: a
/// dispatch signal source replaces the default action with "ignore" before its own registration
/// ends on another thread, and a signal sent in between was lost (a Ctrl-C in a run's first
/// milliseconds let the run go on to the end).
final class SignalPipe: Sendable {
    private static let numbers = [SIGINT, SIGTERM]
    private let writeEnd: Int32
    /// The reading source, until `close()` takes it.
    private let source: Mutex<(any DispatchSourceRead)?>

    /// Catches both signals until `close()`; `receive` runs on a dispatch queue with each one.
    init(receive: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        precondition(Foundation.pipe(&ends) == 0, "verify-lemmas: no pipe for signals (errno \(errno))")
        let readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let reading = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .global())
        reading.setEventHandler {
            var number: UInt8 = 0
            if read(readEnd, &number, 1) == 1 { receive(Int32(number)) }
        }
        reading.setCancelHandler { _ = Foundation.close(readEnd) }
        reading.resume()
        source = Mutex(reading)
        signalPipeWriteEnd.store(writeEnd, ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let end = signalPipeWriteEnd.load(ordering: .sequentiallyConsistent)
            guard end >= 0 else { return }
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(end, &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        for number in Self.numbers { sigaction(number, &action, nil) }
    }

    /// Gives both signals their default actions back and stops reading.
    func close() {
        guard let reading = source.withLock({ source in defer { source = nil }; return source }) else { return }
        for number in Self.numbers { signal(number, SIG_DFL) }
        signalPipeWriteEnd.store(-1, ordering: .sequentiallyConsistent)
        reading.cancel()
        _ = Foundation.close(writeEnd)
    }
}
