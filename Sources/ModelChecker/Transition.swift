/// One step of the compact runtime, as a property sees it.
public struct Transition {
    /// The program and its compiled renders.
    public let program: CompiledProgram
    /// The state before the action.
    public let old: CheckerState
    /// The action.
    public let action: CheckerAction
    /// The state after the action.
    public let new: CheckerState
}
