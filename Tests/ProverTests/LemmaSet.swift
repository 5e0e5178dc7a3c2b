import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import TestSupport

@testable import Prover

/// The repository's Lemmas/ folder and helpers to load and compile it in tests.
enum LemmaSet {
    static let folder = Repository.lemmas

    static var files: [URL] { LemmaLoader.lemmaFiles(in: folder) }

    /// One run over Lemmas/, shared by every test that reads it (Swift initialises statics once),
    /// with its scripts and certificates, which ProofScriptTests hands to the second solvers. The
    /// checker's cross-check runs to `VerifierOptions.shallowCheckerBound` here.
    static let shippedReport: RunReport = run([folder])

    /// The files the fast tier runs end to end instead of the whole set: rules, findings and claims
    /// with counterexamples over two and three renders, and scenarios (`SlowTier`).
    static let representativeFiles: [URL] = ["rules/rules.lemma", "findings/seed000-findings.lemma", "claims/seed002-claims.lemma"]
        .map { folder.appendingPathComponent($0) }

    /// `representativeFiles` run as `shippedReport` is.
    static let representativeReport: RunReport = run(representativeFiles)

    private static func run(_ paths: [URL]) -> RunReport {
        var options = VerifierOptions.shallowChecker
        options.timeoutSeconds = 20
        options.exportScripts = true
        return Verifier(options: options).run(paths: paths)
    }

    /// Every well-formed identity lemma of `files` (default: the shipped set), compiled under its own rules.
    static func specs(files: [URL] = files) -> [LemmaSpec] {
        let loaded = LemmaLoader().load(files: files)
        return loaded.lemmas.compactMap { LemmaCompiler.compile($0, rules: $0.ruleSet) }
    }

    /// Every well-formed invalidation lemma of `files` (default: the shipped set), under its own rules.
    static func invalidationSpecs(files: [URL] = files) -> [InvalidationLemmaSpec] {
        let loaded = LemmaLoader().load(files: files)
        let verifier = Verifier(options: VerifierOptions())
        return loaded.lemmas.compactMap { lemma in lemma.invalidation.map { verifier.invalidationSpec(lemma, $0) } }
    }

    /// R4 stated backwards: a lemma whose expectation is wrong, to see the run fail and say why.
    static let flippedLemma = """
        lemma flipped {
          summary "R4 stated backwards"
          source R4
          rules runtime
          expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show survives(p, q)
        }
        """
}
