import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// Red team of the checker's shared walks and early cut of assumptions (3bce0c0, 0190749):
/// lemmas whose assumptions read their paths in unusual ways (an index over one path reading
/// another, `elem`, `rendered`, path quantifiers, constants, disjunctions, implications,
/// negations, zero paths, three paths, one and two mutations, three renders, renders of any programs), and a
/// seeded family of generated lemmas over three paths with binders in every order, all run in
/// shared walks (workers 1 and 2, members in both orders, the same lemma twice) and compared with
/// a plain search that binds every path before it evaluates the whole statement.
final class SharedWalkRedTeamTests: XCTestCase {
    private let bound = Bound(depth: 2, branching: 2)

    static let handWritten = """
        lemma red_zero_paths_false_conclusion { source "red"; rules runtime; expect refuted
          assume 1 == 1
          show 1 == 2 }
        lemma red_zero_paths_false_assumption { source "red"; rules runtime; expect holds
          assume 1 == 2
          show 1 == 2 }
        lemma red_constant_false_assumption_with_paths { source "red"; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume 1 == 2
          show survives(p, q) }
        lemma red_constant_true_assumption_with_paths { source "red"; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume 2 == 2
          show survives(p, q) }
        lemma red_index_over_the_later_path { source R4; rules runtime; expect refuted
          forall q: path in after, p: path in before
          assume exists i in q: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show survives(p, q) }
        lemma red_forall_index_reads_the_earlier_path { source R8; rules runtime; expect refuted
          forall q: path in after, p: path in before
          assume forall i in p: (p[i].kind == .forEach => p[i].key == q[i].key)
          show survives(p, q) }
        lemma red_disjunction_over_two_paths { source "red"; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume p.length == 1 || q.length == 3
          show survives(p, q) }
        lemma red_implication_assumption { source "red"; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume q.length > 1 => p.length > 2
          show p.length <= 2 || q.length <= 1 }
        lemma red_negations { source "red"; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume !sameView(p, q)
          assume !(p.leafType != q.leafType)
          show !survives(p, q) }
        lemma red_first_assumption_false_on_some_bindings { source "red"; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume p.length > 2
          assume sameView(p, q)
          show q.length == 2 }
        lemma red_elem { source R5; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume sameAddress(p, q)
          assume forall i in p: elem(p, i) == elem(q, i)
          show p.length == 1 }
        lemma red_rendered_three_renders { source R7; rules runtime; expect refuted
          renders before, between, after
          forall p: path in before, q: path in after
          assume !rendered(p, between)
          assume sameView(p, q)
          show survives(p, q) }
        lemma red_rendered_later_render_read_first { source R7; rules runtime; expect refuted
          renders before, between, after
          forall q: path in after, p: path in before
          assume rendered(q, between) || rendered(p, after)
          show survives(p, q) }
        lemma red_path_quantifier_in_an_assumption { source R1; rules runtime; expect refuted
          forall q: path in after
          assume exists p: path in before: sameView(p, q) && p.state == 100
          show q.state == 100 }
        lemma red_path_quantifier_in_the_conclusion { source R1; rules runtime; expect refuted
          forall p: path in before
          assume p.length == 1
          show forall q: path in after: survives(p, q) }
        lemma red_state { source R1; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume p.length > 1
          assume survives(p, q)
          show q.state == 0 }
        lemma red_state_twice { source R1; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume p.length > 1
          assume survives(p, q)
          show q.state == 0 }
        lemma red_mutation { source R1; rules runtime; expect refuted
          renders first, second, third
          forall p: path in second, q: path in third
          mutate p
          assume p.length > 1
          show q.state == p.set }
        lemma red_mutation_assumption_on_the_set_value { source R1; rules runtime; expect refuted
          renders first, second, third
          forall p: path in second, q: path in third
          mutate p
          assume survives(p, q) && q.state == p.set
          show q.length == 1 }
        lemma red_two_mutations { source R1; rules runtime; expect refuted
          renders first, second, third
          forall p: path in first, r: path in second, q: path in third
          mutate p, r
          assume survives(p, q)
          show q.state == p.set }
        lemma red_mutation_in_the_first_of_two_renders { source R1; rules runtime; expect holds
          forall p: path in before, q: path in after
          mutate p
          assume survives(p, q)
          show q.state == p.set }
        lemma red_any_program { source R1; rules runtime; expect refuted
          renders before, after, any program
          forall p: path in before, q: path in after
          assume p.length == q.length
          assume p.leafType == q.leafType
          show survives(p, q) }
        lemma red_true { source R1; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume survives(p, q)
          assume p.length > 1
          show p.length == q.length }
        lemma red_evicting { source R1; rules evicting; expect refuted
          forall p: path in before, q: path in after
          assume sameView(p, q)
          show survives(p, q) }
        lemma red_three_paths_late_assumption { source "red"; rules runtime; expect refuted
          forall p: path in before, r: path in after, q: path in after
          assume sameView(p, q)
          assume r.length > q.length
          show survives(p, q) }
        """

    /// Assumption atoms over `p` (before), `q` and `r` (after), and conclusions.
    static let atoms = [
        "p.length > 1", "q.length == 2", "sameView(p, q)", "survives(p, q)", "!survives(q, r)",
        "p.leafType == q.leafType", "1 == 2", "2 == 2", "p.length == 1 || r.length == 3", "q.length > 1 => p.length > 2",
        "!sameAddress(p, r)", "rendered(r, before)", "!rendered(p, after)", "q.state == 0", "r.state != p.state",
        "exists i in q: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm",
        "forall i in r: elem(r, i) == elem(q, i)", "exists i in p: p[i].kind == .forEach && r[i].kind == .forEach",
        "exists s: path in before: sameView(s, q)",
    ]
    static let conclusions = [
        "survives(p, q)", "q.length == p.length", "!survives(p, r)", "q.state == p.state", "r.length <= 2",
        "forall i in q: q[i].kind != .conditional", "!rendered(q, before)",
    ]
    static let binders = [
        "p: path in before, q: path in after, r: path in after", "q: path in after, p: path in before, r: path in after",
        "r: path in after, q: path in after, p: path in before", "r: path in after, p: path in before, q: path in after",
    ]

    /// `count` lemmas drawn from the atoms with a fixed seed.
    static func generated(count: Int) -> String {
        var seed: UInt64 = 0x5EED_7CC1
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        return (0..<count).map { index in
            let assumptions = (0..<(1 + next(3))).map { _ in "  assume \(atoms[next(atoms.count)])" }.joined(separator: "\n")
            return """
                lemma gen_\(index) { source "red"; rules \(index % 5 == 4 ? "evicting" : "runtime"); expect holds
                  forall \(binders[next(binders.count)])
                \(assumptions)
                  show \(conclusions[next(conclusions.count)]) }
                """
        }.joined(separator: "\n")
    }

    static func specs(_ text: String) throws -> [LemmaSpec] {
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "red.lemma", text: text)])
        XCTAssertFalse(loaded.hasErrors, loaded.diagnostics.map(\.description).joined(separator: "\n"))
        return loaded.lemmas.compactMap { LemmaCompiler.compile($0, rules: $0.ruleSet) }
    }

    func testHandWrittenLemmasAgreeWithThePlainSearchInSharedWalks() throws {
        let specs = try Self.specs(Self.handWritten)
        XCTAssertEqual(specs.count, 25)
        let refuted = agree(specs)
        XCTAssertGreaterThan(refuted, 25)
    }

    func testGeneratedLemmasAgreeWithThePlainSearchInSharedWalks() throws {
        let specs = try Self.specs(Self.generated(count: 120))
        XCTAssertEqual(specs.count, 120)
        let refuted = agree(specs)
        XCTAssertGreaterThan(refuted, 60)
    }

    /// FINDINGS 15: the run's report (verdicts, messages with the checker's count of cases,
    /// counterexamples, witnesses) is the same whatever the jobs and the checker's workers.
    func testTheReportDoesNotDependOnTheJobs() throws {
        try SlowTier.require()
        let file = TemporaryFolder.path("red.lemma")
        try Self.handWritten.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        func report(jobs: Int) throws -> String {
            var options = VerifierOptions()
            options.jobs = jobs
            options.checkerBound = bound
            let run = Verifier(options: options).run(paths: [file])
            // Without times the JSON leaves the messages out: they are compared on their own.
            let data = try JSONReport.data(run, includeTimes: false)
            return String(decoding: data, as: UTF8.self) + run.lemmas.map(\.message).joined(separator: "\n")
        }
        let one = try report(jobs: 1)
        XCTAssertTrue(one.contains("transitions up to"), one)
        for jobs in [1, 2, 4] { XCTAssertEqual(try report(jobs: jobs), one, "--jobs \(jobs)") }
    }

    /// A witness search that reads no state walks without the runtime (its CaseKey differs from its
    /// lemma's when only the conclusion reads state), and its witness is shown as the run's: the
    /// walk without the runtime must accept exactly the cases the runtime accepts (the same
    /// undefined behaviour), and bind the same paths, or a witness could be a render the runtime
    /// rejects.
    func testTheWalkWithoutTheRuntimeAcceptsExactlyTheRuntimesCases() throws {
        try SlowTier.require()
        for rules in [RuleSet.runtime, .evicting, .ios18_0] {
            for renderCount in [2, 3] {
                let bounds = Bounds(
                    depth: renderCount == 2 ? 3 : 2, branching: 2, viewTypes: 2, modifierTypes: 2, keyValues: 2,
                    steps: renderCount - 1, arbitraryRenders: false, twiceReadConditions: true)
                func cases(runtime: Bool) -> [String] {
                    let seen = Seen()
                    _ = TransitionEnumerator(bounds: bounds, workers: 1, renderCount: renderCount).firstCounterexample(
                        start: { _ in BoundedRoute.Prefix(runtime: runtime ? RuntimeState(rules: rules) : nil, keepsSnapshots: false) },
                        extend: { prefix, render in prefix.extended(by: render, rules: rules) },
                        check: { prefix, transition -> String? in
                            seen.add("\(transition.program)|\(transition.renders)|" + prefix.witnesses.map { $0.map { "\($0.path.identity)" }.joined(separator: ",") }.joined(separator: ";"))
                            return nil
                        })
                    return seen.all
                }
                let withRuntime = cases(runtime: true)
                let without = cases(runtime: false)
                XCTAssertGreaterThan(withRuntime.count, 100)
                XCTAssertEqual(withRuntime.count, without.count, "\(rules.name), \(renderCount) renders")
                XCTAssertEqual(withRuntime, without, "\(rules.name), \(renderCount) renders")
            }
        }
    }

    /// Every lemma and its witness search, in shared walks (in order with 2 and 8 workers, reversed
    /// and with the first member twice with 1 worker) and alone, against the plain search; the number
    /// of refuted checks.
    private func agree(_ lemmas: [LemmaSpec]) -> Int {
        var specs: [LemmaSpec] = []
        for spec in lemmas {
            specs.append(spec)
            if !spec.assumptions.isEmpty { specs.append(Verifier.witnessSpec(of: spec)) }
        }
        var groups: [BoundedRoute.CaseKey: [LemmaSpec]] = [:]
        let route = BoundedRoute(workers: 2)
        for spec in specs {
            groups[route.caseKey(of: spec, bound: Verifier.checkerBound(for: spec, configured: bound)), default: []].append(spec)
        }
        var refuted = 0
        for (key, members) in groups {
            let memberBound = Verifier.checkerBound(for: members[0], configured: bound)
            let together = route.run(members, bound: memberBound)
            let reversed = Array(BoundedRoute(workers: 1).run(members.reversed() + [members[0]], bound: memberBound).reversed())
            let eight = BoundedRoute(workers: 8).run(members, bound: memberBound)
            for (offset, spec) in members.enumerated() {
                let plain = PlainSearch.firstViolation(of: spec, key: key)
                let alone = route.run(spec, bound: memberBound)
                if plain != nil { refuted += 1 }
                for (label, result) in [("shared", together[offset]), ("reversed", reversed[offset + 1]), ("eight workers", eight[offset]), ("alone", alone)] {
                    switch (result.answer, plain) {
                    case (.holds, nil): break
                    case (.refuted(let found), let expected?):
                        XCTAssertEqual(found.renders.map(\.code), expected.renders.map(\.code), "\(label) \(spec.name)")
                        XCTAssertEqual(found.paths, expected.paths, "\(label) \(spec.name)")
                    default:
                        XCTFail("\(spec.name): \(label) says \(result.answer), the plain search \(plain.map { "\($0.paths)" } ?? "holds")")
                    }
                }
                if offset == 0, case .refuted(let twice) = reversed[0].answer, let expected = plain {
                    XCTAssertEqual(twice.paths, expected.paths, "twice \(spec.name)")
                }
            }
        }
        return refuted
    }
}

/// Strings the walk's closures add to.
private final class Seen: @unchecked Sendable {
    // Safe to share: `items` is read and written only under `lock`.
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) { lock.withLock { items.append(item) } }

    var all: [String] { lock.withLock { items } }
}
