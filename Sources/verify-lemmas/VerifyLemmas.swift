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
                2 bad input or usage, 3 an address-space limit (ulimit -v) below 512 MB.
                """,
            version: "verify-lemmas \(toolVersion), Z3 \(SolverSession.z3Version)",
            subcommands: [Check.self, Explore.self, DiffRules.self, Merge.self, Toc.self],
            defaultSubcommand: Check.self)
    }

    /// Runs the command; usage errors exit with status 2, as the report's exit codes promise, instead
    /// of ArgumentParser's 64.
    static func main() {
        MemoryLimit.apply()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
