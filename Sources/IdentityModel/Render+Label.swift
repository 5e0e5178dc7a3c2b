extension Render {
    /// The render with the stateful leaf that `steps` lead to labelled `label`, when it has no
    /// label yet, so that a printed counterexample can mark it; `nil` when `steps` do not lead to
    /// an unlabelled stateful leaf, or `label` is already written in the render. Labels are names
    /// for reports and scenarios, never part of an identity.
    public func labelling(along steps: [PathStep], _ label: String) -> Render? {
        guard !statefulLabels.contains(label) else { return nil }
        return labelled(steps[...], label)
    }

    private func labelled(_ steps: ArraySlice<PathStep>, _ label: String) -> Render? {
        guard let step = steps.first else {
            if case let .stateful(type, initialValue, nil) = self { return .stateful(type, initialValue: initialValue, label: label) }
            return nil
        }
        let rest = steps.dropFirst()
        switch (self, step) {
        case let (.tuple(children), .tuple(slot, _)) where children.indices.contains(slot):
            guard let child = children[slot].labelled(rest, label) else { return nil }
            var copy = children
            copy[slot] = child
            return .tuple(copy)
        case let (.conditional(arm, active, inactive, readsTwice, transient), .conditional):
            return active.labelled(rest, label).map {
                .conditional(arm: arm, active: $0, inactive: inactive, readsTwice: readsTwice, transient: transient)
            }
        case let (.optional(content, rendered?), .optional):
            return rendered.labelled(rest, label).map { .optional(content, $0) }
        case let (.forEach(source, content, rows), .forEach(_, _, offset)) where rows.indices.contains(offset):
            guard let row = rows[offset].content.labelled(rest, label) else { return nil }
            var copy = rows
            copy[offset].content = row
            return .forEach(source, content: content, rows: copy)
        case let (.explicitID(id, content), .explicitID):
            return content.labelled(rest, label).map { .explicitID(id, $0) }
        case let (.modified(content, modifier, value), .modified):
            return content.labelled(rest, label).map { .modified($0, modifier, value: value) }
        case let (.anyView(content), .anyView):
            return content.labelled(rest, label).map { .anyView($0) }
        case let (.container(kind, content), .container):
            return content.labelled(rest, label).map { .container(kind, $0) }
        default:
            return nil
        }
    }

    /// Every label a stateful leaf carries, in any arm or row.
    private var statefulLabels: Set<String> {
        switch self {
        case .leaf: return []
        case let .stateful(_, _, label): return label.map { [$0] } ?? []
        case .tuple(let children): return children.reduce(into: []) { $0.formUnion($1.statefulLabels) }
        case let .conditional(_, active, inactive, _, _): return active.statefulLabels.union(inactive.defaultRender.statefulLabels)
        case let .optional(content, rendered): return (rendered ?? content.defaultRender).statefulLabels
        case let .forEach(_, content, rows):
            return rows.reduce(into: content.defaultRender.statefulLabels) { $0.formUnion($1.content.statefulLabels) }
        case let .explicitID(_, content), let .modified(content, _, _), let .anyView(content), let .container(_, content):
            return content.statefulLabels
        }
    }
}
