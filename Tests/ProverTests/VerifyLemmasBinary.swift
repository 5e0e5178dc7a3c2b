import Foundation

/// The `verify-lemmas` executable that `swift build` puts next to the test runner.
enum VerifyLemmasBinary {
    private struct Missing: Error, CustomStringConvertible {
        var description: String { "verify-lemmas is not built next to the tests: `swift build` (swift test builds it)" }
    }

    /// Where it is; throws (never skips) when it was not built.
    static var url: URL {
        get throws {
            let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            let candidates = [runner.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
                .map { $0.appendingPathComponent("verify-lemmas") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw Missing()
            }
            return found
        }
    }

    /// Runs it to completion: its exit status and its standard output and error together.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try url
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
