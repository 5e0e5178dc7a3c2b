import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// FINDINGS.md 42: a view may declare an `@Environment` or `@EnvironmentObject` the lemma does not
/// name (`ViewLink.declaresUnnamedEnvironment`), which makes it non-POD. "No `@State` and every
/// property plain" is no longer taken for POD: the lemmas that relied on it are refuted by both
/// routes with a counterexample replayed on trees that parse back, and the lemma that assumes
/// `p.pod == true` instead is proved unbounded.
final class UnnamedEnvironmentTests: XCTestCase {
    static func lemma(_ name: String, _ expectation: String, _ body: String) -> String {
        "lemma \(name) {\n  summary \"x\"; source I2, I4; rules runtime; invalidation runtime; expect \(expectation)\n"
            + "  forall p: path in after\n\(body)\n}"
    }

    static let changedByFields = """
          assume rendered(p, before) && parentEvaluated(p, after)
          assume p.hasState == false && p.eq == .alwaysTrue && p.equatable == false
          assume forall k in p: p[k].kind == .plain
          assume exists k in p: p[k].same == false
          assume !stateRead(p, after) && !signalled(p, after)
        """

    static let unchangedEquatable = """
          assume rendered(p, before) && parentEvaluated(p, after) && p.equatable == true && p.eq == .alwaysFalse
          assume p.hasState == false && (forall k in p: p[k].kind == .plain) && sameValues(p, after)
          assume !stateRead(p, after) && !signalled(p, after)
        """

    /// The red team's three false lemmas (FINDINGS.md 42), each true only of POD views.
    static let falseLemmas = [
        lemma("plain_view_runs_by_fields", "refuted", changedByFields + "\n  show evaluated(p, after)"),
        lemma("plain_is_pod", "refuted", "  assume p.hasState == false && (forall k in p: p[k].kind == .plain)\n  show p.pod == true"),
        lemma("plain_equatable_unchanged_skips", "refuted", unchangedEquatable + "\n  show !evaluated(p, after)"),
    ]

    /// Each false lemma refuted by Z3 (replayed on trees) and by the checker, each witness a view
    /// that declares an unnamed `@Environment`: not POD on the trees, which parse back.
    func testPlainWithoutStateIsNotPODOnEitherRoute() throws {
        let domain = ObservedDomain()
        for source in Self.falseLemmas {
            let spec = try SingleLemmaFile.compile(source)
            guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer
            else {
                XCTFail("Z3 did not refute \(spec.name)")
                continue
            }
            try assertUnnamedEnvironment(counterexample, spec.name)
            guard case .refuted(let checked) = InvalidationBoundedRoute(domain: domain).run(spec).answer else {
                XCTFail("the checker did not refute \(spec.name)")
                continue
            }
            try assertUnnamedEnvironment(checked, spec.name)
        }
    }

    /// Over three renders: the same false lemma refuted by Z3 and by the checker's chain domain,
    /// the bit the same at both transitions (part of the type); with `p.pod == true`, proved.
    func testOverThreeRendersTheBitIsPartOfTheType() throws {
        func lemma(_ name: String, _ expectation: String, _ extra: String) -> String {
            """
            lemma \(name) {
              summary "x"; source I2; rules runtime; invalidation runtime; expect \(expectation)
              renders a, b, c
              forall p: path in c
              assume rendered(p, b) && parentEvaluated(p, c)
              assume p.hasState == false && p.eq == .alwaysTrue && p.equatable == false
              assume forall k in p: p[k].kind == .plain
              assume exists k in p: p[k].same == false
              assume !stateRead(p, c) && !signalled(p, c)\(extra)
              show evaluated(p, c)
            }
            """
        }
        let spec = try SingleLemmaFile.compile(lemma("chain_plain_view_runs_by_fields", "refuted", ""))
        XCTAssertEqual(spec.transitions, 2)
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute the lemma over three renders")
        }
        let history = try XCTUnwrap(counterexample.histories?.links.first, "\(counterexample)")
        XCTAssertEqual(history.map(\.declaresUnnamedEnvironment), [true, true], "\(history)")
        guard case .refuted(let checked) = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
            return XCTFail("the checker's chain domain did not refute the lemma over three renders")
        }
        XCTAssertEqual(checked.histories?.links.first?.map(\.declaresUnnamedEnvironment), [true, true])
        let report = try SingleLemmaFile.run(lemma("chain_pod_view_runs_by_fields", "holds", "\n  assume p.pod == true"))
        XCTAssertEqual(report.verdict, .proved, report.message)
    }

    /// A child of a view whose body ran: the same false lemma refuted by Z3 and by the checker's
    /// parent-and-child domain, with the child declaring an unnamed `@Environment`.
    func testAChildBelowARunningParentIsNotPODEither() throws {
        let spec = try SingleLemmaFile.compile(
            """
            lemma child_plain_view_runs_by_fields {
              summary "x"; source I2, I9; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume evaluated(p, after) && rendered(q, before)
              assume q.hasState == false && q.eq == .alwaysTrue && q.equatable == false
              assume forall k in q: q[k].kind == .plain
              assume exists k in q: q[k].same == false
              assume !stateRead(q, after) && !signalled(q, after)
              show evaluated(q, after)
            }
            """)
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute the lemma about a child")
        }
        XCTAssertEqual(counterexample.histories?.links[1].map(\.declaresUnnamedEnvironment), [true], "\(counterexample)")
        guard case .refuted(let checked) = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
            return XCTFail("the checker's parent-and-child domain did not refute the lemma about a child")
        }
        XCTAssertEqual(checked.histories?.links[1].map(\.declaresUnnamedEnvironment), [true], "\(checked)")
    }

    /// The same lemmas with `p.pod == true` assumed: proved unbounded.
    func testTheLemmasAssumingPODAreProvedUnbounded() throws {
        let sources = [
            Self.lemma("pod_view_runs_by_fields", "holds", Self.changedByFields + "\n  assume p.pod == true\n  show evaluated(p, after)"),
            Self.lemma(
                "pod_equatable_unchanged_skips", "holds", Self.unchangedEquatable + "\n  assume p.pod == true\n  show !evaluated(p, after)"),
        ]
        for source in sources {
            let report = try SingleLemmaFile.run(source)
            guard case .proved(.unbounded) = report.outcome else {
                XCTFail("\(report.name): \(report.outcome): \(report.message)")
                continue
            }
        }
    }

    /// A link with the bit: its views hold an `@Environment` of a key no lemma names, are not POD,
    /// and are the same type before and after; its trees print and parse back to the same trees.
    func testTheLinksViewsDeclareAKeyOfNoLemma() throws {
        let link = ViewLink(
            survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], equality: .alwaysTrue,
            declaresUnnamedEnvironment: true, declaredKeys: [0])
        for value in [link.oldValue, link.newValue] {
            XCTAssertFalse(value.isPOD, "\(value)")
            XCTAssertEqual(value.environment.map(\.key), [ViewLink.environmentKey(0), ViewLink.unnamedKey])
        }
        XCTAssertTrue(ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)]).newValue.isPOD)
        var next = ViewLink(
            survives: true, parentEvaluated: true, old: [.plain(1)], new: [.plain(1)], equality: .alwaysTrue, declaredKeys: [0])
        XCTAssertFalse(link.isFollowed(by: next), "the declaration is part of the type")
        next.declaresUnnamedEnvironment = true
        XCTAssertTrue(link.isFollowed(by: next))
        let trees = ViewLinkTrees(link)
        for (tree, code) in [(trees.before, trees.code.before), (trees.after, trees.code.after)] {
            let parsed = try ViewTreeParser.parse(code).root
            XCTAssertEqual(Self.node(ViewLinkTrees.viewLabel, in: parsed)?.value, Self.node(ViewLinkTrees.viewLabel, in: tree)?.value, code)
        }
        // No write changes the unnamed key: the view is compared (non-POD, so by its `==`), not signalled.
        let observed = trees.observe(rules: .runtime, identityRules: .runtime)
        XCTAssertFalse(observed.view.evaluated, "\(observed.view.reason)")
    }

    private static func node(_ label: String, in tree: ViewNode) -> ViewNode? {
        tree.label == label ? tree : tree.children.lazy.compactMap { node(label, in: $0) }.first
    }

    private func assertUnnamedEnvironment(_ counterexample: Counterexample, _ name: String) throws {
        let link = try XCTUnwrap(counterexample.histories?.links.first?.first, "\(name): \(counterexample)")
        XCTAssertTrue(link.declaresUnnamedEnvironment, "\(name): \(link)")
        XCTAssertFalse(link.newValue.isPOD, "\(name): \(link)")
        XCTAssertFalse(counterexample.renders.isEmpty, name)
        for render in counterexample.renders {
            XCTAssertTrue(render.code.contains("environment(\\.\(ViewLink.unnamedKey))"), "\(name): \(render.code)")
            XCTAssertNoThrow(try ViewTreeParser.parse(render.code), "\(name): \(render.code)")
        }
    }
}
