import IdentityModel

/// The render at which a counterexample goes wrong, and what happens there: for a lemma, the first
/// render after the first in which a view its paths name is initialized, destroyed, revived or
/// leaves (or, when none is, the last render a path is bound in); for a scenario, the render
/// before its first failed check.
package struct FailurePoint: Sendable, Equatable {
    /// The index of the render.
    package var render: Int
    /// What happens there, in a sentence.
    package var reason: String

    package init(render: Int, reason: String) { (self.render, self.reason) = (render, reason) }

    /// Where `bound`'s views change in `log`, across `renderCount` renders with `held` values.
    package static func locate(bound: [BoundView], log: [LifecycleEvent], held: [[HeldState]], renderCount: Int) -> FailurePoint? {
        guard let last = bound.map(\.render).max() else { return nil }
        let tracked = bound.map(\.identity)
        let events = log.filter { $0.generation > 0 && tracked.contains($0.identity) }
        guard let render = events.map(\.generation).min(), render < renderCount else {
            let views = bound.filter { $0.render == last }
                .map { "\($0.variable) holds \($0.state) (initialValue \($0.initialValue))" }
            return FailurePoint(render: last, reason: "no view the paths name changes; " + views.joined(separator: ", "))
        }
        let atRender = events.filter { $0.generation == render }
        var parts: [String] = []
        var seen: [Identity] = []
        for identity in tracked where !seen.contains(identity) && atRender.contains(where: { $0.identity == identity }) {
            seen.append(identity)
            let kinds = atRender.filter { $0.identity == identity }.map(\.kind)
            let names = bound.filter { $0.identity == identity }.map(\.variable).joined(separator: " and ")
            let before = held.indices.contains(render - 1) ? held[render - 1].first { $0.identity == identity } : nil
            let now = held.indices.contains(render) ? held[render].first { $0.identity == identity } : nil
            parts.append("\(names)'s view \(identity) " + describe(kinds, before: before?.held, now: now))
        }
        return FailurePoint(render: render, reason: parts.joined(separator: "; "))
    }

    private static func describe(_ kinds: [LifecycleEvent.Kind], before: Int?, now: HeldState?) -> String {
        var words: [String] = []
        if kinds.contains(.disappear) { words.append("is no longer rendered") }
        if kinds.contains(.destroy) { words.append("its state\(before.map { " (held \($0))" } ?? "") is destroyed") }
        if kinds.contains(.revive) { words.append("comes back with its retained state\(now.map { " \($0.held)" } ?? "")") }
        if kinds.contains(.initialize) {
            words.append("gets a new state from initialValue\(now.map { " \($0.initialValue)" } ?? "")")
        }
        if words.isEmpty { words.append(kinds.map(\.rawValue).joined(separator: ", ")) }
        return words.joined(separator: ", ")
    }
}
