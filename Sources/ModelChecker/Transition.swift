/// One step of the compact runtime, as a property sees it.
package struct Transition {
    /// The program and its compiled renders.
    package let program: CompiledProgram
    /// The state before the action.
    package let old: CheckerState
    /// The action.
    package let action: CheckerAction
    /// The state after the action.
    package let new: CheckerState
}
