import Foundation

/// The `verify-lemmas` executable as CI runs it, started from the build products folder the tests
/// run from (`swift test` builds it), or the one `VERIFY_LEMMAS_BINARY` names (`.ci/run` names its
/// release build for the slow tier). A missing binary fails the test: end-to-end tests never skip.
public enum VerifyLemmasProcess {
    /// What a finished run printed and how it ended.
    public struct Finished: Sendable {
        /// The exit status (or the signal number, when `signalled`).
        public var status: Int32
        /// Whether the process ended by a signal rather than by exiting.
        public var signalled: Bool
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errors: String
        /// Both, output first.
        public var combined: String { output + errors }
    }

    /// Why the binary could not be found.
    public struct MissingBinary: Error, CustomStringConvertible {
        /// The path `VERIFY_LEMMAS_BINARY` gave, when it named no executable.
        public var named: String?
        public var description: String {
            if let named { return "VERIFY_LEMMAS_BINARY=\(named) is not an executable file" }
            return "verify-lemmas is not built next to the tests: `swift build` (swift test builds it)"
        }
    }

    /// The executable `VERIFY_LEMMAS_BINARY` names, else the one next to the test bundle. A named
    /// path that is not executable is an error, never a quiet fall back to the debug build.
    public static var binary: URL {
        get throws { try binary(in: ProcessInfo.processInfo.environment) }
    }

    /// `binary` as `environment` decides it.
    public static func binary(in environment: [String: String]) throws -> URL {
        if let named = environment["VERIFY_LEMMAS_BINARY"] {
            guard FileManager.default.isExecutableFile(atPath: named) else { throw MissingBinary(named: named) }
            return URL(fileURLWithPath: named)
        }
        return try bundledBinary
    }

    /// The executable next to the test bundle.
    private static var bundledBinary: URL {
        get throws {
            let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            let candidates = [runner.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
                .map { $0.appendingPathComponent("verify-lemmas") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw MissingBinary()
            }
            return found
        }
    }

    /// Runs `verify-lemmas arguments` in `directory` (default: the current one) to the end;
    /// `standardOutput`, when given, is where it prints instead of a pipe the test reads (`output`
    /// is then empty); `environment` is set over this process's.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, standardOutput: FileHandle? = nil, environment: [String: String] = [:]
    ) throws -> Finished {
        let running = try start(arguments, in: directory, standardOutput: standardOutput, environment: environment)
        return running.wait()
    }

    /// Runs each of `runs` (the arguments of one `verify-lemmas` each) at once, in `directory`, to
    /// the end, as `run` does; the results are in the order of `runs`. For independent runs of one test.
    public static func runAll(_ runs: [[String]], in directory: URL? = nil, standardOutput: FileHandle? = nil) throws -> [Finished] {
        let started = try runs.map { try start($0, in: directory, standardOutput: standardOutput) }
        return try Concurrently.map(started, workers: started.count) { $0.wait() }
    }

    /// Starts `verify-lemmas arguments`, with `environment` set over this process's; `wait()`
    /// collects what it printed.
    public static func start(
        _ arguments: [String], in directory: URL? = nil, standardOutput: FileHandle? = nil, environment: [String: String] = [:]
    ) throws -> Running {
        let process = Process()
        process.executableURL = try binary
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, set in set } }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = standardOutput ?? output
        if standardOutput != nil { try output.fileHandleForWriting.close() }
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, output: output, errors: errors)
    }

    /// A run under way.
    public final class Running: @unchecked Sendable {  // one thread waits for it (runAll hands each run to its own)
        public let process: Process
        private let output: Pipe
        private let errors: Pipe

        init(process: Process, output: Pipe, errors: Pipe) {
            self.process = process
            self.output = output
            self.errors = errors
        }

        /// Sends `signal` (e.g. `SIGINT`) to the run.
        public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// Waits until the process runs verify-lemmas and catches `signal` with a handler of its own
        /// (`ChildProcessStatus.catches`), checking every millisecond; false if it ended first or did
        /// not catch it within `seconds`.
        public func waitUntilItCatches(_ signal: Int32, seconds: Double = 60) -> Bool {
            let status = ChildProcessStatus(pid: process.processIdentifier)
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline, !status.catches(signal) { usleep(1_000) }
            return process.isRunning && status.catches(signal)
        }

        /// Waits for the end, reading both streams as they come so that neither pipe fills.
        public func wait() -> Finished {
            let group = DispatchGroup()
            nonisolated(unsafe) var errorData = Data()
            let errorHandle = errors.fileHandleForReading
            DispatchQueue.global().async(group: group) { errorData = errorHandle.readDataToEndOfFile() }
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            group.wait()
            process.waitUntilExit()
            return Finished(
                status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                output: String(decoding: outputData, as: UTF8.self), errors: String(decoding: errorData, as: UTF8.self))
        }
    }
}
