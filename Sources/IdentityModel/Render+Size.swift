extension Render {
    /// The number of views in this render (every node: leaves, containers, modifiers, each row of
    /// a `ForEach` with its content), counted without recursion and stopping once it exceeds
    /// `limit`, so that a render whose rows share a nested `ForEach` costs at most `limit` steps
    /// however many views it expands to. `nil` when the count exceeds `limit`.
    public func viewCount(upTo limit: Int) -> Int? {
        var count = 0
        var pending: [Render] = [self]
        while let render = pending.popLast() {
            count += 1
            guard count <= limit else { return nil }
            switch render {
            case .leaf, .stateful: break
            case .tuple(let children): pending += children
            case let .conditional(_, active, _, _, _): pending.append(active)
            case let .optional(_, content): if let content { pending.append(content) }
            case let .forEach(_, _, rows): pending += rows.map(\.content)
            case let .explicitID(_, content), let .modified(content, _, _), let .anyView(content), let .container(_, content):
                pending.append(content)
            }
        }
        return count
    }
}
