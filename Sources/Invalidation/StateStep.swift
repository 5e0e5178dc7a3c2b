/// A `@State` after one transition of its view (`InvalidationRules.i8StateAfter`): the value it
/// holds, its own change there, and the set it carries to the next transition (only a mutant
/// carries one: under the rules a set is over once its transition is).
public struct StateStep: Hashable, Sendable {
    public var value: Int
    public var change: StateChange
    public var carried: StateUpdate?

    public init(value: Int, change: StateChange, carried: StateUpdate? = nil) {
        self.value = value
        self.change = change
        self.carried = carried
    }
}
