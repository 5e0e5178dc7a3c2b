/// A difference between a run and the proofs recorded in Proofs/ (`ProofStore.check`), typed;
/// `description` is the line `--check-proofs` prints, and `code` its stable name.
package enum ProofDrift: Equatable, Sendable, CustomStringConvertible {
    /// Nothing is recorded at `path`.
    case noRecord(path: String)
    /// The proofs were recorded with another Z3.
    case z3Version(recorded: String, running: String)
    /// The script at `path` (a query or an obligation) is not the one recorded.
    case queryChanged(path: String)
    /// The run has an entry the record lacks.
    case notRecorded(Entry)
    /// The verdict (with its scope, `proved unbounded`) differs.
    case verdictChanged(Entry, recorded: String, now: String)
    /// The lemmas a lemma's proof rests on (`use`) differ; `nil`: none.
    case usesChanged(Entry, recorded: [String]?, now: [String]?)
    /// The Z3 resource count moved by more than `ProofStore.resourceTolerance`.
    case resourceCount(Entry, recorded: Int, now: Int)
    /// A recorded entry the run answers for is gone.
    case gone(Entry)

    /// A lemma or an obligation, under the rule set it was recorded for.
    package struct Entry: Equatable, Sendable, CustomStringConvertible {
        package enum Kind: String, Sendable { case lemma, obligation }

        package var kind: Kind
        package var rules: String
        package var name: String

        package init(_ kind: Kind, rules: String, name: String) { (self.kind, self.rules, self.name) = (kind, rules, name) }

        /// `lemma runtime/reset_all`.
        package var description: String { "\(kind.rawValue) \(rules)/\(name)" }
    }

    /// The stable code.
    package var code: String {
        switch self {
        case .noRecord: return "no-record"
        case .z3Version: return "z3-version"
        case .queryChanged: return "query-changed"
        case .notRecorded: return "not-recorded"
        case .verdictChanged: return "verdict-changed"
        case .usesChanged: return "uses-changed"
        case .resourceCount: return "resource-count"
        case .gone: return "gone"
        }
    }

    /// The entry it is about, when it is about one.
    package var entry: Entry? {
        switch self {
        case .noRecord, .z3Version, .queryChanged: return nil
        case .notRecorded(let entry), .verdictChanged(let entry, _, _), .usesChanged(let entry, _, _), .resourceCount(let entry, _, _),
            .gone(let entry):
            return entry
        }
    }

    package var description: String {
        switch self {
        case .noRecord(let path): return "no recorded proofs at \(path)"
        case .z3Version(let recorded, let running): return "recorded with Z3 \(recorded), running Z3 \(running)"
        case .queryChanged(let path): return "\(path): the query changed"
        case .notRecorded(let entry): return "\(entry) is not recorded"
        case .verdictChanged(let entry, let recorded, let now): return "\(entry): recorded \(recorded), now \(now)"
        case .usesChanged(let entry, let recorded, let now):
            let rests = { (uses: [String]?) in uses.map { "on " + $0.joined(separator: ", ") } ?? "on no other lemma" }
            return "\(entry): recorded resting \(rests(recorded)), now \(rests(now))"
        case .resourceCount(let entry, let recorded, let now): return "\(entry): resource count \(recorded) → \(now)"
        case .gone(let entry): return "\(entry) was recorded but is gone"
        }
    }
}
