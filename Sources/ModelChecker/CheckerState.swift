/// A state of the runtime in compact form: the current render of a program, the allocated states
/// (rendered or retained) and which of them hold the value 1 (the others hold 0).
package struct CheckerState: Hashable, Sendable {
    /// The index of the current render in `CompiledProgram.renders`.
    package var render: Int32
    /// Allocated identities: rendered or retained (R7).
    package var alive: IdentityBits
    /// Allocated identities whose state holds 1.
    package var values: IdentityBits

    /// A state from its parts.
    package init(render: Int32, alive: IdentityBits, values: IdentityBits) {
        self.render = render
        self.alive = alive
        self.values = values
    }
}
