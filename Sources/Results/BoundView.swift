import IdentityModel
import LemmaLogic

/// The view a lemma's path variable names in a counterexample: where it is, its identity, and its
/// initial and held values in the render it is bound in.
package struct BoundView: Sendable, Equatable {
    /// The path variable (`p`).
    package var variable: String
    /// The index of the render it is bound in.
    package var render: Int
    /// The view's label in that render.
    package var label: String?
    /// The path's steps, root first, as the semantics prints them.
    package var steps: [String]
    /// The stateful leaf's type.
    package var leafType: ViewType
    /// The identity the rules give the path.
    package var identity: Identity
    /// The `initialValue` the render passes.
    package var initialValue: Int
    /// The value the state holds after the render.
    package var state: Int
    /// The value `mutate` sets the state to right after the render, when the lemma mutates the view.
    package var set: Int?

    /// A scenario's view, named by its label, as it is after render `render`.
    package init(label: String, render: Int, state: HeldState) {
        variable = label
        self.render = render
        self.label = state.label
        steps = state.steps
        leafType = state.leafType
        identity = state.identity
        initialValue = state.initialValue
        self.state = state.held
    }

    /// The view `witness` binds to `variable`, in render `render`.
    package init(variable: String, render: Int, witness: PathWitness) {
        self.variable = variable
        self.render = render
        label = witness.path.label
        steps = witness.path.steps.map(\.description)
        leafType = witness.path.leafType
        identity = witness.path.identity
        initialValue = witness.path.initial
        state = witness.state
        set = witness.set
    }
}
