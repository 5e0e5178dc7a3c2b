import Foundation
import TestSupport
import XCTest

/// The model against what OpenSwiftUI did (docs/oracle/observations.json): every recorded case that
/// mirrors a scenario agrees body by body, or its difference is a decided disagreement written
/// beside its rule. The machinery is tested on a fixture (a scenario and observations made up here,
/// never recorded as OpenSwiftUI's), so a change that breaks it fails even while few cases are recorded.
final class OracleAgreementTests: XCTestCase {
    static let observationsFile = Repository.root.appendingPathComponent("docs/oracle/observations.json")

    func testRecordedObservationsAgreeWithTheModel() throws {
        let observations = try OracleObservations.load(Self.observationsFile)
        XCTAssertEqual(observations.format, 1)
        XCTAssertEqual(OracleAgreement(root: Repository.root).mismatches(of: observations), [])
        let table = try String(contentsOf: Repository.root.appendingPathComponent("docs/oracle/README.md"), encoding: .utf8)
        for oracleCase in observations.cases {
            XCTAssertTrue(table.contains("| \(oracleCase.id) |"), "docs/oracle/README.md has no row for \(oracleCase.id)")
        }
    }

    /// Hostile: each recorded body's verdict (invalidation cases) and `@State` value turned around
    /// must be caught, as a disagreement or, for a body whose disagreement was decided, as that
    /// decision gone stale; and so must each case's steps changed (`stepsChangedAndCaught`).
    func testEveryRecordedObservationTurnedAroundIsCaught() throws {
        let observations = try OracleObservations.load(Self.observationsFile)
        let agreement = OracleAgreement(root: Repository.root)
        var turned = 0
        for (c, oracleCase) in observations.cases.enumerated() {
            guard let mirrors = oracleCase.mirrors else { continue }
            let invalidation = try XCTUnwrap(agreement.scenario(mirrors), oracleCase.id).invalidation != nil
            for (r, render) in oracleCase.renders.enumerated() {
                for (b, body) in render.bodies.enumerated() {
                    let decided = observations.disagreements.contains { $0.case == oracleCase.id && $0.render == r + 1 && $0.view == body.view }
                    let stale = OracleMismatch.staleDisagreement(case: oracleCase.id, render: r + 1, view: body.view)
                    if invalidation {
                        var changed = observations
                        changed.cases[c].renders[r].bodies[b].ran.toggle()
                        let found = agreement.mismatches(of: changed)
                        let expected = decided
                            ? stale : .bodyDisagrees(case: oracleCase.id, render: r + 1, view: body.view, model: body.ran, observed: !body.ran)
                        XCTAssertTrue(found.contains(expected), "\(oracleCase.id) render \(r + 1) \(body.view): \(found)")
                        turned += 1
                    }
                    if let state = body.state, !decided {
                        var changed = observations
                        changed.cases[c].renders[r].bodies[b].state = state + 1
                        let found = agreement.mismatches(of: changed)
                        XCTAssertTrue(
                            found.contains(.stateDisagrees(case: oracleCase.id, render: r + 1, view: body.view, model: state, observed: state + 1)),
                            "\(oracleCase.id) render \(r + 1) \(body.view): \(found)")
                        turned += 1
                    }
                }
            }
        }
        XCTAssertEqual(stepsChangedAndCaught(observations, agreement), observations.cases.filter { $0.mirrors != nil && $0.noVerdict == nil }.count)
        if turned == 0 { throw XCTSkip("no executed case is recorded yet; the fixture tests below cover the machinery") }
    }

    /// Hostile, part of the test above (sharing its agreement's loaded scenarios): a recorded case whose
    /// steps name another object, state or value than its scenario's (`send model(2)` for
    /// `send model(1)`), or one more render, ran another program; each such change must be caught.
    /// Returns the number of cases so changed.
    private func stepsChangedAndCaught(_ observations: OracleObservations, _ agreement: OracleAgreement) -> Int {
        // Each changed case alone: its steps are checked before its renders.
        func alone(_ changed: OracleCase) -> OracleObservations {
            OracleObservations(format: observations.format, builds: observations.builds, cases: [changed], disagreements: [])
        }
        var cases = 0
        for oracleCase in observations.cases where oracleCase.mirrors != nil && oracleCase.noVerdict == nil {
            for (s, step) in oracleCase.steps.enumerated() {
                guard let digit = step.lastIndex(where: \.isNumber) else { continue }
                var changed = oracleCase
                var other = step
                other.replaceSubrange(digit...digit, with: step[digit] == "9" ? "8" : String(step[digit].wholeNumberValue! + 1))
                changed.steps[s] = other
                XCTAssertEqual(agreement.mismatches(of: alone(changed)), [.stepsDiffer(case: oracleCase.id)], other)
            }
            var extra = oracleCase
            extra.steps.append("render")
            XCTAssertEqual(agreement.mismatches(of: alone(extra)), [.stepsDiffer(case: oracleCase.id)], oracleCase.id)
            cases += 1
        }
        return cases
    }

    // MARK: The machinery, on a fixture

    /// `Screen`'s state is set between the renders; `Chart`, a POD view with the same field, is compared equal.
    static let fixtureLemma = """
        scenario fixture_counter {
          summary "A set state runs the screen's body; its unchanged POD child is skipped"
          source I3, I8; rules runtime; invalidation runtime; expect holds
          render { Screen(state: 0) @screen { Chart(points: 3) @chart } }
          set screen = 1
          render { Screen(state: 0) @screen { Chart(points: 3) @chart } }
          check screen evaluated because state
          check chart skipped because equal
        }

        scenario fixture_identity {
          summary "The same arm of an if in both renders keeps the counter's state"
          source R4; rules runtime; expect holds
          render { VStack { if true { Counter(state: 0) @c } else { Counter(state: 0) @d } } }
          set c = 5
          render { VStack { if true { Counter(state: 0) @c } else { Counter(state: 0) @d } } }
          check c == 5
        }

        """

    static let fixtureBuild = OracleBuild(
        id: "fixture", engine: "fixture", date: "2000-01-01", swift: "none",
        repositories: ["OpenSwiftUIProject/OpenSwiftUI": String(repeating: "0", count: 40)])

    /// Observations agreeing with the model on `fixtureLemma`.
    static func agreeing() -> OracleObservations {
        OracleObservations(
            format: 1, builds: [fixtureBuild],
            cases: [
                OracleCase(
                    id: "fixture-counter", build: "fixture",
                    mirrors: OracleScenarioReference(file: "Lemmas/fixture.lemma", item: "fixture_counter"),
                    description: nil, steps: ["render", "set screen = 1", "render"],
                    renders: [
                        OracleRender(bodies: [OracleBody(view: "screen", ran: true, state: 0), OracleBody(view: "chart", ran: true)]),
                        OracleRender(bodies: [OracleBody(view: "screen", ran: true, state: 1), OracleBody(view: "chart", ran: false)]),
                    ],
                    noVerdict: nil)
            ],
            disagreements: [])
    }

    private func fixtureAgreement(decisions: String = "") throws -> OracleAgreement {
        OracleAgreement(root: try Repository.temporaryFolder([
            "Lemmas/fixture.lemma": Self.fixtureLemma, "docs/invalidation.md": "# I8\n\(decisions)\n",
        ]))
    }

    /// An identity scenario's observation is compared by the `@State` values its bodies read: the
    /// identity layer says nothing of which bodies run, and a value it does not give is malformed.
    func testAnIdentityCaseIsComparedByItsStateValues() throws {
        var observations = Self.agreeing()
        observations.cases = [
            OracleCase(
                id: "fixture-identity", build: "fixture",
                mirrors: OracleScenarioReference(file: "Lemmas/fixture.lemma", item: "fixture_identity"),
                description: nil, steps: ["render", "set c = 5", "render"],
                renders: [
                    OracleRender(bodies: [OracleBody(view: "c", ran: true, state: 0)]),
                    OracleRender(bodies: [OracleBody(view: "c", ran: true, state: 5)]),
                ],
                noVerdict: nil)
        ]
        let agreement = try fixtureAgreement()
        XCTAssertEqual(agreement.mismatches(of: observations), [])
        var reset = observations
        reset.cases[0].renders[1].bodies[0].state = 0
        XCTAssertEqual(agreement.mismatches(of: reset), [
            .stateDisagrees(case: "fixture-identity", render: 2, view: "c", model: 5, observed: 0)
        ])
        var other = observations
        other.cases[0].renders[0].bodies[0].view = "d"
        XCTAssertEqual(agreement.mismatches(of: other), [
            .viewNotObserved(case: "fixture-identity", render: 1, view: "c"), .viewNotInModel(case: "fixture-identity", render: 1, view: "d"),
        ])
        var unread = observations
        unread.cases[0].renders[1].bodies[0].state = nil
        XCTAssertEqual(agreement.mismatches(of: unread), [.malformedCase(case: "fixture-identity")])
    }

    func testAgreeingFixtureHasNoMismatch() throws {
        XCTAssertEqual(try fixtureAgreement().mismatches(of: Self.agreeing()), [])
    }

    func testATurnedVerdictAndAWrongStateAreReported() throws {
        var observations = Self.agreeing()
        observations.cases[0].renders[1].bodies[1].ran = true
        observations.cases[0].renders[1].bodies[0].state = 2
        XCTAssertEqual(try fixtureAgreement().mismatches(of: observations), [
            .stateDisagrees(case: "fixture-counter", render: 2, view: "screen", model: 1, observed: 2),
            .bodyDisagrees(case: "fixture-counter", render: 2, view: "chart", model: false, observed: true),
        ])
    }

    /// A difference is accepted only when listed with a decision that its doc writes beside the rule;
    /// a listed one that no longer happens is stale.
    func testADisagreementCountsOnlyWhenDecidedAndDocumented() throws {
        var observations = Self.agreeing()
        observations.cases[0].renders[1].bodies[1].ran = true
        let decision = OracleDisagreement(
            case: "fixture-counter", render: 2, view: "chart", decision: .openSwiftUIUnlikeApple,
            reason: "made up for the test", decidedIn: "docs/invalidation.md")
        observations.disagreements = [decision]
        XCTAssertEqual(try fixtureAgreement(decisions: "fixture-counter: decided").mismatches(of: observations), [])
        XCTAssertEqual(try fixtureAgreement().mismatches(of: observations), [
            .undocumentedDisagreement(case: "fixture-counter", decidedIn: "docs/invalidation.md")
        ])
        var elsewhere = observations
        elsewhere.disagreements[0].decidedIn = "README.md"
        XCTAssertEqual(try fixtureAgreement(decisions: "fixture-counter").mismatches(of: elsewhere), [
            .undocumentedDisagreement(case: "fixture-counter", decidedIn: "README.md")
        ])
        var agreeingAgain = Self.agreeing()
        agreeingAgain.disagreements = [decision]
        XCTAssertEqual(try fixtureAgreement(decisions: "fixture-counter").mismatches(of: agreeingAgain), [
            .staleDisagreement(case: "fixture-counter", render: 2, view: "chart")
        ])
    }

    func testMissingExtraViewsAndRendersAreReported() throws {
        var views = Self.agreeing()
        views.cases[0].renders[0].bodies[1].view = "graph"
        XCTAssertEqual(try fixtureAgreement().mismatches(of: views), [
            .viewNotObserved(case: "fixture-counter", render: 1, view: "chart"),
            .viewNotInModel(case: "fixture-counter", render: 1, view: "graph"),
        ])
        var renders = Self.agreeing()
        renders.cases[0].renders.removeLast()
        XCTAssertEqual(try fixtureAgreement().mismatches(of: renders), [
            .renderCountDiffers(case: "fixture-counter", model: 2, observed: 1)
        ])
        var steps = Self.agreeing()
        steps.cases[0].steps = ["render", "set screen = 2", "render"]
        XCTAssertEqual(try fixtureAgreement().mismatches(of: steps), [.stepsDiffer(case: "fixture-counter")])
        var missing = Self.agreeing()
        missing.cases[0].mirrors?.item = "no_such_scenario"
        XCTAssertEqual(try fixtureAgreement().mismatches(of: missing), [.scenarioMissing(case: "fixture-counter")])
    }

    /// A crash is no verdict: recorded with its reason and no renders, never compared; a case with
    /// both, or neither, is malformed, and so is a build without its commits or date.
    func testNoVerdictCasesAndBuildsAreChecked() throws {
        var crashed = Self.agreeing()
        crashed.cases[0].renders = []
        crashed.cases[0].noVerdict = "segmentation fault in the comparison of values"
        XCTAssertEqual(try fixtureAgreement().mismatches(of: crashed), [])
        var both = Self.agreeing()
        both.cases[0].noVerdict = "crashed"
        XCTAssertEqual(try fixtureAgreement().mismatches(of: both), [.malformedCase(case: "fixture-counter")])
        var twice = Self.agreeing()
        twice.cases.append(twice.cases[0])
        XCTAssertEqual(try fixtureAgreement().mismatches(of: twice), [.duplicateCase(case: "fixture-counter")])
        var build = Self.agreeing()
        build.builds[0].repositories["OpenSwiftUIProject/Compute"] = "main"
        build.builds[0].date = "today"
        XCTAssertEqual(try fixtureAgreement().mismatches(of: build), [.malformedBuild(build: "fixture")])
        var unknownBuild = Self.agreeing()
        unknownBuild.cases[0].build = "elsewhere"
        XCTAssertEqual(try fixtureAgreement().mismatches(of: unknownBuild), [.malformedBuild(build: "elsewhere")])
    }
}
