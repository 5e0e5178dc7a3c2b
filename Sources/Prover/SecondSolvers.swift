import Foundation
import ModelChecker
import Synchronization

/// The `z3` and `cvc5` binaries, re-checking exported scripts outside this process: every
/// unbounded proof's query must be `unsat` in both, every refutation's certificate `sat` in both.
package struct SecondSolvers: Sendable {
    /// What a script must be answered.
    package enum Expectation: String, Sendable { case sat, unsat }

    /// A solver binary and how it is run on a script file.
    struct Solver: Sendable {
        var name: String
        var executable: URL
        var arguments: [String]
    }

    /// cvc5 1.0.3: sequences need `--strings-exp`; proofs need full saturation of the quantified
    /// axioms; certificates fix every path's length, so bounded-quantifier model finding decides them.
    static func cvc5Arguments(for expectation: Expectation, timeLimit: Int = defaultTimeLimit) -> [String] {
        switch expectation {
        case .unsat: return ["--lang", "smt2", "--strings-exp", "--full-saturate-quant", "--tlimit", String(timeLimit)]
        case .sat: return ["--lang", "smt2", "--strings-exp", "--fmf-bound", "--tlimit", String(timeLimit)]
        }
    }

    /// Each solver's time limit on a script, in milliseconds.
    package static let defaultTimeLimit = 30000

    private let z3: URL
    private let cvc5: URL
    private let timeLimit: Int

    /// Both binaries, found on `PATH`, each given `timeLimit` milliseconds per script; throws naming
    /// the one that is missing.
    package init(timeLimit: Int = defaultTimeLimit) throws {
        self.timeLimit = timeLimit
        func find(_ name: String) throws -> URL {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            for folder in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            throw SecondSolverError.missing(name)
        }
        z3 = try find("z3")
        cvc5 = try find("cvc5")
    }

    /// Runs both solvers on `script`; the problems (empty when both answer as expected).
    package func check(_ script: String, expecting expectation: Expectation, name: String) throws -> [SecondSolverProblem] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("verify-lemmas-\(UUID().uuidString).smt2")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // z3's `-T` is in whole seconds.
        let solvers = [
            Solver(name: "z3", executable: z3, arguments: ["-T:\(max(1, (timeLimit + 999) / 1000))"]),
            Solver(name: "cvc5", executable: cvc5, arguments: Self.cvc5Arguments(for: expectation, timeLimit: timeLimit)),
        ]
        return try solvers.compactMap { solver in
            let (answer, errors) = try run(solver, file: file)
            guard let kind = SecondSolverProblem.Kind(answer: answer, errors: errors, expected: expectation) else { return nil }
            return SecondSolverProblem(script: name, solver: solver.name, expected: expectation, kind: kind, timeLimit: timeLimit)
        }
    }

    /// Re-checks every unbounded proof, every proved obligation and every refutation certificate of
    /// `report` (scripts must have been exported), one script per core at a time; the problems, in
    /// the report's order.
    package func check(_ report: RunReport) throws -> [SecondSolverProblem] {
        let solvers = self
        let outcomes = WorkerPool.map(Self.jobs(for: report), workers: WorkerPool.defaultWorkers) { job in
            Result { try solvers.check(job.script, expecting: job.expectation, name: job.name) }
        }
        return try outcomes.flatMap { try $0.get() }
    }

    /// What `check` re-checks of `report`, counted for the line that says so: a refutation found by
    /// the explicit-state checker alone has no Z3 certificate, so it is replayed, not re-checked.
    package struct Coverage: Equatable, Sendable {
        package var unboundedProofs: Int
        package var certificates: Int
        package var refutations: Int
    }

    /// The scripts `check` runs on `report`, counted.
    package static func coverage(of report: RunReport) -> Coverage {
        let jobs = jobs(for: report)
        return Coverage(
            unboundedProofs: jobs.filter { $0.expectation == .unsat }.count,
            certificates: jobs.filter { $0.expectation == .sat }.count,
            refutations: report.lemmas.filter { $0.verdict == .refuted }.count)
    }

    private static func jobs(for report: RunReport) -> [Job] {
        var jobs: [Job] = []
        for lemma in report.lemmas {
            if lemma.verdict == .proved, lemma.scope == .unbounded, let script = lemma.script {
                jobs.append(Job(script: script, expectation: .unsat, name: "lemmas/\(lemma.name).smt2"))
            }
            if let certificate = lemma.certificate {
                jobs.append(Job(script: certificate, expectation: .sat, name: "refutations/\(lemma.name).smt2"))
            }
        }
        // Every unbounded proof rests on its rule sets' obligations, so theirs are re-checked too.
        for status in report.reductions {
            for result in status.results where result.verdict.isProved {
                guard let script = result.script else { continue }
                jobs.append(Job(script: script, expectation: .unsat, name: status.scriptPath(of: result)))
            }
        }
        for status in report.invalidationLocality {
            for result in status.results where result.verdict == .proved {
                guard let script = result.script else { continue }
                jobs.append(Job(script: script, expectation: .unsat, name: status.scriptPath(of: result)))
            }
        }
        return jobs
    }

    /// One script to re-check.
    private struct Job: Sendable {
        var script: String
        var expectation: Expectation
        var name: String
    }

    /// The first line `solver` writes on `file`, and what it wrote on standard error.
    private func run(_ solver: Solver, file: URL) throws -> (answer: String, errors: String) {
        let process = Process()
        process.executableURL = solver.executable
        process.arguments = solver.arguments + [file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read beside standard output, so that neither pipe fills while the other is read.
        let errorText = ErrorText()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return (String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "", errorText.text)
    }
}

/// What a solver wrote on standard error, set once from another thread.
private final class ErrorText: Sendable {
    private let data = Mutex(Data())

    func set(_ data: Data) { self.data.withLock { $0 = data } }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// Why the second solvers could not run.
package enum SecondSolverError: Error, CustomStringConvertible {
    case missing(String)

    package var description: String {
        switch self {
        case .missing(let name): return "\(name) is not on PATH (Debian: apt-get install z3 cvc5): cannot re-check proofs"
        }
    }
}
