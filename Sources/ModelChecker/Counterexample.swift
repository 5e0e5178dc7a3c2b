import IdentityModel

/// A shortest trace that violates a property, replayed on the runtime for a readable report.
package struct Counterexample: Sendable, CustomStringConvertible {
    /// The renders of the trace, first the initial one.
    package var renders: [Render]
    /// The actions after the initial render, as the runtime sees them.
    package var actions: [Action]
    /// Why the last transition violates the property.
    package var violation: String
    /// The runtime's report of the last render, if the last action is a render.
    package var lastReport: RenderReport?
    /// The runtime's lifecycle log for the trace.
    package var log: [LifecycleEvent]

    package var description: String {
        var text = "initial render:\n" + indent(RenderPrinter.print(renders[0]))
        for action in actions {
            switch action {
            case .render(let render): text += "\nthen render:\n" + indent(RenderPrinter.print(render))
            case let .mutateState(target, value): text += "\nthen set \(target) = \(value)"
            }
        }
        text += "\nviolation: \(violation)"
        if let lastReport {
            for view in lastReport.views {
                text += "\n  \(view.path.leafType) at \(view.path.address) \(view.outcome): \(view.path.identity)"
            }
        }
        text += "\nlifecycle:\n" + log.map { "  \($0)" }.joined(separator: "\n")
        return text
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
