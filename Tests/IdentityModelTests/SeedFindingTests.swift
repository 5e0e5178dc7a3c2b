import IdentityModel
import XCTest

/// Seed 000: the four findings of the TLA+ article.
final class SeedFindingTests: XCTestCase {
    /// Finding 1: an `if` inside a modifier's body puts the content in a conditional arm; flipping
    /// it resets the text field's draft although both arms look the same.
    func testFinding1ConditionalInsideModifierResetsState() throws {
        var trace = TraceHarness()
        try trace.render("(if false { TextField(state: 0).overlay(0) @draft } else { TextField(state: 0) @draft }).emptyEffect(0)")
        try trace.set("draft", 1)
        let report = try trace.render(
            "(if true { TextField(state: 0).overlay(0) @draft } else { TextField(state: 0) @draft }).emptyEffect(1)")
        assertOutcomes(report, ["draft": "resets 0"])
        // The hoisted form keeps one expression: only the modifier's argument changes.
        var hoisted = TraceHarness()
        try hoisted.render("TextField(state: 0).overlay(0) @draft")
        try hoisted.set("draft", 1)
        assertOutcomes(try hoisted.render("TextField(state: 0).overlay(1) @draft"), ["draft": "survives 1"])
    }

    /// Finding 2: `ForEach(todos, id: \.self)` keys rows by value; editing a value resets its row.
    func testFinding2ForEachBySelfResetsEditedRow() throws {
        var trace = TraceHarness()
        try trace.render(#"List { ForEach(["Buy bread", "Call Mum"], id: \.self) { TodoRow(state: 0) @row } }"#)
        try trace.set(#"row["Buy bread"]"#, 1)
        try trace.set(#"row["Call Mum"]"#, 1)
        let report = try trace.render(#"List { ForEach(["Buy sourdough", "Call Mum"], id: \.self) { TodoRow(state: 0) @row } }"#)
        assertOutcomes(
            report, [#"row["Buy sourdough"]"#: "resets 0", #"row["Call Mum"]"#: "survives 1", #"row["Buy bread"]"#: "removed"])
    }

    /// Finding 3: the runtime keeps state through `AnyView` when the erased type is unchanged; the
    /// documented model rebuilds it. Adding a modifier inside changes the erased type.
    func testFinding3AnyViewSameErasedTypeKeepsStateAtRuntime() throws {
        var runtime = TraceHarness(.runtime)
        try runtime.render("AnyView(Counter(state: 0) @count)")
        try runtime.set("count", 5)
        assertOutcomes(try runtime.render("AnyView(Counter(state: 0) @count)"), ["count": "survives 5"])
        assertOutcomes(try runtime.render("AnyView(Counter(state: 0).padding(0) @count)"), ["count": "resets 0"])

        var documented = TraceHarness(.documented)
        try documented.render("AnyView(Counter(state: 0) @count)")
        try documented.set("count", 5)
        assertOutcomes(try documented.render("AnyView(Counter(state: 0) @count)"), ["count": "resets 0"])
    }

    /// Finding 4: `if user != nil { user! }` reads the binding twice; on iOS 18.0 a transient nil
    /// during one render rebuilds the profile, on iOS 18.4 it does not, and `if let` never does.
    func testFinding4TwiceReadConditionUnderTransientValue() throws {
        let before = "if true, twice { UserProfile(state: 0) @draft } else { Spacer }"
        let after = "if true, twice, transient { UserProfile(state: 0) @draft } else { Spacer }"
        for (rules, expected) in [(RuleSet.ios18_0, "resets 0"), (.ios18_4, "survives 1"), (.runtime, "survives 1")] {
            var trace = TraceHarness(rules)
            try trace.render(before)
            try trace.set("draft", 1)
            assertOutcomes(try trace.render(after), ["draft": expected])
        }
        var ifLet = TraceHarness(.ios18_0)
        try ifLet.render("if true { UserProfile(state: 0) @draft } else { Spacer }")
        try ifLet.set("draft", 1)
        assertOutcomes(try ifLet.render("if true, transient { UserProfile(state: 0) @draft } else { Spacer }"), ["draft": "survives 1"])
    }
}
