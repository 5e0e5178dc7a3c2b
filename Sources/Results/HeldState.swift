import IdentityModel

/// One stateful view after one render of a counterexample: the `initialValue` the render passes
/// to its `@State` and the value the state actually holds (they differ once a view was mutated
/// or kept its state).
package struct HeldState: Sendable, Equatable {
    /// The view's label, with the row keys inside `ForEach` (`view[1]`).
    package var label: String?
    /// The view's identity, root first, ending with its type.
    package var identity: Identity
    /// The steps of its path, root first, as the semantics prints them.
    package var steps: [String]
    /// The stateful leaf's type.
    package var leafType: ViewType
    /// The `initialValue` written in the render (read only when the state is allocated, R1).
    package var initialValue: Int
    /// The value the state holds after the render.
    package var held: Int
    /// What the render did to the view's state (`nil` where the route does not say).
    package var outcome: IdentityModel.Outcome?

    /// The state of the view on `path`.
    package init(path: ViewPath, held: Int, outcome: IdentityModel.Outcome? = nil) {
        label = path.label
        identity = path.identity
        steps = path.steps.map(\.description)
        leafType = path.leafType
        initialValue = path.initial
        self.held = held
        self.outcome = outcome
    }

    /// `view[1] = 1 (initialValue 0, survives)`.
    package var brief: String {
        "\(label ?? identity.description) = \(held) (initialValue \(initialValue)\(outcome.map { ", \($0)" } ?? ""))"
    }
}
