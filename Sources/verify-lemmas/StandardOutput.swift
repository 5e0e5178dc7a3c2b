import Foundation
import Synchronization

/// Standard output for what a command prints, written with `write(2)`: a closed pipe (EPIPE, with
/// SIGPIPE ignored) or a full device (ENOSPC) is recorded instead of trapping, nothing more is
/// written to it after the first failure, and the run goes on to write its file reports. `finish`
/// turns a failure into exit status 2.
enum StandardOutput {
    /// The `errno` of the first failed write, if any.
    private static let failure = Mutex<Int32?>(nil)

    /// Writes `data` unless an earlier write failed.
    static func write(_ data: Data) {
        failure.withLock { failure in
            guard failure == nil else { return }
            failure = data.withUnsafeBytes { FileDescriptorWrite.all($0, to: STDOUT_FILENO) }
        }
    }

    /// Writes `text` and `terminator`, as Swift's `print` would.
    static func print(_ text: String = "", terminator: String = "\n") { write(Data((text + terminator).utf8)) }

    /// The exit status of a run that would end with `status`: 2 (after saying why on standard
    /// error) when standard output could not be written, through this type or through `print`
    /// (ArgumentParser's help, the commands that print with it); an interrupted run's 128 + signal
    /// stays.
    static func finish(_ status: Int32) -> Int32 {
        let stdio: Int32? = fflush(nil) != 0 ? errno : nil
        guard let code = failure.withLock({ $0 }) ?? stdio else { return status }
        let reason = ReportFile.reason(code)
        StandardError.write(RunEnd(.standardOutputNotWritten, "verify-lemmas: standard output could not be written (\(reason)); what it shows is incomplete").line)
        return status >= 128 ? status : 2
    }
}
