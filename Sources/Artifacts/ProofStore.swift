import Foundation
import LemmaLogic
import Prover

/// The Proofs/ folder: every path-level query and reduction obligation as an SMT-LIB 2 script any
/// solver can re-check, with the recorded verdicts and Z3 resource counts. `check` compares a run
/// against it, so drift in a proof (a changed query, verdict, or a resource count that moved by
/// more than a quarter) fails CI deterministically rather than as wall-clock noise.
package struct ProofStore {
    package let folder: URL
    /// How far a resource count may move before it counts as drift.
    package static let resourceTolerance = 0.25

    /// The store in `folder`.
    package init(folder: URL) { self.folder = folder }

    struct Record: Codable, Equatable {
        var name: String
        var rules: String
        var verdict: String
        var scope: String?
        var resourceCount: Int?
        var script: String?
        /// A refutation's certificate: a script `z3` and `cvc5` answer `sat`.
        var certificate: String?
        /// The lemmas whose statements a lemma `use`s: its proof rests on them (absent when none).
        var uses: [String]?

        /// `proved unbounded`, `refuted`: the verdict, and the scope when there is one.
        var said: String { scope.map { "\(verdict) \($0)" } ?? verdict }
    }

    struct Ledger: Codable {
        var z3Version: String
        var lemmas: [Record]
        var reduction: [Record]
    }

    private var ledgerURL: URL { folder.appendingPathComponent("verdicts.json") }

    private func records(_ report: RunReport) -> Ledger {
        let lemmas = report.lemmas.filter { $0.kind == .lemma }.map { lemma in
            Record(
                name: lemma.name, rules: lemma.rules, verdict: lemma.verdict.rawValue, scope: lemma.scope?.description,
                resourceCount: lemma.resourceCount,
                script: lemma.script.map { _ in "lemmas/\(lemma.name).smt2" },
                certificate: lemma.certificate.map { _ in "refutations/\(lemma.name).smt2" },
                uses: lemma.uses.isEmpty ? nil : lemma.uses)
        }
        let reduction = report.reductions.flatMap { status in
            status.results.map { result in
                Record(
                    name: result.obligation.id, rules: status.rules.name, verdict: result.verdict.description, scope: nil,
                    resourceCount: result.resourceCount,
                    script: status.scriptPath(of: result))
            }
        }
        let locality = report.invalidationLocality.flatMap { status in
            status.results.map { result in
                Record(
                    name: result.obligation.id, rules: "invalidation \(status.rules.name)", verdict: result.verdict.description,
                    scope: nil, resourceCount: result.resourceCount, script: status.scriptPath(of: result))
            }
        }
        return Ledger(z3Version: report.z3Version, lemmas: lemmas, reduction: reduction + locality)
    }

    private func scripts(_ report: RunReport) -> [String: String] {
        var files: [String: String] = [:]
        for lemma in report.lemmas {
            if let script = lemma.script { files["lemmas/\(lemma.name).smt2"] = script }
            if let certificate = lemma.certificate { files["refutations/\(lemma.name).smt2"] = certificate }
        }
        for status in report.reductions {
            for result in status.results {
                if let script = result.script { files[status.scriptPath(of: result)] = script }
            }
        }
        for status in report.invalidationLocality {
            for result in status.results {
                if let script = result.script { files[status.scriptPath(of: result)] = script }
            }
        }
        return files
    }

    /// The folders of generated scripts; everything else in the folder (its README) is kept.
    private static let generated = ["lemmas", "reduction", "refutations"]

    /// A point in `write` at which a test stops it as a kill would, with no clean-up.
    enum WriteStep: CaseIterable {
        /// The old folder is copied into the staging folder.
        case copied
        /// The staging folder holds the new records, whole.
        case staged
        /// Where the file system cannot exchange folders: the old folder is renamed away.
        case retired
        /// The new folder is in place; the old one is still beside it.
        case committed
    }

    /// Records `report`, replacing what was there. The new folder is built beside the old one (a
    /// copy of it with the generated parts written anew) and exchanged with it in one system call
    /// (`FolderSwap`): the commit point, so that a kill at any moment leaves the old folder or the
    /// new one, whole. Where the file system cannot exchange, two renames remain, and the next
    /// write puts the old folder back if a kill came between them. Staging and old copies a killed
    /// write left behind are removed first. `proceed` is asked once the new folder is built: when
    /// it says no (a signal came meanwhile), the new folder is removed, the old one stays, and the
    /// result is `false`.
    @discardableResult
    package func write(_ report: RunReport, proceed: () -> Bool = { true }) throws -> Bool {
        try write(report, proceed: proceed, exchange: FolderSwap.exchange, survives: { _ in true })
    }

    /// `write`, with the exchange given (a test forces the two renames) and `survives` asked at
    /// each step: false stops the write there at once, as a kill would.
    func write(
        _ report: RunReport, proceed: () -> Bool, exchange: (URL, URL) throws -> Bool, survives: (WriteStep) -> Bool
    ) throws -> Bool {
        let manager = FileManager.default
        try removeLeftovers()
        let staging = sibling("new"), retired = sibling("old")
        if manager.fileExists(atPath: folder.path) {
            try manager.copyItem(at: folder, to: staging)
        } else {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        }
        guard survives(.copied) else { return false }
        do {
            for sub in Self.generated { try? manager.removeItem(at: staging.appendingPathComponent(sub)) }
            for (path, text) in scripts(report) {
                let url = staging.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: false, encoding: .utf8)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(records(report)).write(to: staging.appendingPathComponent("verdicts.json"))
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        guard proceed() else {
            try? manager.removeItem(at: staging)
            return false
        }
        guard survives(.staged) else { return false }
        // A failure (not a kill) from here on leaves the old folder in place and removes the copy.
        do {
            if manager.fileExists(atPath: folder.path) {
                if try exchange(staging, folder) {
                    guard survives(.committed) else { return false }
                    try? manager.removeItem(at: staging)
                    return true
                }
                try manager.moveItem(at: folder, to: retired)
                guard survives(.retired) else { return false }
            }
            try manager.moveItem(at: staging, to: folder)
        } catch {
            if manager.fileExists(atPath: retired.path) { try? manager.moveItem(at: retired, to: folder) }
            try? manager.removeItem(at: staging)
            throw error
        }
        guard survives(.committed) else { return false }
        try? manager.removeItem(at: retired)
        return true
    }

    /// The prefix of the staging (`new`) or old (`old`) copies beside the folder.
    private func prefix(_ role: String) -> String { ".\(folder.lastPathComponent).\(role)-" }

    /// A new copy's place beside the folder, named after this process so that a later write can
    /// tell a dead write's copy from a running one's.
    private func sibling(_ role: String) -> URL {
        folder.deletingLastPathComponent().appendingPathComponent("\(prefix(role))\(getpid())-\(UUID().uuidString.prefix(8))")
    }

    /// Removes the copies of writes that are no longer running (this process's, a dead process's,
    /// or one named without a process, as before); if the folder is gone because a write was killed
    /// between the two renames, its old copy is put back first.
    func removeLeftovers() throws {
        let manager = FileManager.default
        let parent = folder.deletingLastPathComponent()
        let names = (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        func leftovers(_ role: String) -> [String] {
            names.filter { name in
                guard name.hasPrefix(prefix(role)) else { return false }
                let owner = name.dropFirst(prefix(role).count).split(separator: "-").first.flatMap { Int32($0) }
                guard let owner, owner != getpid() else { return true }
                return kill(owner, 0) != 0 && errno == ESRCH
            }.sorted()
        }
        var old = leftovers("old")
        if !manager.fileExists(atPath: folder.path), let last = old.popLast() {
            try manager.moveItem(at: parent.appendingPathComponent(last), to: folder)
        }
        for name in old + leftovers("new") { try manager.removeItem(at: parent.appendingPathComponent(name)) }
    }

    /// Every difference between `report` and the recorded proofs. `partOfTheSet`: the run read only
    /// some of the files the proofs were recorded from, so it answers for its own items' entries alone.
    package func check(_ report: RunReport, partOfTheSet: Bool = false) throws -> [ProofDrift] {
        guard let data = try? Data(contentsOf: ledgerURL) else { return [.noRecord(path: ledgerURL.path)] }
        let recorded = Self.scoped(try JSONDecoder().decode(Ledger.self, from: data), to: report, partOfTheSet: partOfTheSet)
        let current = records(report)
        var drift: [ProofDrift] = []
        if recorded.z3Version != current.z3Version {
            drift.append(.z3Version(recorded: recorded.z3Version, running: current.z3Version))
        }
        drift += compare(recorded.lemmas, current.lemmas, kind: .lemma)
        drift += compare(recorded.reduction, current.reduction, kind: .obligation)
        for (path, text) in scripts(report) {
            let stored = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            if stored != text { drift.append(.queryChanged(path: path)) }
        }
        return drift
    }

    /// The recorded entries a run of part of the items (`--filter`, `--shard`, some of the files)
    /// answers for: the lemmas it ran, and every obligation of the rule sets it ran. A filtered run
    /// of the whole set also answers for the recorded lemmas its filter matches, so one that is gone
    /// is drift; a shard or a run of some files cannot tell a gone lemma from one of another part.
    static func scoped(_ ledger: Ledger, to report: RunReport, partOfTheSet: Bool = false) -> Ledger {
        let coverage = report.coverage
        guard coverage.options.filter != nil || coverage.shard != .whole || partOfTheSet else { return ledger }
        let ran = Set(report.lemmas.map(\.name))
        let ruleSets = Set(report.reductions.map(\.rules.name) + report.invalidationLocality.map { "invalidation \($0.rules.name)" })
        var scoped = ledger
        scoped.lemmas = ledger.lemmas.filter { record in
            ran.contains(record.name)
                || (coverage.shard == .whole && !partOfTheSet && coverage.options.filter.map(record.name.contains) == true)
        }
        scoped.reduction = ledger.reduction.filter { ruleSets.contains($0.rules) }
        return scoped
    }

    private func compare(_ recorded: [Record], _ current: [Record], kind: ProofDrift.Entry.Kind) -> [ProofDrift] {
        func key(_ record: Record) -> String { "\(record.rules)/\(record.name)" }
        func entry(_ record: Record) -> ProofDrift.Entry { .init(kind, rules: record.rules, name: record.name) }
        let old = Dictionary(recorded.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(current.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        var drift: [ProofDrift] = []
        for (name, record) in new.sorted(by: { $0.key < $1.key }) {
            guard let before = old[name] else {
                drift.append(.notRecorded(entry(record)))
                continue
            }
            if before.verdict != record.verdict || before.scope != record.scope {
                drift.append(.verdictChanged(entry(record), recorded: before.said, now: record.said))
            }
            if before.uses != record.uses {
                drift.append(.usesChanged(entry(record), recorded: before.uses, now: record.uses))
            }
            if let a = before.resourceCount, let b = record.resourceCount, a > 0,
                abs(Double(b - a)) / Double(a) > Self.resourceTolerance
            {
                drift.append(.resourceCount(entry(record), recorded: a, now: b))
            }
        }
        for (name, record) in old.sorted(by: { $0.key < $1.key }) where new[name] == nil { drift.append(.gone(entry(record))) }
        return drift
    }
}
