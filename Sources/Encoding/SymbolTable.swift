import IdentityModel

/// Interns the string-like values of the model (view types, modifiers, keys) as Z3 integers, and
/// reads them back from a model.
///
/// Integer keys stand for themselves; string keys and names get numbers from `stringBase` up, far
/// below any integer a lemma or render plausibly writes (`.id(1000000)` and `.id("x")` once shared a
/// number: red-team finding 5), so an integer the solver invents decodes to a fresh, visibly
/// synthetic name, never to one the lemma uses (finding 6).
public struct SymbolTable: Sendable {
    static let stringBase = Int.min / 2
    private var viewTypes: [ViewType] = []
    private var modifiers: [Modifier] = []
    private var stringKeys: [String] = []

    /// An empty table.
    public init() {}

    /// The number standing for `type`.
    public mutating func number(for type: ViewType) -> Int { Self.intern(type, in: &viewTypes) }

    /// The number standing for `modifier`.
    public mutating func number(for modifier: Modifier) -> Int { Self.intern(modifier, in: &modifiers) }

    /// The number standing for `key`.
    public mutating func number(for key: Key) -> Int {
        switch key {
        case .int(let value): return value
        case .string(let value): return Self.intern(value, in: &stringKeys)
        }
    }

    /// The view type a model's number stands for (`View7` for one no lemma named, with `_` added
    /// while a lemma's own name is spelled so).
    public func viewType(_ number: Int) -> ViewType {
        Self.lookup(number, in: viewTypes) ?? ViewType(Self.synthetic("View", number, avoiding: viewTypes.map(\.description)))
    }

    /// The modifier a model's number stands for (`modifier7` for one no lemma named, with `_` added
    /// while a lemma's own name is spelled so).
    public func modifier(_ number: Int) -> Modifier {
        Self.lookup(number, in: modifiers) ?? Modifier(Self.synthetic("modifier", number, avoiding: modifiers.map(\.description)))
    }

    /// The key a model's number stands for.
    public func key(_ number: Int) -> Key {
        Self.lookup(number, in: stringKeys).map { .string($0) } ?? .int(number)
    }

    private static func intern<T: Equatable>(_ value: T, in table: inout [T]) -> Int {
        if let index = table.firstIndex(of: value) { return stringBase + index }
        table.append(value)
        return stringBase + table.count - 1
    }

    private static func lookup<T>(_ number: Int, in table: [T]) -> T? {
        let index = number - stringBase
        return table.indices.contains(index) ? table[index] : nil
    }

    private static func synthetic(_ prefix: String, _ number: Int, avoiding names: [String]) -> String {
        var name = "\(prefix)\(number.magnitude)"
        while names.contains(name) { name += "_" }
        return name
    }
}
