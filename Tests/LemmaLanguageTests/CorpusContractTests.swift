import Foundation
import IdentityModel
import XCTest

@testable import LemmaLanguage

/// What the shipped corpus promises a reader, checked by parsing alone: every item says what it is
/// about and where it comes from, every false claim carries its correction, and the list of claims
/// in claims/README.md names exactly the items that exist.
final class CorpusContractTests: XCTestCase {
    private let lemmas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Lemmas")

    private struct Item {
        var name: String
        var file: String
        var summary: String?
        var sourceCount: Int
        var refuted: Bool
        var text: String
    }

    private func items() throws -> [Item] {
        let loaded = LemmaLoader().load(directory: lemmas)
        XCTAssertEqual(loaded.diagnostics.map(\.description), [], "the corpus has errors or warnings")
        var items: [Item] = []
        for file in loaded.files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file.path)))
            func text(_ range: SourceRange) -> String { String(decoding: bytes[range.start.offset ..< range.end.offset], as: UTF8.self) }
            items += file.lemmas.map {
                Item(name: $0.name, file: file.path, summary: $0.summary, sourceCount: $0.sources.count,
                     refuted: $0.expectation == .refuted, text: text($0.range))
            }
            items += file.scenarios.map {
                Item(name: $0.name, file: file.path, summary: $0.summary, sourceCount: $0.sources.count,
                     refuted: $0.expectation == .refuted, text: text($0.range))
            }
        }
        return items
    }

    func testEveryItemHasASummaryAndASource() throws {
        let items = try items()
        XCTAssertGreaterThanOrEqual(items.count, 74)
        for item in items {
            XCTAssertFalse((item.summary ?? "").isEmpty, "\(item.name) has no summary")
            XCTAssertGreaterThan(item.sourceCount, 0, "\(item.name) has no source")
        }
    }

    func testEveryRefutedClaimCarriesItsCorrection() throws {
        let claims = try items().filter { $0.file.contains("/claims/") && $0.refuted }
        XCTAssertEqual(claims.count, 9)
        for claim in claims {
            XCTAssertTrue(claim.text.contains("// correction"), "\(claim.name) is refuted but has no '// correction:' line")
        }
    }

    func testClaimsReadmeNamesExactlyTheClaimItems() throws {
        let items = try items()
        let readme = try String(contentsOf: lemmas.appendingPathComponent("claims/README.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`")
        let named = Set(pattern.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)).compactMap {
            Range($0.range(at: 1), in: readme).map { String(readme[$0]) }
        })
        XCTAssertEqual(named.subtracting(items.map(\.name)).sorted(), [], "claims/README.md names items that do not exist")
        let claimItems = Set(items.filter { $0.file.contains("/claims/") }.map(\.name))
        XCTAssertEqual(claimItems.count, 26)
        XCTAssertEqual(claimItems.subtracting(named).sorted(), [], "items in claims/ that claims/README.md does not list")
    }
}
