import Foundation
import Invalidation

/// What `MutantCoverageTests` reads of a `verify-lemmas --mutants --json` report: which item
/// each mutant's run refuted against its expectation, and the file each item came from.
enum MutationReport {
    /// Why a report cannot answer for the invalidation folder.
    struct Unusable: Error, CustomStringConvertible {
        var description: String
    }

    private struct Document: Decodable {
        struct Item: Decodable {
            var name: String
            var file: String
        }

        struct Outcome: Decodable {
            var name: String
            var killers: [String]
        }

        var lemmas: [Item]
        var mutants: [Outcome]?
    }

    /// The invalidation mutants that no item of `Lemmas/invalidation` killed in the report `data`
    /// (one absent from its score is named with "(not in the report)"). Throws unless the report
    /// has a score and its items under `Lemmas/invalidation` are exactly `folderItems` (the folder
    /// as it is now), each name used by no item elsewhere.
    static func invalidationSurvivors(in data: Data, folderItems: Set<String>) throws -> [String] {
        let document = try JSONDecoder().decode(Document.self, from: data)
        guard let mutants = document.mutants else { throw Unusable(description: "the report has no mutation score (--mutants)") }
        let (inside, outside) = document.lemmas.reduce(into: (Set<String>(), Set<String>())) { sets, item in
            let folders = item.file.split(separator: "/").dropLast()
            let inFolder = zip(folders, folders.dropFirst()).contains { $0 == "Lemmas" && $1 == "invalidation" }
            if inFolder { sets.0.insert(item.name) } else { sets.1.insert(item.name) }
        }
        guard inside == folderItems else {
            throw Unusable(description: "the report's items in Lemmas/invalidation are not the folder's: "
                + "only in the report \(inside.subtracting(folderItems).sorted()), only in the folder \(folderItems.subtracting(inside).sorted())")
        }
        let shared = inside.intersection(outside)
        guard shared.isEmpty else { throw Unusable(description: "names used inside and outside Lemmas/invalidation: \(shared.sorted())") }
        return InvalidationMutation.allCases.compactMap { mutation in
            guard let outcome = mutants.first(where: { $0.name == mutation.rawValue }) else { return "\(mutation.rawValue) (not in the report)" }
            return outcome.killers.contains(where: inside.contains) ? nil : mutation.rawValue
        }
    }
}
