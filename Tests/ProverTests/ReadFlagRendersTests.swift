import Foundation
import Invalidation
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 21: the sticky read flag set by the owner's own body over several renders (I8 "The read
/// flag"; FINDINGS.md 62). Once a change of a view's state was read, a later change of it while the
/// identity survives is a read one (another `@State` of the view may still change unread beside
/// it: `stateRead && stateUnread`, FINDINGS.md 14), in Z3 (`InvalidationEncoding.readFlags`), on the replay's
/// trees (`ViewChainTrees.flags`) and in the scenario runner (`set L = v`) alike.
final class ReadFlagRendersTests: XCTestCase {
    static func lemma(
        _ assumption: String, show: String = "stateRead(p, c) || !stateUnread(p, c)", rules: String = "runtime",
        renders: [String] = ["a", "b", "c"]
    ) -> String {
        SingleLemmaFile.invalidationLemma(
            "read_flag_renders", source: "I8", invalidation: rules, renders: renders, child: false, ["assume \(assumption)", "show \(show)"])
    }

    /// Red team: before the fix both routes refuted this true lemma with trees whose printed
    /// scenario the runner evaluates otherwise. Proved unbounded now; under `readFlagNotShared` Z3
    /// refutes it with a counterexample the replay's trees realise.
    func testAReadChangeKeepsTheFlagAndTheMutantBreaksIt() throws {
        _ = try SingleLemmaFile.assertProvedAndBrokenByZ3(
            Self.lemma("rendered(p, a) && rendered(p, b) && stateRead(p, b)"), by: .readFlagNotShared)
    }

    /// The false neighbours, refuted by both routes: an unread change sets no flag; a new identity
    /// starts a clear one (four renders: the checker's chain domain is three renders, so Z3's alone);
    /// `handWritten` (`readFlag: .declared`) counts each change's declaration only.
    func testTheFalseNeighboursAreRefuted() throws {
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma("rendered(p, a) && rendered(p, b) && stateUnread(p, b) && !stateRead(p, b)"))
        try SingleLemmaFile.assertRefutedByBothRoutes(
            Self.lemma(
                "rendered(p, a) && stateRead(p, b) && !rendered(p, b) && rendered(p, c)", show: "stateRead(p, d) || !stateUnread(p, d)",
                renders: ["a", "b", "c", "d"]),
            checker: false)
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma("rendered(p, a) && rendered(p, b) && stateRead(p, b)", rules: "handWritten"))
    }

    /// The replay refuses a history whose read change is followed by an unread one while the
    /// identity survives; under the mutant and under `handWritten` it realises it.
    func testTheReplayRefusesAnUnreadChangeAfterARead() {
        let history = [
            ViewLink(survives: true, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: .changedRead),
            ViewLink(survives: true, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: .changedUnread),
        ]
        func realized(_ history: [ViewLink], _ rules: InvalidationRules) -> Bool {
            if case .realized = InvalidationReplay.observe([history], parents: [nil], names: ["p"], rules: rules, identityRules: .runtime) {
                return true
            }
            return false
        }
        XCTAssertFalse(realized(history, .runtime))
        XCTAssertTrue(realized(history, .runtime.mutated(.readFlagNotShared)))
        XCTAssertTrue(realized(history, .handWritten))
    }
}
