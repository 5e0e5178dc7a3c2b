import IdentityModel
import XCTest

/// Seed 001: six explicit-identity experiments (iOS 17.0.1). Abby and Barry's toggles are set on,
/// then Abby (top) and Craig (bottom) swap places.
final class SeedExperimentTests: XCTestCase {
    private func users(_ container: String, ids: [Int]?, modifier: String = "") -> String {
        let labels = ["top", "middle", "bottom"]
        let rows = labels.indices.map { index in
            "UserView(state: 0)\(modifier.replacingOccurrences(of: "K", with: String(ids?[index] ?? 0)))"
                + (ids.map { ".id(\($0[index]))" } ?? "") + " @\(labels[index])"
        }
        return "\(container) {\n" + rows.joined(separator: "\n") + "\n}"
    }

    private func toggleTopAndMiddle(_ trace: inout TraceHarness) throws {
        try trace.set("top", 1)
        try trace.set("middle", 1)
    }

    func testExperiment1VStackWithoutIDKeepsTogglesInPlace() throws {
        var trace = TraceHarness()
        try trace.render(users("VStack", ids: nil))
        try toggleTopAndMiddle(&trace)
        let report = try trace.render(users("VStack", ids: nil))
        assertOutcomes(report, ["top": "survives 1", "middle": "survives 1", "bottom": "survives 0"])
    }

    func testExperiment2VStackWithIDResetsSwappedRows() throws {
        var trace = TraceHarness()
        try trace.render(users("VStack", ids: [0, 1, 2]))
        try toggleTopAndMiddle(&trace)
        let report = try trace.render(users("VStack", ids: [2, 1, 0]))
        assertOutcomes(report, ["top": "resets 0", "middle": "survives 1", "bottom": "resets 0"])
        let back = try trace.render(users("VStack", ids: [0, 1, 2]))
        assertOutcomes(back, ["top": "resets 0", "middle": "survives 1", "bottom": "resets 0"])
    }

    func testExperiment3LazyVStackRevivesAbbysToggleOnSecondSwap() throws {
        var trace = TraceHarness()
        try trace.render(users("LazyVStack", ids: [0, 1, 2]))
        try toggleTopAndMiddle(&trace)
        let first = try trace.render(users("LazyVStack", ids: [2, 1, 0]))
        assertOutcomes(first, ["top": "resets 0", "middle": "survives 1", "bottom": "resets 0"])
        let second = try trace.render(users("LazyVStack", ids: [0, 1, 2]))
        assertOutcomes(second, ["top": "revived 1", "middle": "survives 1", "bottom": "revived 0"])
        XCTAssertTrue(trace.state.log.contains { $0.kind == .revive && $0.label == "top" })
    }

    func testExperiment4MatchedGeometryEffectDoesNotCarryState() throws {
        var trace = TraceHarness()
        try trace.render(users("VStack", ids: [0, 1, 2], modifier: ".matchedGeometryEffect(id: K)"))
        try toggleTopAndMiddle(&trace)
        let report = try trace.render(users("VStack", ids: [2, 1, 0], modifier: ".matchedGeometryEffect(id: K)"))
        assertOutcomes(report, ["top": "resets 0", "middle": "survives 1", "bottom": "resets 0"])
    }

    func testExperiment5ForEachStateFollowsTheKey() throws {
        var trace = TraceHarness()
        try trace.render("VStack { ForEach([0, 1, 2]) { UserView(state: 0) @user } }")
        try trace.set("user[0]", 1)
        try trace.set("user[1]", 1)
        let report = try trace.render("VStack { ForEach([2, 1, 0]) { UserView(state: 0) @user } }")
        assertOutcomes(report, ["user[2]": "survives 0", "user[1]": "survives 1", "user[0]": "survives 1"])
        XCTAssertEqual(report.views.map(\.value), [0, 1, 1], "Abby's toggle moved to the bottom with her")
    }

    func testExperiment6ListStateFollowsTheKey() throws {
        var trace = TraceHarness()
        try trace.render("List { ForEach([0, 1, 2]) { UserView(state: 0) @user } }")
        try trace.set("user[0]", 1)
        try trace.set("user[1]", 1)
        let report = try trace.render("List { ForEach([2, 1, 0]) { UserView(state: 0) @user } }")
        assertOutcomes(report, ["user[2]": "survives 0", "user[1]": "survives 1", "user[0]": "survives 1"])
    }
}
