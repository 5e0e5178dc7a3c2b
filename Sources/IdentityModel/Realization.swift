/// Minimal renders that realize two given paths: how a solver counterexample, which is a pair of
/// paths, becomes SwiftUI-like code that can be replayed on trees.
///
/// When the two paths fit one program (they agree on every construct until they part at different
/// tuple slots or different `if` arms, or never part), `before` and `after` are two renders of that
/// program; otherwise they are renders of two programs. Either way `before` has a stateful path with
/// exactly the steps and leaf of the first path, and `after` one with those of the second. Tuple slots
/// other than the path's are filled with `Spacer` (optional `Spacer`s below the path's slot, to set
/// `presentBefore`), inactive arms with `Spacer`, other `ForEach` rows with the same content.
/// An `AnyView` step's `erased` field is the one exception: the realized `AnyView` erases the static
/// type of the realized content, whatever the step says.
public struct Realization: Hashable, Sendable {
    /// A render with a stateful path equal to the first path.
    public var before: Render
    /// A render with a stateful path equal to the second path.
    public var after: Render
    /// Whether `before` and `after` are renders of one program.
    public var sharesProgram: Bool { before.program == after.program }

    /// Realizes `before` (steps to a leaf of type `beforeLeaf`) and `after`. When both fit one
    /// program their two leaves are labelled with `labels`; otherwise each render's leaf is `view`.
    public init(
        before: [PathStep], beforeLeaf: ViewType, beforeInitial: Int = 0,
        after: [PathStep], afterLeaf: ViewType, afterInitial: Int = 0, labels: (String, String) = ("before", "after")
    ) throws {
        let first = PathSpec(steps: before, leaf: beforeLeaf, initial: beforeInitial, label: labels.0)
        let second = PathSpec(steps: after, leaf: afterLeaf, initial: afterInitial, label: labels.1)
        if let pair = try Realization.merge(first, second, depth: 0) {
            self.before = pair.0
            self.after = pair.1
        } else {
            self.before = try Realization.single(first.relabelled("view"), depth: 0)
            self.after = try Realization.single(second.relabelled("view"), depth: 0)
        }
    }

    /// A render with one stateful path of exactly these steps, its leaf labelled `label`.
    public static func realize(_ steps: [PathStep], leaf: ViewType, initial: Int = 0, label: String = "view") throws -> Render {
        try single(PathSpec(steps: steps, leaf: leaf, initial: initial, label: label), depth: 0)
    }

    private struct PathSpec {
        var steps: ArraySlice<PathStep>
        var leaf: ViewType
        var initial: Int
        var label: String

        init(steps: [PathStep], leaf: ViewType, initial: Int, label: String) {
            self.steps = steps[...]
            self.leaf = leaf
            self.initial = initial
            self.label = label
        }

        var rest: PathSpec {
            var copy = self
            copy.steps = steps.dropFirst()
            return copy
        }

        func relabelled(_ label: String) -> PathSpec {
            var copy = self
            copy.label = label
            return copy
        }
    }

    private static func single(_ path: PathSpec, depth: Int) throws -> Render {
        guard let pair = try merge(path, path, depth: depth) else {
            preconditionFailure("a path always merges with itself")
        }
        return pair.0
    }

    /// Renders of one program realizing `a` and `b`, or `nil` when no single program holds both.
    private static func merge(_ a: PathSpec, _ b: PathSpec, depth: Int) throws -> (Render, Render)? {
        guard let stepA = a.steps.first, let stepB = b.steps.first else {
            guard a.steps.isEmpty, b.steps.isEmpty, a.leaf == b.leaf else { return nil }
            let label = a.label == b.label ? a.label : "view"
            return (
                .stateful(a.leaf, initialValue: a.initial, label: label),
                .stateful(b.leaf, initialValue: b.initial, label: label)
            )
        }
        if stepA.staticPart != stepB.staticPart {
            return try part(a, b, depth: depth)
        }
        guard let (childA, childB) = try merge(a.rest, b.rest, depth: depth + 1) else { return nil }
        switch stepA.kind {
        case .tuple:
            let slots = [stepA.slot]
            return (
                try tuple(slots: slots, contents: [childA], target: stepA, depth: depth),
                try tuple(slots: slots, contents: [childB], target: stepB, depth: depth)
            )
        case .conditional:
            func conditional(_ step: PathStep, _ child: Render) -> Render {
                .conditional(
                    arm: step.arm, active: child, inactive: .leaf(.spacer), readsTwice: step.readsTwice,
                    transient: step.transient)
            }
            return (conditional(stepA, childA), conditional(stepB, childB))
        case .optional:
            return (.optional(childA.program, childA), .optional(childB.program, childB))
        case .forEach:
            let source = stepA.source!
            let rowCount = source == .constantRange ? max(stepA.offset, stepB.offset) + 1 : nil
            return (
                try forEach(stepA, childA, rowCount: rowCount, depth: depth),
                try forEach(stepB, childB, rowCount: rowCount, depth: depth)
            )
        case .explicitID:
            return (.explicitID(stepA.id!, childA), .explicitID(stepB.id!, childB))
        case .modified:
            return (
                .modified(childA, stepA.modifier!, value: stepA.value), .modified(childB, stepB.modifier!, value: stepB.value)
            )
        case .anyView:
            // The erased type is whatever the realized content is: a solver's path names it only
            // as a number, so replay compares paths without it and re-reads the real type.
            return (.anyView(childA), .anyView(childB))
        case .container:
            return (.container(stepA.container!, childA), .container(stepB.container!, childB))
        }
    }

    /// Paths that part here: at different slots of one tuple, or different arms of one `if`.
    private static func part(_ a: PathSpec, _ b: PathSpec, depth: Int) throws -> (Render, Render)? {
        let stepA = a.steps.first!
        let stepB = b.steps.first!
        switch (stepA.kind, stepB.kind) {
        case (.tuple, .tuple) where stepA.slot != stepB.slot:
            let childA = try single(a.rest, depth: depth + 1)
            let childB = try single(b.rest, depth: depth + 1)
            let slots = [stepA.slot, stepB.slot]
            return (
                try tuple(slots: slots, contents: [childA, childB], target: stepA, depth: depth),
                try tuple(slots: slots, contents: [childA, childB], target: stepB, depth: depth)
            )
        case (.conditional, .conditional) where stepA.arm != stepB.arm && stepA.readsTwice == stepB.readsTwice:
            let childA = try single(a.rest, depth: depth + 1)
            let childB = try single(b.rest, depth: depth + 1)
            return (
                .conditional(
                    arm: stepA.arm, active: childA, inactive: childB.program, readsTwice: stepA.readsTwice,
                    transient: stepA.transient),
                .conditional(
                    arm: stepB.arm, active: childB, inactive: childA.program, readsTwice: stepB.readsTwice,
                    transient: stepB.transient)
            )
        default:
            return nil
        }
    }

    /// A tuple with `contents` at `slots`, optional `Spacer`s at other slots below the last content
    /// slot and a trailing `Spacer` when needed for two children; fillers (and, if need be, the other
    /// path's content) are present so that the child at `target.slot` has `target.presentBefore`
    /// present siblings before it.
    private static func tuple(slots: [Int], contents: [Render], target: PathStep, depth: Int) throws -> Render {
        let count = max(slots.max()! + 1, 2)
        var contents = contents
        var fixedBelow = slots.filter { $0 < target.slot }.count
        if target.presentBefore < fixedBelow, let other = slots.firstIndex(where: { $0 < target.slot }),
            let absent = absentRender(of: contents[other].program)
        {
            contents[other] = absent
            fixedBelow -= 1
        }
        let fillersBelow = target.slot - slots.filter { $0 < target.slot }.count
        var needed = target.presentBefore - fixedBelow
        guard needed >= 0, needed <= fillersBelow else {
            throw RealizationError(
                step: depth, message: "slot \(target.slot) cannot have \(target.presentBefore) present siblings before it")
        }
        var children: [Render] = []
        for slot in 0..<count {
            if let index = slots.firstIndex(of: slot) {
                children.append(contents[index])
            } else if slot > slots.max()! {
                children.append(.leaf(.spacer))
            } else {
                let present = slot < target.slot && needed > 0
                children.append(.optional(.leaf(.spacer), present ? .leaf(.spacer) : nil))
                if present { needed -= 1 }
            }
        }
        return .tuple(children)
    }

    /// A render of `program` that shows nothing, if there is one.
    private static func absentRender(of program: Program) -> Render? {
        switch program {
        case .optional(let content): return .optional(content, nil)
        case let .forEach(source, content) where source != .constantRange: return .forEach(source, content: content, rows: [])
        case .leaf(.emptyView): return .leaf(.emptyView)
        case .tuple(let children):
            let absent = children.compactMap(absentRender(of:))
            return absent.count == children.count ? .tuple(absent) : nil
        default: return nil
        }
    }

    /// A `ForEach` whose row at `step.offset` has key `step.key` and content `child`; other rows have
    /// the same content and fresh keys.
    private static func forEach(_ step: PathStep, _ child: Render, rowCount: Int?, depth: Int) throws -> Render {
        let source = step.source!
        let key = step.key!
        if source.keysAreOffsets, key != .int(step.offset) {
            throw RealizationError(step: depth, message: "a \(source) ForEach row's key must be its offset \(step.offset)")
        }
        var fresh = (0...).lazy.map { source.keysAreOffsets ? Key.int($0) : Self.fillerKey($0, like: key) }
            .filter { $0 != key }.makeIterator()
        var rows: [ForEachRow] = []
        for offset in 0..<(rowCount ?? step.offset + 1) {
            if offset == step.offset {
                rows.append(ForEachRow(key: key, content: child))
            } else {
                let filler = source.keysAreOffsets ? Key.int(offset) : fresh.next()!
                rows.append(ForEachRow(key: filler, content: child))
            }
        }
        return .forEach(source, content: child.program, rows: rows)
    }

    private static func fillerKey(_ index: Int, like key: Key) -> Key {
        if case .string = key { return .string("k\(index)") }
        return .int(index)
    }
}
