import Foundation
import SwiftUIIdentityLint
import XCTest

/// Each rule rests on an item of the repository's `Lemmas/`: the item must exist there.
final class LemmaReferenceTests: XCTestCase {
    func testEveryRuleNamesAnExistingLemmaOrScenario() throws {
        let lemmas = FixtureSupport.repository.appendingPathComponent("Lemmas")
        var declared: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: lemmas, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "lemma" else { continue }
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count >= 2, ["lemma", "scenario"].contains(words[0]) { declared.insert(String(words[1])) }
            }
        }
        XCTAssertGreaterThan(declared.count, 50, "Lemmas/ was not found at \(lemmas.path)")
        for rule in Rule.allCases {
            XCTAssertTrue(declared.contains(rule.lemma), "\(rule.rawValue) rests on '\(rule.lemma)', which Lemmas/ does not declare")
        }
    }

    func testRuleIDsAndNamesAreDistinct() {
        XCTAssertEqual(Set(Rule.allCases.map(\.rawValue)).count, Rule.allCases.count)
        XCTAssertEqual(Set(Rule.allCases.map(\.name)).count, Rule.allCases.count)
    }
}
