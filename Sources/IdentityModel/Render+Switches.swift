extension Render {
    /// Every render of the same program that differs from this one in one dynamic choice: an
    /// `if`/`else` taking its other arm, an `if` toggled, one `ForEach` row removed (the last one for
    /// index keys; none for a constant range, whose row count may not change), or an `.id` given
    /// another value. Used to realize a render in which a view is gone (R7, R9).
    public var singleSwitches: [Render] {
        switch self {
        case .leaf, .stateful:
            return []
        case .tuple(let children):
            return children.indices.flatMap { index in
                children[index].singleSwitches.map { switched in
                    var copy = children
                    copy[index] = switched
                    return Render.tuple(copy)
                }
            }
        case let .conditional(arm, active, inactive, readsTwice, transient):
            let flipped = Render.conditional(
                arm: !arm, active: inactive.defaultRender, inactive: active.program, readsTwice: readsTwice,
                transient: transient)
            return [flipped] + active.singleSwitches.map {
                .conditional(arm: arm, active: $0, inactive: inactive, readsTwice: readsTwice, transient: transient)
            }
        case let .optional(content, rendered):
            guard let rendered else { return [.optional(content, content.defaultRender)] }
            return [.optional(content, nil)] + rendered.singleSwitches.map { .optional(content, $0) }
        case let .forEach(source, content, rows):
            var removals: [[ForEachRow]] = []
            switch source {
            case .constantRange: break
            case .indices: if !rows.isEmpty { removals.append(Array(rows.dropLast())) }
            default: removals = rows.indices.map { index in rows.enumerated().filter { $0.offset != index }.map(\.element) }
            }
            let inner = rows.indices.flatMap { index in
                rows[index].content.singleSwitches.map { switched in
                    var copy = rows
                    copy[index].content = switched
                    return copy
                }
            }
            return (removals + inner).map { .forEach(source, content: content, rows: $0) }
        case let .explicitID(key, content):
            let other: Key
            if case .int(let value) = key { other = .int(value + 1) } else { other = .int(0) }
            return [.explicitID(other, content)] + content.singleSwitches.map { .explicitID(key, $0) }
        case let .modified(content, modifier, value):
            return content.singleSwitches.map { .modified($0, modifier, value: value) }
        case .anyView(let content):
            return content.singleSwitches.map { .anyView($0) }
        case let .container(kind, content):
            return content.singleSwitches.map { .container(kind, $0) }
        }
    }
}
