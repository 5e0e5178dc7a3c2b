/// The index variables a `TreeEvaluator` has bound, innermost last: quantifiers bind and unbind in
/// nested order, so a stack whose lookup reads from the top gives each variable its innermost
/// binding (a body that binds its own variable again shadows the outer one until it ends). No
/// hashing, and no storage until the first binding.
struct IndexBindings {
    private var bindings: [(variable: Int, value: Int)] = []

    /// The innermost binding of `variable`, `nil` when none is in scope.
    subscript(variable: Int) -> Int? {
        bindings.last { $0.variable == variable }?.value
    }

    /// Binds `variable` to `value` inside every binding made so far.
    mutating func bind(_ variable: Int, to value: Int) { bindings.append((variable, value)) }

    /// Gives the innermost binding `value`.
    mutating func rebind(to value: Int) { bindings[bindings.count - 1].value = value }

    /// Ends the innermost binding.
    mutating func unbind() { bindings.removeLast() }
}
