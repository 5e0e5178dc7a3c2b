import IdentityModel

/// Interns the string-like values of the model (view types, modifiers, keys) as Z3 integers, and
/// reads them back from a model.
///
/// Integer keys stand for themselves; string keys and names get numbers from `stringBase` up, so
/// an integer the solver invents decodes to a fresh, visibly synthetic name.
public struct SymbolTable: Sendable {
    static let stringBase = 1_000_000
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

    /// The view type a model's number stands for (`View7` for one no lemma named).
    public func viewType(_ number: Int) -> ViewType {
        Self.lookup(number, in: viewTypes) ?? ViewType("View\(Self.synthetic(number))")
    }

    /// The modifier a model's number stands for (`modifier7` for one no lemma named).
    public func modifier(_ number: Int) -> Modifier {
        Self.lookup(number, in: modifiers) ?? Modifier("modifier\(Self.synthetic(number))")
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

    private static func synthetic(_ number: Int) -> Int { number >= 0 ? number : -number }
}
