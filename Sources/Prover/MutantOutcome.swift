import Encoding
import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage

/// One deliberately broken rule against the lemma set: killed when some item comes out decidedly
/// against its expectation under it; not applicable when it killed nothing, changed no item's
/// verdict, and no item of the run touches the rule it breaks (`Mutant.isTouched(by:)`), as in a
/// run on part of the set; survived otherwise.
package struct MutantOutcome: Sendable {
    /// The broken rule.
    package var mutation: Mutant
    /// The items that kill it: an `expect holds` lemma refuted, or an `expect refuted` item proved.
    /// An unknown or an error under a mutant kills nothing.
    package var killers: [String]
    /// No item of the run touches the broken rule, and no verdict changed under it.
    package var notApplicable = false

    /// An outcome: killed by `killers`, or (none) survived unless `notApplicable`.
    package init(mutation: Mutant, killers: [String], notApplicable: Bool = false) {
        (self.mutation, self.killers, self.notApplicable) = (mutation, killers, notApplicable && killers.isEmpty)
    }

    /// Whether some item kills the mutant.
    package var killed: Bool { !killers.isEmpty }

    /// Whether the mutant fails the run: nothing killed it, and it is applicable.
    package var survived: Bool { !killed && !notApplicable }

    /// Whether `item`, run under a mutant, kills it: decidedly against its expectation.
    package static func kills(_ item: LemmaReport) -> Bool {
        (item.expected == .holds && item.verdict == .refuted) || (item.expected == .refuted && item.verdict == .proved)
    }
}

extension Verifier {
    /// Runs the items in `paths` under every mutant (`Mutant.all`: the identity rules', then the
    /// invalidation rules'): the mutation score of the lemma set. Each mutant is its own run with
    /// this verifier's options; after a cancellation no further mutant is run. With `reference`,
    /// the run of the same items under the rules themselves, a mutant that kills nothing, changes
    /// no verdict of `reference` and touches no item is not applicable; without it none is.
    package func mutationScore(paths: [URL], reference: RunReport? = nil) -> [MutantOutcome] {
        let items = reference == nil ? [] : selectedItems(paths: paths)
        return Mutant.all.enumerated().compactMap { number, mutation -> MutantOutcome? in
            guard !cancellation.isCancelled else { return nil }
            options.progress?.enter(stage: "mutant \(number + 1) of \(Mutant.all.count) (\(mutation.name))")
            var mutated = options
            mutation.apply(to: &mutated)
            mutated.exportScripts = false
            mutated.checksVacuity = false
            mutated.explains = false
            let report = Verifier(options: mutated, cancellation: cancellation).run(paths: paths)
            let killers = report.lemmas.filter(MutantOutcome.kills)
            let notApplicable = reference.map { reference in
                !mutation.isTouched(by: items) && Self.sameVerdicts(report, as: reference)
            } ?? false
            return MutantOutcome(mutation: mutation, killers: killers.map(\.name), notApplicable: notApplicable)
        }
    }

    /// Whether every item of `report` has the verdict and scope it has in `reference`.
    private static func sameVerdicts(_ report: RunReport, as reference: RunReport) -> Bool {
        report.lemmas.allSatisfy { item in
            reference.lemmas.contains { $0.file == item.file && $0.name == item.name && $0.verdict == item.verdict && $0.scope == item.scope }
        }
    }

    /// The well-formed items a run of `paths` checks (after `--filter`).
    private func selectedItems(paths: [URL]) -> [WorkItem] {
        var files: [URL] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) else { continue }
            files += isFolder.boolValue ? LemmaLoader.lemmaFiles(in: path) : [path]
        }
        let loaded = loader(for: paths).load(files: files)
        let items: [WorkItem] = loaded.files.flatMap { file in
            file.lemmas.map { WorkItem.lemma($0, file: file.path) } + file.scenarios.map { WorkItem.scenario($0, file: file.path) }
        }
        return options.filter.map { filter in items.filter { $0.name.contains(filter) } } ?? items
    }
}
