import ArgumentParser
import Foundation
import Encoding
import Prover

/// `verify-lemmas`: proves the lemmas under Lemmas/ (the default subcommand `check`), explores
/// small programs exhaustively (`explore`), compares rule sets (`diff-rules`), merges the JSON reports
/// of shards (`merge`) and keeps the table of contents of Lemmas/README.md (`toc`).
@main
struct VerifyLemmas: ParsableCommand {
    static let toolVersion = Verifier.toolVersion

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "verify-lemmas",
            abstract: "A proof-oriented verifier for SwiftUI's view-identity rules.",
            discussion: """
                Checks lemma files (see Lemmas/README.md): each lemma is proved for all depths and \
                branchings by Z3 at the path level and cross-checked on small trees by the explicit-state \
                checker; each scenario is run through the semantics and confirmed by Z3.
                Exit status: 0 every lemma as expected, 1 some lemma not as expected (unknown included), \
                a mutant survived (--mutants) or a drift from Proofs/ (--check-proofs: a second solver's \
                missing answer is listed, not a drift), 2 bad input or usage, or an output that could \
                not be written (standard output closed or full, a report's device full: the other \
                reports are still written), 3 an address-space limit (ulimit -v) below 512 MB.
                """,
            version: "verify-lemmas \(toolVersion), Z3 \(SolverSession.z3Version)",
            subcommands: [Check.self, Explore.self, DiffRules.self, Merge.self, Toc.self],
            defaultSubcommand: Check.self)
    }

    /// `verify-lemmas --help`: the subcommands, then the options of the default subcommand `check`,
    /// which a bare `verify-lemmas` runs (ArgumentParser alone would show the subcommands only).
    static var rootHelp: String {
        helpMessage() + "\n\nThe default subcommand, run when none is named:\n\n" + helpMessage(for: Check.self)
    }

    /// Runs the command; usage errors exit with status 2, as the report's exit codes promise, instead
    /// of ArgumentParser's 64. SIGPIPE is ignored, so a closed standard output is a failed write
    /// (`StandardOutput`): the run still writes its file reports, then exits 2.
    static func main() {
        MemoryLimit.apply()
        signal(SIGPIPE, SIG_IGN)
        if ["--help", "-h"].contains(CommandLine.arguments.dropFirst().first), CommandLine.arguments.count == 2 {
            StandardOutput.print(rootHelp)
            Foundation.exit(StandardOutput.finish(0))
        }
        let status: Int32
        do {
            var command = try parseAsRoot()
            try command.run()
            status = 0
        } catch let code as ExitCode {
            status = code.rawValue
        } catch let failure as ReportFile.Failure {
            StandardError.write("\(failure)\n")
            status = 2
        } catch let usage as UsageError {
            // Refused in `run()`, after ArgumentParser's validation (a `--rules` file read again, `--example`'s name).
            StandardError.write("Error: \(usage)\n")
            status = 2
        } catch {
            if exitCode(for: error) == .validationFailure {
                // ArgumentParser's own refusals carry no code of ours: they get U014 on their line.
                let message = self.message(for: error), full = fullMessage(for: error)
                let coded = UsageError.code(in: message) != nil ? full
                    : full.range(of: message).map { full.replacingCharacters(in: $0, with: "\(message) [\(UsageError.Code.unreadable.rawValue)]") } ?? full
                StandardError.write(coded + "\n")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
        Foundation.exit(StandardOutput.finish(status))
    }
}
