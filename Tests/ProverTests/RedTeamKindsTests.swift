import Foundation
import Invalidation
import TestSupport
import XCTest

@testable import Prover

/// FINDINGS.md 47: a POD view's properties are `.plain` or `.podStructure`, and Lemmas/README.md
/// listed neither `.podStructure` nor `.structure` nor `.equatableReference` among the kinds a
/// lemma may name, and called `p.pod` "every property `.plain`".
final class RedTeamKindsTests: XCTestCase {
    static func lemma(_ name: String, _ expectation: String, _ body: String) -> String {
        "lemma \(name) {\n  summary \"x\"; source I2, I3; rules runtime; invalidation runtime; expect \(expectation)\n"
            + "  forall p: path in after\n\(body)\n}"
    }

    /// The README's old reading, refuted by Z3 with a POD view holding a struct of plain data.
    func testAPODViewMayHoldAPODStructure() throws {
        let source = Self.lemma("pod_is_every_property_plain", "refuted", "  assume p.pod == true\n  show forall k in p: p[k].kind == .plain")
        let spec = try SingleLemmaFile.compile(source)
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute \(spec.name)")
        }
        let link = try XCTUnwrap(counterexample.histories?.links.first?.last, "\(counterexample)")
        XCTAssertTrue(link.newValue.isPOD, "\(link)")
        XCTAssertTrue(link.new.contains { $0.kind == .podStructure }, "\(link)")
    }

    /// The corrected readings, proved unbounded.
    func testPODKindsAreProvedAsTheREADMENowSays() throws {
        let lemmas = [
            Self.lemma("pod_kinds", "holds", "  assume p.pod == true\n  show forall k in p: p[k].kind == .plain || p[k].kind == .podStructure"),
            Self.lemma(
                "non_pod_kinds", "holds",
                "  assume exists k in p: p[k].kind == .structure || p[k].kind == .equatableReference || p[k].kind == .text\n  show p.pod == false"),
        ]
        for source in lemmas {
            let report = try SingleLemmaFile.run(source)
            guard case .proved(.unbounded) = report.outcome else {
                XCTFail("\(report.name): \(report.outcome): \(report.message)")
                continue
            }
        }
    }

    /// Every kind a lemma may name is in the README's vocabulary row, and only the POD ones in `p.pod`'s.
    func testTheREADMEListsEveryPropertyKind() throws {
        let readme = try String(contentsOf: Repository.lemmas.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n")
        let kindRow = try XCTUnwrap(rows.first { $0.hasPrefix("| `p[k].kind` |") })
        let podRow = try XCTUnwrap(rows.first { $0.hasPrefix("| `p.pod` |") })
        for kind in PropertyKind.allCases {
            XCTAssertTrue(kindRow.contains("`.\(kind.rawValue)`"), "the p[k].kind row does not list .\(kind.rawValue)")
        }
        let podPart = try XCTUnwrap(podRow.split(separator: ";").first)
        for kind in PropertyKind.allCases {
            XCTAssertEqual(podPart.contains("`.\(kind.rawValue)`"), kind.isPOD, "p.pod's row and .\(kind.rawValue)")
        }
    }
}
