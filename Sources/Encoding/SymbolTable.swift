import IdentityModel

/// Interns the string-like values of the model (view types, modifiers, keys) as Z3 integers, and
/// reads them back from a model.
///
/// Integer keys stand for themselves; string keys and names get numbers from `stringBase` up, far
/// below any integer a lemma or render plausibly writes (`.id(1000000)` and `.id("x")` once shared a
/// number: red-team finding 5), so an integer the solver invents decodes to a fresh, visibly
/// synthetic name, never to one the lemma uses (finding 6).
package struct SymbolTable: Sendable {
    static let stringBase = Int.min / 2
    private var viewTypes = Interned<ViewType>()
    private var modifiers = Interned<Modifier>()
    private var stringKeys = Interned<String>()

    /// An empty table.
    package init() {}

    /// The number standing for `type`.
    package mutating func number(for type: ViewType) -> Int { viewTypes.number(for: type) }

    /// The number standing for `modifier`.
    package mutating func number(for modifier: Modifier) -> Int { modifiers.number(for: modifier) }

    /// The number standing for `key`.
    package mutating func number(for key: Key) -> Int {
        switch key {
        case .int(let value): return value
        case .string(let value): return stringKeys.number(for: value)
        }
    }

    /// Whether every view type and modifier named so far is an atomic name, with none of the
    /// characters `Program.staticType` builds types with (`<`, `>`, `(`, `)`, `,`): `ContentTypes`
    /// reads types as terms over such names.
    package var namesAreAtomic: Bool {
        let separators = Set("<>(),")
        func atomic(_ name: String) -> Bool { !name.contains(where: separators.contains) }
        return viewTypes.all.allSatisfy { atomic($0.rawValue) } && modifiers.all.allSatisfy { atomic($0.rawValue) }
    }

    /// The numbers of the view types named so far that `include` picks.
    package func viewTypeNumbers(where include: (ViewType) -> Bool) -> [Int] {
        viewTypes.numbers(where: include)
    }

    /// The numbers of the modifiers named so far that `include` picks.
    package func modifierNumbers(where include: (Modifier) -> Bool) -> [Int] {
        modifiers.numbers(where: include)
    }

    /// The view type a model's number stands for (`View7` for one no lemma named, with `_` added
    /// while a lemma's own name is spelled so).
    package func viewType(_ number: Int) -> ViewType {
        viewTypes.value(number) ?? ViewType(Self.synthetic("View", number, avoiding: { viewTypes.contains(ViewType($0)) }))
    }

    /// The modifier a model's number stands for (`modifier7` for one no lemma named, with `_` added
    /// while a lemma's own name is spelled so).
    package func modifier(_ number: Int) -> Modifier {
        modifiers.value(number) ?? Modifier(Self.synthetic("modifier", number, avoiding: { modifiers.contains(Modifier($0)) }))
    }

    /// The key a model's number stands for.
    package func key(_ number: Int) -> Key {
        stringKeys.value(number).map { .string($0) } ?? .int(number)
    }

    private static func synthetic(_ prefix: String, _ number: Int, avoiding taken: (String) -> Bool) -> String {
        var name = "\(prefix)\(number.magnitude)"
        while taken(name) { name += "_" }
        return name
    }

    /// Values numbered from `stringBase` in the order they are first seen, both ways in constant time.
    private struct Interned<Value: Hashable & Sendable>: Sendable {
        private var values: [Value] = []
        private var numbers: [Value: Int] = [:]

        mutating func number(for value: Value) -> Int {
            if let known = numbers[value] { return known }
            let number = stringBase + values.count
            values.append(value)
            numbers[value] = number
            return number
        }

        func value(_ number: Int) -> Value? {
            let index = number &- stringBase
            return values.indices.contains(index) ? values[index] : nil
        }

        func contains(_ value: Value) -> Bool { numbers[value] != nil }

        /// Every value numbered so far.
        var all: [Value] { values }

        /// The numbers of the values `include` picks.
        func numbers(where include: (Value) -> Bool) -> [Int] { values.indices.filter { include(values[$0]) }.map { stringBase + $0 } }
    }
}
