import IdentityModel
import XCTest
import Z3Kit

@testable import Encoding

/// The static-type facts (`ContentTypes`) hold on real trees: every stateful path of a set of renders
/// of many programs, with its `erased` fields as the semantics computes them (`Program.staticType`,
/// each distinct type a distinct number), satisfies them all at once. A fact that some real path
/// breaks would make a false lemma provable; the controls show the check can fail.
final class ContentTypesTests: XCTestCase {
    /// Renders whose paths pass every construct, with siblings and other arms of several types, and
    /// AnyViews whose contents differ only off the path.
    private static let renders = [
        "AnyView(Counter(state: 0))",
        "AnyView(Counter(state: 0).padding(1))",
        "AnyView(AnyView(Toggle(state: 0)))",
        "AnyView(VStack { Text; Counter(state: 0) })",
        "AnyView(VStack { Spacer; Counter(state: 0) })",
        "AnyView(VStack { Counter(state: 0); Toggle(state: 0) })",
        "AnyView(if true { Counter(state: 0) } else { Text })",
        "AnyView(if false { Text } else { Counter(state: 0) })",
        "AnyView(if true { Counter(state: 0) } else { Spacer })",
        "AnyView(if false { Counter(state: 0) })",
        "AnyView(if true { Counter(state: 0) })",
        "AnyView(ForEach([1, 2]) { Counter(state: 0).id(3) })",
        "AnyView(ForEach(0..<2) { LazyVStack { Counter(state: 0).opacity(2) } })",
        "VStack { AnyView(Counter(state: 0)); AnyView(HStack { Toggle(state: 0); Counter(state: 0) }) }",
        "ForEach([1]) { AnyView(List { Counter(state: 0) }) }",
    ]

    /// The facts of each path, its erased types as the semantics gives them.
    private func facts(of paths: [ViewPath], ground: GroundIdentity, types: ContentTypes) throws -> [Z3Term] {
        let ctx = ground.vocabulary.context
        let anyView = try ground.vocabulary.field(.erased, of: ground.term(for: .anyView(erased: .anyView)))
        var facts = [types.has(anyView, .atomic)]
        for (index, path) in paths.enumerated() {
            let viewType = ctx.function("path\(index).viewType", domain: [ctx.intSort], range: ctx.intSort)
            let leaf = try ground.vocabulary.field(.erased, of: ground.term(for: .anyView(erased: path.leafType)))
            facts += [viewType.apply([ctx.int(path.steps.count)]).eq(leaf), types.has(leaf, .atomic)]
            for (depth, step) in path.steps.enumerated() {
                facts.append(
                    try types.construct(
                        ground.term(for: step), outer: viewType.apply([ctx.int(depth)]),
                        content: viewType.apply([ctx.int(depth + 1)]), anyView: anyView))
            }
        }
        return facts
    }

    private func satisfiable(_ paths: [ViewPath]) throws -> Bool {
        let session = try SolverSession()
        let ground = try GroundIdentity(rules: .runtime, session: session)
        session.assert(try facts(of: paths, ground: ground, types: ContentTypes(vocabulary: ground.vocabulary)))
        switch try session.check() {
        case .sat: return true
        case .unsat: return false
        case .unknown(let reason): throw EncodingError.undecodable("z3: \(reason)")
        }
    }

    private func paths(_ text: String) throws -> [ViewPath] {
        try RenderParser.parse(text).statefulPaths(rules: .runtime, generation: 0)
    }

    func testEveryRealPathSatisfiesTheFactsTogether() throws {
        let paths = try Self.renders.flatMap(paths)
        XCTAssertGreaterThanOrEqual(paths.count, 18)
        XCTAssertTrue(try satisfiable(paths))
    }

    /// Controls: an erased type that is not the content's static type is refused, whether it names
    /// the leaf where a modifier is in between, or one type for two contents that differ on the path.
    func testAnErasedTypeThatIsNotTheContentsTypeIsRefused() throws {
        let padded = try XCTUnwrap(try paths("AnyView(Counter(state: 0).padding(1))").first)
        var wrong = padded
        wrong.steps[0] = .anyView(erased: "Counter")
        XCTAssertTrue(try satisfiable([padded]))
        XCTAssertFalse(try satisfiable([wrong]))

        let plain = try XCTUnwrap(try paths("AnyView(Counter(state: 0))").first)
        var sameName = plain
        sameName.steps[0] = padded.steps[0]
        XCTAssertTrue(try satisfiable([padded, plain]))
        XCTAssertFalse(try satisfiable([padded, sameName]), "AnyView(Counter) given the erased type of AnyView(Counter.padding)")
    }

    /// What a path does not pass is free: contents that differ only in a sibling or the other arm
    /// have different erased types, and the facts allow that.
    func testContentsThatDifferOffThePathMayHaveDifferentTypes() throws {
        let text = try paths("AnyView(VStack { Text; Counter(state: 0) })")
        let spacer = try paths("AnyView(VStack { Spacer; Counter(state: 0) })")
        XCTAssertNotEqual(text[0].steps[0], spacer[0].steps[0])
        XCTAssertEqual(Array(text[0].steps.dropFirst()), Array(spacer[0].steps.dropFirst()))
        XCTAssertTrue(try satisfiable(text + spacer))
    }

    /// The guard of the facts: a lemma naming a type or modifier that `Program.staticType` could
    /// also build (`Optional<Counter>`) gets none, since a leaf of that name would be one type with
    /// the `Optional` around a `Counter`.
    func testNamesWithTheCharactersOfBuiltTypesTurnTheFactsOff() {
        var symbols = SymbolTable()
        _ = symbols.number(for: ViewType("Counter"))
        _ = symbols.number(for: Modifier.padding)
        XCTAssertTrue(symbols.namesAreAtomic)
        for name in ["Optional<Counter>", "TupleView<(A, B)>", "a,b", "f()"] {
            var withType = symbols
            _ = withType.number(for: ViewType(name))
            XCTAssertFalse(withType.namesAreAtomic, name)
            var withModifier = symbols
            _ = withModifier.number(for: Modifier(name))
            XCTAssertFalse(withModifier.namesAreAtomic, name)
        }
    }
}
