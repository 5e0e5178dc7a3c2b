import Foundation
import IdentityModel

/// The command line, parsed and run in-process (tests call it without a process): exit 0 when
/// clean, 1 with findings, 2 for bad usage or input, as `verify-lemmas` has them.
public struct LintCommand {
    public var paths: [String] = []
    public var rules: RuleSet = .runtime
    public var jsonPath: String?
    public var sarifPath: String?

    public static let usage = "usage: swiftui-identity-lint [--rules runtime|documented|ios18_0|ios18_4|evicting] [--json FILE] [--sarif FILE] PATH…"

    public enum UsageError: Error, Equatable { case message(String) }

    public init(arguments: [String]) throws(UsageError) {
        var index = 0
        func value(_ option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw .message("\(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--rules":
                let name = try value(argument)
                guard let set = RuleSet.named(name) else { throw .message("unknown rule set '\(name)'") }
                rules = set
            case "--json": jsonPath = try value(argument)
            case "--sarif": sarifPath = try value(argument)
            default:
                if argument.hasPrefix("--") { throw .message("unknown option '\(argument)'") }
                paths.append(argument)
            }
            index += 1
        }
        if paths.isEmpty { throw .message("no PATH given") }
    }

    /// The Swift files under the paths (folders walked, sorted), or the diagnostics of the ones that
    /// cannot be read.
    public static func swiftFiles(_ paths: [String]) -> (files: [(path: String, text: String)], problems: [InputDiagnostic]) {
        var files: [(String, String)] = []
        var problems: [InputDiagnostic] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(.init(id: .unreadable, site: .init(file: path, line: 1, column: 1), message: "no such file or folder"))
                continue
            }
            var candidates: [String] = []
            if isDirectory.boolValue {
                let enumerator = manager.enumerator(atPath: path)
                while let relative = enumerator?.nextObject() as? String {
                    if relative.hasSuffix(".swift"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                        candidates.append((path as NSString).appendingPathComponent(relative))
                    }
                }
                candidates.sort()
            } else {
                candidates = [path]
            }
            for candidate in candidates {
                guard let data = manager.contents(atPath: candidate), let text = String(data: data, encoding: .utf8) else {
                    problems.append(.init(id: .unreadable, site: .init(file: candidate, line: 1, column: 1), message: "cannot read as UTF-8"))
                    continue
                }
                files.append((candidate, text))
            }
        }
        return (files, problems)
    }

    /// Runs the analysis, writes the reports, and returns the text report and the exit code.
    public func run(progress: ((Int, Int) -> Void)? = nil) -> (text: String, exitCode: Int32) {
        let (files, problems) = Self.swiftFiles(paths)
        var report = Analyzer(rules: rules).analyze(files, progress: progress)
        report.diagnostics = problems + report.diagnostics
        var text = TextReport.render(report)
        do {
            if let jsonPath { try JSONOutput.data(report).write(to: URL(fileURLWithPath: jsonPath), options: .atomic) }
            if let sarifPath { try SARIFOutput.data(report).write(to: URL(fileURLWithPath: sarifPath), options: .atomic) }
        } catch {
            text += "error[E004]: a report could not be written: \(error)\n"
            return (text, 2)
        }
        if !report.diagnostics.isEmpty { return (text, 2) }
        return (text, report.findings.isEmpty ? 0 : 1)
    }
}
