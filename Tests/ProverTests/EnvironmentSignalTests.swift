import IdentityModel
import Invalidation
import LemmaLanguage
import TestSupport
import XCTest

@testable import LemmaLogic
@testable import Prover

/// I10 in invalidation lemmas: `signalled` is every dependency's change, a declared
/// `@Environment` key's value included (docs/invalidation.md, "What issue 23's options mean to
/// lemmas"). Scenario trees where a key changes above a skipped parent, run by `BodyEvaluator`,
/// read as links with that meaning: the path level gives each view the trees' verdict, and
/// general-invalidation.lemma's "not signalled, parent skipped ⇒ skipped" holds of them; read
/// with the environment left out of `signalled`, the same trees falsify it.
final class EnvironmentSignalTests: XCTestCase {
    static let skippedLemma = """
        lemma inval_parent_skipped_no_own_change_skips {
          summary "x"; source I9; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume rendered(p, before) && !parentEvaluated(p, after)
          assume p.stateRead == false && p.signalled == false
          show !evaluated(p, after)
        }
        """

    /// `Screen` (no properties, so skipped) makes `Reader`, which declares `colorScheme`, and
    /// `Other`, which declares `locale`; a write above `Screen` changes `colorScheme` only.
    static func renders() -> (before: ViewNode, after: ViewNode) {
        func tree(scheme: Int) -> ViewNode {
            let environment = ["colorScheme": scheme, "locale": 0]
            return ViewNode(
                "screen", value: ViewValue("Screen"), environment: environment,
                children: [
                    ViewNode(
                        "reader", value: ViewValue("Reader", environment: [EnvironmentProperty("scheme", key: "colorScheme")]),
                        environment: environment),
                    ViewNode(
                        "other", value: ViewValue("Other", environment: [EnvironmentProperty("locale", key: "locale")]),
                        environment: environment),
                ])
        }
        return (tree(scheme: 0), tree(scheme: 1))
    }

    func testAnEnvironmentChangeIsASignalToLemmas() throws {
        let spec = try compile(Self.skippedLemma)
        let (before, after) = Self.renders()
        for rules in [InvalidationRules.runtime, .handWritten] {
            let events = BodyEvaluator(identityRules: .runtime, rules: rules).evaluate(before: before, after: after)
            XCTAssertEqual(events.map(\.label), ["screen", "reader", "other"])
            let screen = events[0]
            XCTAssertFalse(screen.evaluated, "under \(rules.name)")
            XCTAssertEqual(events[1].reason, rules == .runtime ? .environmentChanged(key: "colorScheme") : .parentSkipped)
            XCTAssertEqual(events[2].reason, .parentSkipped, "under \(rules.name)")
            for (index, node) in after.children.enumerated() {
                let view = events[index + 1]
                let old = before.children[index]
                // The lemma atom's meaning: a hand-written signal, an observation, a send, an environment key.
                let signalled = node.dependencyChanged
                    || rules.i8ObservationChanged(readChanged: node.observedReadChanged, objectChanged: node.observedObjectChanged)
                    || rules.i11ObjectSignalled(old.value, environmentObjects: old.environmentObjects, sent: node.objectsSent)
                    || rules.i10EnvironmentChange(declared: node.value.environment, old: old.environment, new: node.environment) != nil
                let link = ViewLink(survives: true, parentEvaluated: screen.evaluated, old: [], new: [], signalled: signalled)
                guard case .realized(_, let replayed) = InvalidationReplay.observe(link, rules: rules, identityRules: .runtime) else {
                    XCTFail("\(link) not realized under \(rules.name)")
                    continue
                }
                XCTAssertEqual(replayed.view.evaluated, view.evaluated, "\(view.label) under \(rules.name)")
                let observation = ViewLinkObservation(parent: screen, view: view, survives: true)
                XCTAssertTrue(
                    InvalidationEvaluator(links: [link], observations: [observation]).holds(spec.statement),
                    "\(view.label) under \(rules.name)")
                if view.label == "reader" && rules == .runtime {
                    var unsignalled = link
                    unsignalled.signalled = false
                    XCTAssertFalse(
                        InvalidationEvaluator(links: [unsignalled], observations: [observation]).holds(spec.statement),
                        "the environment left out of signalled: the reader's run falsifies the lemma")
                }
            }
        }
    }

    private func compile(_ source: String) throws -> InvalidationLemmaSpec {
        let folder = TemporaryFolder.path("environment-signal")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("case.lemma")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let loaded = LemmaLoader(knownRuleSets: [.runtime]).load(files: [file])
        let lemma = try XCTUnwrap(loaded.files.first?.lemmas.first, "\(loaded.diagnostics)")
        let invalidation = try XCTUnwrap(lemma.invalidation)
        return InvalidationLemmaSpec(
            name: lemma.name, paths: lemma.paths.map(\.name), indexNames: invalidation.indexNames, renders: lemma.renders,
            parents: invalidation.parents, rules: invalidation.ruleSet, identityRules: .runtime,
            expectation: lemma.expectation, assumptions: invalidation.assumptions, conclusion: invalidation.conclusion)
    }
}
