import IdentityModel

/// A small trace whose last render's outcomes pin down one rule.
struct RuleScenario {
    enum Step {
        case render(String)
        case set(String, Int)
    }

    var name: String
    var steps: [Step]

    /// The outcomes of the last render under `rules`, or the undefined behaviour it hit.
    func run(_ rules: RuleSet) throws -> [String: String] {
        var trace = TraceHarness(rules)
        var last: RenderReport?
        for step in steps {
            switch step {
            case .render(let text):
                do {
                    last = try trace.render(text)
                } catch RuntimeError.undefinedBehaviour(let behaviour) {
                    return ["undefined": behaviour.kind.rawValue]
                }
            case let .set(label, value): try trace.set(label, value)
            }
        }
        return last.map(summary) ?? [:]
    }

    static let all: [RuleScenario] = [
        RuleScenario(name: "R1", steps: [.render("Counter(state: 0) @c"), .set("c", 5), .render("Counter(state: 7) @c")]),
        RuleScenario(
            name: "R2", steps: [.render("VStack { Counter(state: 0).padding(8) @c; Text }"), .set("c", 5), .render("VStack { Counter(state: 0).padding(0) @c; Text }")]),
        RuleScenario(
            name: "R3", steps: [.render("VStack { if false { Text }; Counter(state: 0) @c }"), .set("c", 5), .render("VStack { if true { Text }; Counter(state: 0) @c }")]),
        RuleScenario(
            name: "R4", steps: [.render("if true { Counter(state: 0) @c } else { Counter(state: 0) @c }"), .set("c", 5), .render("if false { Counter(state: 0) @c } else { Counter(state: 0) @c }")]),
        RuleScenario(
            name: "R5", steps: [.render("VStack { AnyView(Counter(state: 0) @a); AnyView(Counter(state: 0) @b); AnyView(VStack { Counter(state: 0) @c; Text }) }"), .set("a", 5), .set("b", 5), .set("c", 5), .render("VStack { AnyView(Counter(state: 0) @a); AnyView(Counter(state: 0).padding(0) @b); AnyView(VStack { Counter(state: 0) @c; Spacer }) }")]),
        RuleScenario(
            name: "R5 nested", steps: [.render("VStack { AnyView(AnyView(Counter(state: 0) @a)); AnyView(AnyView(AnyView(Counter(state: 0) @b))); AnyView(AnyView(Counter(state: 0) @c)) }"), .set("a", 5), .set("b", 5), .set("c", 5), .render("VStack { AnyView(Counter(state: 0) @a); AnyView(AnyView(Counter(state: 0) @b)); AnyView(AnyView(Counter(state: 0).padding(0) @c)) }")]),
        RuleScenario(
            name: "R6", steps: [.render("VStack { Counter(state: 0).id(1) @a; Counter(state: 0).id(2) @b; Counter(state: 0).id(3) @c }"), .set("a", 5), .set("c", 5), .render("VStack { Counter(state: 0).id(2) @a; Counter(state: 0).id(1) @b; Counter(state: 0).id(4) @c }")]),
        RuleScenario(
            name: "R7", steps: [.render("LazyVStack { if true { Counter(state: 0) @c } }"), .set("c", 5), .render("LazyVStack { if false { Counter(state: 0) @c } }"), .render("LazyVStack { if true { Counter(state: 0) @c } }")]),
        RuleScenario(
            name: "R7 eager", steps: [.render("VStack { if true { Counter(state: 0) @c } }"), .set("c", 5), .render("VStack { if false { Counter(state: 0) @c } }"), .render("VStack { if true { Counter(state: 0) @c } }")]),
        RuleScenario(
            name: "R8", steps: [.render("VStack { ForEach([1, 2, 3]) { Row(state: 0) @row } }"), .set("row[1]", 5), .set("row[3]", 5), .render("VStack { ForEach([4, 1, 2]) { Row(state: 0) @row } }")]),
        RuleScenario(
            name: "R8 indices", steps: [.render("VStack { ForEach(0..<2, id: \\.self) { Row(state: 0) @row } }"), .set("row[0]", 5), .render("VStack { ForEach(0..<1, id: \\.self) { Row(state: 0) @row } }")]),
        RuleScenario(
            name: "R9", steps: [.render("LazyHStack { if true { Counter(state: 0) @c } }"), .set("c", 5), .render("LazyHStack { if false { Counter(state: 0) @c } }"), .render("LazyHStack { if true { Counter(state: 0) @c } }")]),
        RuleScenario(name: "R1 allocation", steps: [.render("VStack { Text }"), .render("VStack { Counter(state: 7) @c }")]),
        RuleScenario(
            name: "R4 transient", steps: [.render("if true, twice { Counter(state: 0) @c } else { Spacer }"), .set("c", 5), .render("if true, twice, transient { Counter(state: 0) @c } else { Spacer }")]),
        RuleScenario(
            name: "R8 duplicates", steps: [.render("VStack { ForEach([1, 2]) { Row(state: 0) @row } }"), .render("VStack { ForEach([1, 1]) { Row(state: 0) @row } }")]),
        RuleScenario(
            name: "containers", steps: [.render("VStack { Counter(state: 0) @c }"), .set("c", 5), .render("LazyVStack { Counter(state: 0) @c }")]),
        RuleScenario(
            name: "R10", steps: [.render("VStack { Counter(state: 0).matchedGeometryEffect(id: 1) @c; Text }"), .set("c", 5), .render("VStack { Counter(state: 0).matchedGeometryEffect(id: 2) @c; Text }")]),
    ]

    static func named(_ name: String) -> RuleScenario { all.first { $0.name == name }! }
}
