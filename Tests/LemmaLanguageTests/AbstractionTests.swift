import Foundation
import TestSupport
import XCTest

@testable import LemmaLanguage

/// Named predicates, `use` and `import`: what the checker expands them to, which is what every
/// later pass and route reads (Lemmas/README.md, "Predicates, use and import").
final class AbstractionTests: XCTestCase {
    private func checked(_ text: String, file: String = "test.lemma") throws -> CheckedIdentityStatement {
        let result = load(text, path: file)
        XCTAssertEqual(headlines(result.diagnostics), [])
        return try XCTUnwrap((result.lemmas.first { $0.name == "L" } ?? result.lemmas.first)?.identity)
    }

    func testAPredicateExpandsToTheFormulaWrittenOut() throws {
        let body = "forall i in p: (p[i].kind == .forEach => p[i].key == q[i].key) && (p[i].kind == .explicitID => p[i].id == q[i].id)"
        let binders = "forall p: path in before, q: path in after\n  assume exists i in p: p[i].kind == .tuple"
        let written = try checked(lemma("\(binders)\n  assume \(body)\n  show survives(p, q)"))
        let named = try checked("predicate sameKeys(p, q) = \(body)\n" + lemma("\(binders)\n  assume sameKeys(p, q)\n  show survives(p, q)"))
        XCTAssertEqual(named.assumptions.map(\.description), written.assumptions.map(\.description))
    }

    func testArgumentsAreSubstitutedInOrder() throws {
        let statement = try checked(
            "predicate later(p, q) = q.length == p.length + 1\n"
                + lemma("forall p: path in before, q: path in after\n  assume later(q, p)\n  show survives(p, q)"))
        XCTAssertEqual(statement.assumptions.map(\.description), ["(p.length == q.length + 1)"])
    }

    /// The body's path quantifier binds `r`; the argument is the lemma's path `r`. Without renaming,
    /// `survives(p, r)` would become `survives(r, r)`, which always holds.
    func testABinderInTheBodyDoesNotCaptureAnArgument() throws {
        let statement = try checked(
            "predicate stays(p) = exists r: path in after: survives(p, r)\n"
                + lemma("forall r: path in before\n  show stays(r)"))
        XCTAssertEqual(statement.conclusion.description, "(exists r': path in after: survives(r, r'))")
    }

    /// An index bound where the call stands is not rebound by the body (it would be E039).
    func testABinderInTheBodyDoesNotShadowAnIndexBoundAtTheCall() throws {
        let statement = try checked(
            "predicate keyed(p, q) = exists i in p: p[i].key == q[i].key\n"
                + lemma("forall p: path in before, q: path in after\n  show forall i in p: p[i].kind == .tuple || keyed(p, q)"))
        XCTAssertEqual(
            statement.conclusion.description,
            "(forall i in p: ((p[i].kind == .tuple) || (exists i' in p: (p[i'].key == q[i'].key))))")
    }

    func testNestedPredicatesExpand() throws {
        let statement = try checked(
            "predicate same(p, q) = p.identity == q.identity\npredicate both(p, q) = same(p, q) && same(q, p)\n"
                + lemma("forall p: path in before, q: path in after\n  show both(p, q)"))
        XCTAssertEqual(statement.conclusion.description, "((p.identity == q.identity) && (q.identity == p.identity))")
    }

    func testARenderInABodyIsTheCallingLemmas() throws {
        let result = load(
            "predicate gone(p) = !rendered(p, between)\n"
                + lemma("forall p: path in before, q: path in after\n  assume gone(p)\n  show survives(p, q)"))
        XCTAssertEqual(result.diagnostics.map(\.id), [.undeclaredRender])
        XCTAssertEqual(result.diagnostics.first?.location.line, 8, "at the call")
        XCTAssertEqual(result.diagnostics.first?.notes.last?.location?.line, 1, "a note at the definition")
    }

    func testAUsedStatementIsAnAssumptionOnTheGivenPathsAndRenders() throws {
        let text = """
            lemma kept {
              source R7; rules runtime; expect holds
              renders first, second, third
              forall x: path in first, y: path in third
              assume survives(x, y) && !rendered(x, second)
              show y.state == x.state
            }

            """ + lemma("""
            renders before, between, after
              forall p: path in before, q: path in after
              use kept(q, p)
              show true
            """)
        let result = load(text)
        XCTAssertEqual(result.diagnostics.map(\.id), [.badArguments], "q is a path in after, x one in first, which is before")
        let fine = text.replacingOccurrences(of: "use kept(q, p)", with: "use kept(p, q)")
        let statement = try checked(fine)
        XCTAssertEqual(
            statement.assumptions.map(\.description), ["((survives(p, q) && (!rendered(p, between))) => (q.state == p.state))"])
    }

    func testImportsMakeDefinitionsVisible() {
        let library = SourceFile(path: "library.lemma", text: "predicate same(p, q) = p.identity == q.identity\n")
        let user = lemma("forall p: path in before, q: path in after\n  show same(p, q)")
        let without = LemmaLoader().load(sources: [library, SourceFile(path: "user.lemma", text: user)])
        XCTAssertEqual(without.diagnostics.map(\.id), [.unknownName])
        let with = LemmaLoader().load(sources: [library, SourceFile(path: "user.lemma", text: "import \"library.lemma\"\n" + user)])
        XCTAssertEqual(headlines(with.diagnostics), [])
        XCTAssertEqual(with.lemmas.count, 1)
    }
}

extension AbstractionTests {
    /// Each predicate calls the one before twice: 2^40 formulas written out. The checker stops at
    /// its limit (E044) instead of building them.
    func testAnExpansionThatDoublesAtEachLevelStopsAtTheLimit() {
        var text = "predicate p0(p, q) = p.identity == q.identity\n"
        for level in 1...40 { text += "predicate p\(level)(p, q) = p\(level - 1)(p, q) && p\(level - 1)(q, p)\n" }
        let result = load(text + lemma("forall p: path in before, q: path in after\n  show p40(p, q)"))
        XCTAssertTrue(result.diagnostics.map(\.id).contains(.tooLarge), headlines(result.diagnostics).joined(separator: "\n"))
        XCTAssertEqual(result.lemmas.count, 0)
    }

    /// A chain of predicates each adding a level nests past the parser's limit once expanded
    /// (E013), and stops there rather than exhausting the stack.
    func testAnExpansionNestedTooDeeplyIsAnError() {
        var text = "predicate n0(p, q) = p.identity == q.identity\n"
        for level in 1...300 { text += "predicate n\(level)(p, q) = !n\(level - 1)(p, q)\n" }
        let result = load(text + lemma("forall p: path in before, q: path in after\n  show n300(p, q)"))
        XCTAssertTrue(result.diagnostics.map(\.id).contains(.nestingTooDeep), headlines(result.diagnostics).joined(separator: "\n"))
        XCTAssertEqual(result.lemmas.count, 0)
    }

    /// A long ring of predicates, each calling the next: every one is E063, found without walking
    /// the ring from each of them.
    func testALongCycleOfPredicatesIsReportedForEach() {
        let count = 2_000
        let text = (0..<count).map { "predicate r\($0)(p, q) = r\(($0 + 1) % count)(q, p)\n" }.joined()
        let result = load(text)
        XCTAssertEqual(result.diagnostics.filter { $0.id == .recursivePredicate }.count, count)
    }
}

extension AbstractionTests {
    /// A file sees what it imports, not what that file imports in turn; a lemma of a file not
    /// imported cannot be used.
    func testImportsAreNotTransitive() {
        let bottom = SourceFile(
            path: "bottom.lemma",
            text: "predicate same(p, q) = p.identity == q.identity\n"
                + lemma("forall p: path in before, q: path in after\n  show same(p, q)").replacingOccurrences(of: "lemma L", with: "lemma B"))
        let middle = SourceFile(path: "middle.lemma", text: "import \"bottom.lemma\"\n")
        let calls = SourceFile(
            path: "top.lemma", text: "import \"middle.lemma\"\n" + lemma("forall p: path in before, q: path in after\n  show same(p, q)"))
        XCTAssertEqual(LemmaLoader().load(sources: [bottom, middle, calls]).diagnostics.map(\.id), [.unknownName])
        let uses = SourceFile(
            path: "top.lemma",
            text: "import \"middle.lemma\"\n" + lemma("forall p: path in before, q: path in after\n  use B(p, q)\n  show survives(p, q)"))
        XCTAssertEqual(LemmaLoader().load(sources: [bottom, middle, uses]).diagnostics.map(\.id), [.unknownUsedLemma])
    }
}

extension AbstractionTests {
    /// A file given twice (or as `./` and in its folder) is read once, as an import is: its items
    /// are not duplicate names (E025).
    func testAFileGivenTwiceIsReadOnce() throws {
        let folder = TemporaryFolder.path("abstraction")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.lemma")
        try lemma("forall p: path in before, q: path in after\n  show survives(p, q)").write(to: file, atomically: true, encoding: .utf8)
        let again = URL(fileURLWithPath: folder.path + "/./a.lemma")
        let result = LemmaLoader().load(files: [file, again, file])
        XCTAssertEqual(headlines(result.diagnostics), [])
        XCTAssertEqual(result.sources.count, 1)
        XCTAssertEqual(result.lemmas.count, 1)
    }
}

extension AbstractionTests {
    /// A symbolic link inside the lemma root to a file outside it is outside (E068).
    func testAnImportThroughALinkOutOfTheRootIsRefused() throws {
        let folder = TemporaryFolder.path("abstraction")
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "predicate same(p, q) = p.identity == q.identity\n".write(
            to: folder.appendingPathComponent("outside.lemma"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("link.lemma"), withDestinationURL: folder.appendingPathComponent("outside.lemma"))
        let user = root.appendingPathComponent("user.lemma")
        try ("import \"link.lemma\"\n" + lemma("forall p: path in before, q: path in after\n  show survives(p, q)"))
            .write(to: user, atomically: true, encoding: .utf8)
        let result = LemmaLoader().load(files: [user])
        XCTAssertEqual(result.diagnostics.map(\.id), [.badImport])
        XCTAssertEqual(result.sources.count, 1, "the file outside is not read")
    }
}

extension AbstractionTests {
    /// A used lemma's assumptions join as a balanced conjunction: 1,000 of them nest about ten
    /// levels, not a thousand.
    func testManyUsedAssumptionsNestShallowly() throws {
        let assumptions = (0..<1_000).map { "  assume p.length >= \($0 - 5)" }.joined(separator: "\n")
        let text = "lemma many {\n  source R1; rules runtime; expect holds\n  forall p: path in before, q: path in after\n"
            + assumptions + "\n  show p.length >= -5\n}\n"
            + lemma("forall p: path in before, q: path in after\n  use many(p, q)\n  show true")
        let statement = try checked(text)
        func depth(_ formula: CheckedFormula) -> Int {
            switch formula.node {
            case .and(let lhs, let rhs), .implies(let lhs, let rhs): return 1 + max(depth(lhs), depth(rhs))
            default: return 1
            }
        }
        XCTAssertEqual(statement.assumptions.count, 1)
        XCTAssertLessThanOrEqual(depth(try XCTUnwrap(statement.assumptions.first)), 12)
    }
}
