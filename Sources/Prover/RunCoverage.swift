import Foundation
import IdentityModel
import LemmaLanguage
import ModelChecker

/// What a run covers: its part of the items (`--shard`), every option a verdict depends on, the
/// rule sets its items ran under, the tool that ran it and a digest of the lemma files it read.
/// `verify-lemmas merge` adds up the reports of shards only when, together, they are one run.
package struct RunCoverage: Codable, Equatable, Sendable {
    /// The version of verify-lemmas (`Verifier.toolVersion`).
    package var toolVersion: String
    /// The part of the items the run checked.
    package var shard: Shard
    /// The options a verdict depends on.
    package var options: Options
    /// The rule sets the run's items ran under (with `--rules` and `--mutant` applied), sorted:
    /// identity rule sets by name, invalidation ones as `invalidation NAME`.
    package var ruleSets: [String]
    /// The lemma files read.
    package var inputs: Inputs

    /// The options a verdict depends on (not `--jobs`, the reports or `--explain`, which change none).
    package struct Options: Codable, Equatable, Sendable {
        /// `--filter`.
        @ExplicitNull package var filter: String?
        /// Whether the filter also ran the lemmas its items `use` (`--check-proofs --filter`).
        package var filterRunsUsedLemmas: Bool
        /// `--rules`: the rules everything ran under instead of each item's own, every option
        /// spelled out (`RuleSelection.settings`), so that two versions of a rule-set file differ.
        @ExplicitNull package var rules: String?
        /// `--mutant`: the rule broken in every rule set.
        @ExplicitNull package var mutant: String?
        /// `--rlimit`: Z3 resource units per solver check.
        package var rlimit: Int
        /// `--timeout`: the wall-clock backstop per solver check, in seconds.
        package var timeoutSeconds: Double
        /// `--checker-depth`.
        package var checkerDepth: Int
        /// `--checker-branching`.
        package var checkerBranching: Int
        /// `--checker-cases`: the cases each checker walk may examine.
        package var checkerCases: Int
        /// `--require-unbounded`.
        package var requireUnbounded: Bool
        /// `--allow-empty`.
        package var allowEmpty: Bool
        /// Whether a proved lemma's assumptions were searched for a witness (vacuity).
        package var checksVacuity: Bool

        /// The verdict-relevant part of `options`.
        package init(_ options: VerifierOptions) {
            filter = options.filter
            filterRunsUsedLemmas = options.filterRunsUsedLemmas
            rules = options.rules == nil && options.invalidationRules == nil
                ? nil : RuleSelection(name: options.rulesName, identity: options.rules, invalidation: options.invalidationRules).settings
            mutant = options.mutation?.rawValue ?? options.invalidationMutation?.rawValue
            rlimit = options.resourceLimit
            timeoutSeconds = options.timeoutSeconds
            checkerDepth = options.checkerBound.depth
            checkerBranching = options.checkerBound.branching
            checkerCases = options.checkerCases
            requireUnbounded = options.requireUnbounded
            allowEmpty = options.allowsEmpty
            checksVacuity = options.checksVacuity
        }
    }

    /// The lemma files a run read.
    package struct Inputs: Codable, Equatable, Sendable {
        /// How many files.
        package var files: Int
        /// SHA-256 over the files in the order of their paths, each as its path (UTF-8), a zero
        /// byte, its length in bytes (8 bytes, big-endian) and its contents as the loader read them
        /// (UTF-8, an invalid byte as U+FFFD).
        package var sha256: String

        /// How many bytes are digested between two questions to `isCancelled`.
        private static let pollBytes = 1 << 20

        /// The digest of `files` (path, contents), in any order.
        package init(files: [(path: String, contents: Data)]) {
            self.init(files: files, isCancelled: { false })!
        }

        /// The digest of `files`, or nil once `isCancelled` says yes (asked every megabyte: a
        /// debug build digests a few megabytes a second).
        init?(files: [(path: String, contents: Data)], isCancelled: () -> Bool) {
            var hash = SHA256()
            for file in files.sorted(by: { $0.path < $1.path }) {
                hash.update(Array(file.path.utf8) + [0])
                let count = UInt64(file.contents.count)
                hash.update((0..<8).map { UInt8(truncatingIfNeeded: count >> (56 - 8 * UInt64($0))) })
                for start in stride(from: 0, to: file.contents.count, by: Self.pollBytes) {
                    if isCancelled() { return nil }
                    let bytes = file.contents
                    hash.update(bytes[(bytes.startIndex + start)..<(bytes.startIndex + min(start + Self.pollBytes, bytes.count))])
                }
            }
            self.files = files.count
            sha256 = hash.finalHex()
        }
    }

    /// The coverage of a run with `options` whose items ran under `ruleSets` and that read `inputs`.
    package init(options: VerifierOptions, ruleSets: [String], inputs: Inputs) {
        toolVersion = Verifier.toolVersion
        shard = options.shard
        self.options = Options(options)
        self.ruleSets = Array(Set(ruleSets)).sorted()
        self.inputs = inputs
    }

    /// Why the reports with these coverages cannot be added up to one whole run, naming the file
    /// and the field, or `nil`: they must agree on everything but the shard and the rule sets, and
    /// their shards must be `1/n` to `n/n`, each once.
    package static func refusal(_ reports: [(file: String, coverage: RunCoverage)]) -> Refusal? {
        guard let (firstFile, first) = reports.first else { return .noReport }
        let expected = first.comparedFields
        for (file, coverage) in reports.dropFirst() {
            let fields = coverage.comparedFields
            for key in Set(expected.keys).union(fields.keys).sorted() where expected[key] != fields[key] {
                return .fieldDiffers(file: file, field: key, value: fields[key], expected: expected[key], firstFile: firstFile)
            }
        }
        var seen: [Int: String] = [:]
        for (file, coverage) in reports {
            if coverage.shard.count != first.shard.count {
                return .shardCountDiffers(file: file, shard: coverage.shard, expected: first.shard, firstFile: firstFile)
            }
            if let other = seen[coverage.shard.index] { return .shardRepeated(file: file, shard: coverage.shard, alsoIn: other) }
            seen[coverage.shard.index] = file
        }
        // The shards are distinct parts of 1...n, so they cover it iff there are n of them; the
        // parts named are the first few missing, found without walking 1...n (n is read from a file).
        let count = first.shard.count
        guard seen.count < count else { return nil }
        let shown = 5
        let missing = (1...count).lazy.filter { seen[$0] == nil }.prefix(shown).map { Shard(index: $0, count: count)! }
        return .shardMissing(missing: Array(missing), unnamed: count - seen.count - missing.count)
    }

    /// The coverage of the shards' reports added up (`refusal` must be `nil`): the whole run.
    package static func merged(_ coverages: [RunCoverage]) -> RunCoverage? {
        guard var whole = coverages.first else { return nil }
        whole.shard = .whole
        whole.ruleSets = Array(Set(coverages.flatMap(\.ruleSets))).sorted()
        return whole
    }

    /// Every field that reports of one run share, flattened (`options.rlimit`) to its JSON text:
    /// read from the encoded form, so a field added later is compared without a line of its own.
    private var comparedFields: [String: String] {
        var flat: [String: String] = [:]
        func flatten(_ value: Any, _ key: String) {
            if let object = value as? [String: Any] {
                for (name, child) in object { flatten(child, key.isEmpty ? name : "\(key).\(name)") }
            } else {
                let text = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
                flat[key] = text.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self), var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return [:]
        }
        object["shard"] = nil
        object["ruleSets"] = nil
        flatten(object, "")
        return flat
    }

    enum CodingKeys: String, CodingKey { case toolVersion, shard, options, ruleSets, inputs }

    /// Absent values are written as `null`; the shard as `i/n`.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(toolVersion, forKey: .toolVersion)
        try container.encode(shard.description, forKey: .shard)
        try container.encode(options, forKey: .options)
        try container.encode(ruleSets, forKey: .ruleSets)
        try container.encode(inputs, forKey: .inputs)
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        toolVersion = try container.decode(String.self, forKey: .toolVersion)
        let text = try container.decode(String.self, forKey: .shard)
        guard let shard = Shard(text) else {
            throw DecodingError.dataCorruptedError(forKey: .shard, in: container, debugDescription: "'\(text)' is not i/n with 1 <= i <= n")
        }
        self.shard = shard
        options = try container.decode(Options.self, forKey: .options)
        ruleSets = try container.decode([String].self, forKey: .ruleSets)
        inputs = try container.decode(Inputs.self, forKey: .inputs)
    }
}
