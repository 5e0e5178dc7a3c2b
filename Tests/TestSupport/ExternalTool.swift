import Foundation

/// A program the tests call (z3, cvc5, python3, xmllint), found on `PATH`. A missing tool is an
/// error, never a skip: `bash .ci/run` installs every one of them.
public enum ExternalTool {
    /// Why a tool could not be run.
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "\(name) is not installed (bash .ci/run installs it)" }
    }

    /// The executable called `name` on `PATH`.
    public static func path(of name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin"
        guard let found = path.split(separator: ":").map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile(atPath:))
        else { throw Missing(name: name) }
        return found
    }

    /// Runs `tool arguments` to the end: its exit status and its standard output, followed by its
    /// standard error unless `keepErrors` is false.
    public static func run(_ tool: String, _ arguments: [String], keepErrors: Bool = true) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : try path(of: tool))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = keepErrors ? output : FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `tool arguments FILE` on `script`, saved to a temporary file, and returns its trimmed
    /// standard output.
    public static func run(_ tool: String, _ arguments: [String], onScript script: String, keepErrors: Bool = true) throws -> String {
        let file = TemporaryFolder.path("script.smt2")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try run(tool, arguments + [file.path], keepErrors: keepErrors).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
