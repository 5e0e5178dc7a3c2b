import IdentityModel

/// Every program and every render of a program within `Bounds`, in a fixed order.
package struct ProgramEnumerator: Sendable {
    /// The bounds.
    package let bounds: Bounds

    /// An enumerator for these bounds.
    package init(bounds: Bounds) { self.bounds = bounds }

    /// Every program of depth at most `bounds.depth`.
    package func programs() -> [Program] { programs(depth: bounds.depth) }

    private func programs(depth: Int) -> [Program] {
        let leaves = bounds.viewTypeTags.map { Program.stateful($0, label: nil) }
        guard depth > 1 else { return leaves }
        var result = leaves
        for child in programs(depth: depth - 1) { result += wrappers(of: child) }
        return result
    }

    /// Every construct with `child` as its compound child.
    private func wrappers(of child: Program) -> [Program] {
        let sibling = Program.stateful(bounds.viewTypeTags[0], label: nil)
        var result: [Program] = [.container(.VStack, child), .container(.LazyVStack, child)]
        let isTuple: Bool
        if case .tuple = child { isTuple = true } else { isTuple = false }
        if !isTuple, bounds.branching >= 2 {
            for count in 2...bounds.branching {
                for slot in 0..<count {
                    for choice in 0..<(1 << (count - 1)) {
                        var children: [Program] = []
                        var bit = 0
                        for index in 0..<count {
                            if index == slot {
                                children.append(child)
                            } else {
                                children.append(choice & (1 << bit) == 0 ? sibling : .optional(sibling))
                                bit += 1
                            }
                        }
                        result.append(.tuple(children))
                    }
                }
            }
        }
        for readsTwice in bounds.twiceReadConditions ? [false, true] : [false] {
            result.append(.conditional(then: child, else: sibling, readsTwice: readsTwice))
            result.append(.conditional(then: sibling, else: child, readsTwice: readsTwice))
        }
        result.append(.optional(child))
        for source in [KeySource.identifiable, .self, .indices, .constantRange] { result.append(.forEach(source, content: child)) }
        if !isTuple {
            result.append(.explicitID(child))
            for modifier in bounds.modifierTags { result.append(.modified(child, modifier)) }
            result.append(.anyView(child))
        }
        return result
    }

    /// Every render of `program`: arms, optional presence, `ForEach` rows (distinct keys, one shared
    /// content render), `.id` values from the key values, modifier values 0 and 1.
    package func renders(of program: Program) -> [Render] { enumerate(program, RenderBuilder()) }
}
