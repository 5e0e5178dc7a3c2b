/// A property of every transition: `check` returns `nil` when it holds, or why it does not.
public struct TransitionProperty: Sendable {
    /// The name `explore --property` selects it by.
    public var name: String
    /// What it claims.
    public var summary: String
    /// `nil` if the transition satisfies the property, otherwise a description of the violation.
    public var check: @Sendable (Transition) -> String?

    /// A property from a predicate.
    public init(name: String, summary: String, check: @escaping @Sendable (Transition) -> String?) {
        self.name = name
        self.summary = summary
        self.check = check
    }

    /// Seed 000's engineer expectation: a view of the same type at the same rendered position keeps
    /// its state. Refuted by the rules.
    public static let engineerExpectation = TransitionProperty(
        name: "engineer-expectation", summary: "same type at the same position => state survives"
    ) { transition in
        guard case .render(let next) = transition.action else { return nil }
        let program = transition.program
        let oldLeaves = program.leaves(of: transition.old.render)
        for leaf in program.leaves(of: next) {
            guard let previous = oldLeaves.first(where: { $0.address == leaf.address }) else { continue }
            if leaf.identity < 0 || leaf.identity != previous.identity {
                return "the \(program.describeLeaf(leaf, in: next)) is at the same position with the same type, but its identity changed, so its state was reset"
            }
        }
        return nil
    }

    /// State survives iff identity survives: a rendered view keeps its value exactly when its
    /// identity was allocated before (rendered or retained), and otherwise starts from its initial
    /// value.
    public static let identityDeterminesState = TransitionProperty(
        name: "identity-determines-state", summary: "state survives iff identity survives"
    ) { transition in
        guard case .render(let next) = transition.action else { return nil }
        let program = transition.program
        for leaf in program.leaves(of: next) {
            let value = leaf.identity >= 0 && transition.new.values.contains(Int(leaf.identity))
            let expected: Bool
            if leaf.identity >= 0, transition.old.alive.contains(Int(leaf.identity)) {
                expected = transition.old.values.contains(Int(leaf.identity))
            } else {
                expected = leaf.initialIsOne
            }
            if value != expected { return "the \(program.describeLeaf(leaf, in: next)) holds \(value ? 1 : 0), expected \(expected ? 1 : 0)" }
        }
        return nil
    }

    /// Every named property.
    public static let all: [TransitionProperty] = [.engineerExpectation, .identityDeterminesState]

    /// The property with this name, or `nil`.
    public static func named(_ name: String) -> TransitionProperty? { all.first { $0.name == name } }
}

extension CompiledProgram {
    /// A person's description of a leaf of render `index`: its label or type, and its address.
    func describeLeaf(_ leaf: CompiledLeaf, in index: Int32) -> String {
        let paths = renders[Int(index)].statefulPaths(rules: rules, generation: 0)
        let offset = leaves(of: index).firstIndex(of: leaf).map { $0 - Int(leafStart[Int(index)]) } ?? 0
        let path = paths[offset]
        return "\(path.leafType) at address \(path.address)"
    }
}
