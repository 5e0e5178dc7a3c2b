import Foundation
import IdentityModel

/// The JSON form of an exploration (`explore --stats-json`), which `verify-lemmas merge` adds up
/// across shards. `kind` is always `"explore"`; `schemaVersion` changes whenever a key changes
/// meaning or goes away.
package struct ExploreReport: Codable, Equatable, Sendable {
    package static let currentSchemaVersion = 1

    package var kind = "explore"
    package var schemaVersion = ExploreReport.currentSchemaVersion
    /// The version of verify-lemmas that explored: shards merge only with equal versions.
    package var toolVersion: String
    package var property: String
    package var rules: String
    @ExplicitNull package var mutant: String?
    /// `Bounds.description`: shards merge only with equal bounds.
    package var bounds: String
    package var mutations: Bool
    /// The shards this report covers, as `i/n`, sorted.
    package var shards: [String]
    package var holds: Bool
    /// The counterexample as text (the shortest of the merged ones), or `null`.
    @ExplicitNull package var counterexample: String?
    /// Actions in the counterexample, or `null`.
    @ExplicitNull package var counterexampleActions: Int?
    package var programs: Int
    package var renders: Int
    package var statesGenerated: Int
    package var transitions: Int
    package var distinctStates: Int
    package var undefinedTransitions: Int
    /// Wall-clock seconds (merged: the longest shard's, as when shards run side by side).
    package var seconds: Double
    /// Processor seconds (merged: the sum).
    package var cpuSeconds: Double
    /// Peak resident memory in kB (merged: the largest).
    package var peakMemoryKB: Int
    package var workers: Int

    /// The report of one run.
    package init(result: CheckResult, toolVersion: String, rules: String, mutant: String?, mutations: Bool, shard: Shard) {
        let statistics = result.statistics
        self.toolVersion = toolVersion
        property = result.property
        self.rules = rules
        self.mutant = mutant
        bounds = result.bounds.description
        self.mutations = mutations
        shards = [shard.description]
        holds = result.holds
        counterexample = result.counterexample?.description
        counterexampleActions = result.counterexample?.actions.count
        programs = statistics.programs
        renders = statistics.renders
        statesGenerated = statistics.states
        transitions = statistics.transitions
        distinctStates = statistics.distinctStates
        undefinedTransitions = statistics.undefinedTransitions
        seconds = statistics.seconds
        cpuSeconds = statistics.cpuSeconds
        peakMemoryKB = statistics.peakMemoryKB
        workers = statistics.workers
    }

    /// Why two reports cannot be merged, or `nil`.
    package func mismatch(with other: ExploreReport) -> Mismatch? {
        if schemaVersion != other.schemaVersion { return .schemaVersions(schemaVersion, other.schemaVersion) }
        if toolVersion != other.toolVersion { return .toolVersion(toolVersion, other.toolVersion) }
        if property != other.property || rules != other.rules || mutant != other.mutant || mutations != other.mutations {
            return .checks(check, other.check)
        }
        if bounds != other.bounds { return .bounds(bounds, other.bounds) }
        if let shared = Set(shards).intersection(other.shards).first { return .shardTwice(shared) }
        return nil
    }

    /// The check a report is of, as `merge` names it: `PROPERTY under RULES[+MUTANT]`.
    private var check: String { "\(property) under \(rules)\(mutant.map { "+\($0)" } ?? "")" }

    /// Both reports as one: counts added, the shortest counterexample kept.
    package func merged(with other: ExploreReport) -> ExploreReport {
        var result = self
        result.shards = (shards + other.shards).sorted()
        result.holds = holds && other.holds
        if let actions = other.counterexampleActions, actions < (counterexampleActions ?? Int.max) {
            result.counterexample = other.counterexample
            result.counterexampleActions = actions
        }
        result.programs += other.programs
        result.renders += other.renders
        result.statesGenerated += other.statesGenerated
        result.transitions += other.transitions
        result.distinctStates += other.distinctStates
        result.undefinedTransitions += other.undefinedTransitions
        result.seconds = max(seconds, other.seconds)
        result.cpuSeconds += other.cpuSeconds
        result.peakMemoryKB = max(peakMemoryKB, other.peakMemoryKB)
        result.workers += other.workers
        return result
    }

    /// Whether the shards are `1/n` to `n/n`, each once.
    package var coversEveryShard: Bool {
        let parsed = shards.compactMap(Shard.init)
        guard let count = parsed.first?.count, parsed.count == shards.count else { return false }
        // Distinct parts of 1...count cover it iff there are count of them (count is read from a file).
        return parsed.allSatisfy { $0.count == count } && parsed.count == count && Set(parsed.map(\.index)).count == count
    }

    /// Pretty-printed JSON with sorted keys; absent values are `null`.
    package func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
