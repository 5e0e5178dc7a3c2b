import Foundation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// One lemma file in a folder of its own, for tests about one lemma: its diagnostics, its report
/// (the shallow checker), and its compiled invalidation spec; or several files checked in one run.
enum SingleLemmaFile {
    /// The diagnostics of `source` read as a lemma file.
    static func load(_ source: String) throws -> [Diagnostic] {
        try withFile(source) { LemmaLoader(knownRuleSets: [.runtime]).load(files: [$0]).diagnostics }
    }

    /// The report of the first lemma of `source`.
    static func run(_ source: String) throws -> LemmaReport {
        try withFile(source) { file in
            var options = VerifierOptions()
            options.checkerBound = VerifierOptions.shallowCheckerBound
            let report = Verifier(options: options).run(paths: [file.deletingLastPathComponent()])
            return try XCTUnwrap(report.lemmas.first)
        }
    }

    /// The reports of every item of `sources` (file name without `.lemma`: text), the files
    /// written in one folder and checked in one run.
    static func runAll(_ sources: [String: String]) throws -> [LemmaReport] {
        try withFolder { folder in
            for (name, source) in sources {
                try source.write(to: folder.appendingPathComponent("\(name).lemma"), atomically: true, encoding: .utf8)
            }
            return Verifier(options: .shallowChecker).run(paths: [folder]).lemmas
        }
    }

    /// The first lemma of `source`, an invalidation lemma, as both routes get it.
    static func compile(_ source: String) throws -> InvalidationLemmaSpec {
        try withFile(source) { file in
            let loaded = LemmaLoader(knownRuleSets: [.runtime]).load(files: [file])
            let lemma = try XCTUnwrap(loaded.files.first?.lemmas.first, "\(loaded.diagnostics)")
            let invalidation = try XCTUnwrap(lemma.invalidation)
            return InvalidationLemmaSpec(
                name: lemma.name, paths: lemma.paths.map(\.name), indexNames: invalidation.indexNames, renders: lemma.renders,
                parents: invalidation.parents, rows: invalidation.rows, observableProperties: invalidation.observableProperties,
                environmentKeys: invalidation.environmentKeys, objects: invalidation.objects, mutated: invalidation.mutated, rules: invalidation.ruleSet, identityRules: .runtime,
                expectation: lemma.expectation, assumptions: invalidation.assumptions, conclusion: invalidation.conclusion)
        }
    }

    /// `body` given `source` written as `case.lemma` in a new folder, removed afterwards.
    private static func withFile<T>(_ source: String, _ body: (URL) throws -> T) throws -> T {
        try withFolder { folder in
            let file = folder.appendingPathComponent("case.lemma")
            try source.write(to: file, atomically: true, encoding: .utf8)
            return try body(file)
        }
    }

    /// `body` given a new folder, removed afterwards.
    private static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = TemporaryFolder.path("single-lemma")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}
