extension Render {
    /// The render with the stateful leaf that `steps` lead to passing `value` as its `initialValue`,
    /// or `nil` when the steps lead to no stateful leaf of this render.
    public func settingInitialValue(_ value: Int, along steps: ArraySlice<PathStep>) -> Render? {
        guard let step = steps.first else {
            guard case let .stateful(type, _, label) = self else { return nil }
            return .stateful(type, initialValue: value, label: label)
        }
        let rest = steps.dropFirst()
        switch (self, step) {
        case (.tuple(var children), .tuple(let slot, _)):
            guard children.indices.contains(slot), let child = children[slot].settingInitialValue(value, along: rest) else { return nil }
            children[slot] = child
            return .tuple(children)
        case let (.conditional(arm, active, inactive, readsTwice, transient), .conditional):
            return active.settingInitialValue(value, along: rest).map {
                .conditional(arm: arm, active: $0, inactive: inactive, readsTwice: readsTwice, transient: transient)
            }
        case let (.optional(content, rendered?), .optional):
            return rendered.settingInitialValue(value, along: rest).map { .optional(content, $0) }
        case (.forEach(let source, let content, var rows), .forEach(_, _, let offset)):
            guard rows.indices.contains(offset), let row = rows[offset].content.settingInitialValue(value, along: rest) else { return nil }
            rows[offset].content = row
            return .forEach(source, content: content, rows: rows)
        case let (.explicitID(id, content), .explicitID):
            return content.settingInitialValue(value, along: rest).map { .explicitID(id, $0) }
        case let (.modified(content, modifier, argument), .modified):
            return content.settingInitialValue(value, along: rest).map { .modified($0, modifier, value: argument) }
        case (.anyView(let content), .anyView):
            return content.settingInitialValue(value, along: rest).map { .anyView($0) }
        case let (.container(kind, content), .container):
            return content.settingInitialValue(value, along: rest).map { .container(kind, $0) }
        default:
            return nil
        }
    }
}
