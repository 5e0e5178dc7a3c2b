import ArgumentParser

/// A command line the tool refuses before any work (exit 2), with a stable code (README.md, "Exit
/// status"): tests and tools match `code`, never the words. ArgumentParser prints it as
/// `Error: DETAIL [U0xx]` with the usage.
typealias UsageError = Coded<UsageErrorCode>

/// Why the command line is refused.
enum UsageErrorCode: String, CaseIterable, Sendable {
    /// `--rules` or `explore --rules` names no rule set and no rule-set file.
    case unknownRuleSet = "U001"
    /// The rule-set file of `--rules` or `diff-rules` has errors (its diagnostics follow, each with its id).
    case illFormedRuleSetFile = "U002"
    /// `--mutant` names no mutant.
    case unknownMutant = "U003"
    /// `--mutant` or `--mutants` would replace the mutant a `--rules` file already applies.
    case mutantReplacesRuleSetMutant = "U004"
    /// A number outside its range (`--jobs`, `--checker-depth`, `--rlimit`, `--timeout`, explore's bounds, …).
    case valueOutOfRange = "U005"
    /// Two options that exclude each other.
    case exclusiveOptions = "U006"
    /// `--shard` is not `i/n` with 1 <= i <= n.
    case badShard = "U007"
    /// An option about the whole set (`--write-proofs`, `--mutants`) on part of it (`--shard`, `--filter`, paths inside Lemmas/).
    case partOfTheSet = "U008"
    /// `--write-proofs` with `--rules` or `--mutant`.
    case proofsUnderOwnRules = "U009"
    /// `explore --property` names no property.
    case unknownProperty = "U010"
    /// An option that needs another (`explore --filter` without `--lemma`) or does not apply with one
    /// (`explore --mutant` with another `--property`, an option beside `--lemma`).
    case optionDoesNotApply = "U011"
    /// `--example NAME` names no well-formed lemma.
    case unknownExampleLemma = "U012"
    /// `merge` with no report.
    case noReports = "U013"
    /// What ArgumentParser itself refuses: an unknown option or subcommand, an option without its
    /// value, a value of the wrong type (`--jobs x`).
    case unreadable = "U014"
    /// More than one destination is standard output (`-`).
    case standardOutputTwice = "U020"
    /// A report's destination is not a regular file (a folder, device or link), or `--dot`'s is not a folder.
    case destinationNotRegular = "U021"
    /// A destination, or the folder it goes in, is not writable.
    case destinationNotWritable = "U022"
    /// The folder a report goes in does not exist.
    case destinationFolderMissing = "U023"
    /// A destination in a pseudo-file system (/proc, /sys, …).
    case destinationPseudoFileSystem = "U024"
    /// Two destinations are one path.
    case destinationTwice = "U025"
    /// A destination inside a folder the run writes.
    case destinationInsideOutput = "U026"
    /// A destination is, or replaces, an input of the run.
    case destinationIsInput = "U027"
    /// A destination is the file standard output is redirected to.
    case destinationIsStandardOutput = "U028"
}

extension Coded where Family == UsageErrorCode {
    /// Runs `checks`, a command's `validate()`, turning a `UsageError` into the error ArgumentParser
    /// prints with the usage and turns into its validation exit (2 here).
    static func validating(_ checks: () throws -> Void) throws {
        do {
            try checks()
        } catch let usage as UsageError {
            throw ValidationError(usage.description)
        }
    }

    /// The code at the end of a message ArgumentParser made from a `validating` error.
    static func code(in message: String) -> Code? {
        guard message.hasSuffix("]"), let open = message.lastIndex(of: "[") else { return nil }
        return Code(rawValue: String(message[message.index(after: open)..<message.index(before: message.endIndex)]))
    }
}
