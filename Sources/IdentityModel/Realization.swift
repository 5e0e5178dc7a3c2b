/// Minimal renders that realize given paths: how a solver counterexample, a list of paths each
/// bound in one of several renders, becomes SwiftUI-like code that can be replayed on trees.
///
/// Each path's render has a stateful view whose path has exactly the path's steps, leaf type and
/// initial value, labelled with the path's label (`view` where paths with different labels reach one
/// view of the program, whose label the program fixes). An `AnyView` step's `erased` field is the one
/// exception: the realized `AnyView` erases the static type of the realized content, whatever the
/// step says. The paths of one render share one tree, and share it as far as their steps agree;
/// they part at different slots of one tuple or different rows of one `ForEach`. All renders are
/// renders of one program when the paths fit one; then paths of different renders may also part at
/// different arms of one `if`. Where the paths leave a choice, the renders take the minimal one:
/// tuple slots no path passes hold `Spacer` (optional `Spacer`s below the last slot a path passes,
/// to set `presentBefore`), arms no path takes hold `Spacer` (`EmptyView` where the `if` must show
/// nothing), and a render or row no path passes repeats another render of the same part of the
/// program. A `ForEach` over a constant range has the same row count in every render.
package struct Realization: Hashable, Sendable {
    /// A render with a stateful path equal to the first path.
    package var before: Render
    /// A render with a stateful path equal to the second path.
    package var after: Render
    /// Whether `before` and `after` are renders of one program.
    package var sharesProgram: Bool { before.program == after.program }

    /// Realizes `before` (steps to a leaf of type `beforeLeaf`) and `after`. When both fit one
    /// program their two leaves are labelled with `labels`; otherwise each render's leaf is `view`.
    package init(
        before: [PathStep], beforeLeaf: ViewType, beforeInitial: Int = 0,
        after: [PathStep], afterLeaf: ViewType, afterInitial: Int = 0, labels: (String, String) = ("before", "after")
    ) throws {
        let specs = [
            RealizationSpec(steps: before, leaf: beforeLeaf, initial: beforeInitial, label: labels.0, render: 0),
            RealizationSpec(steps: after, leaf: afterLeaf, initial: afterInitial, label: labels.1, render: 1),
        ]
        var renders: [Render]
        do {
            renders = try Realization.realize(specs, renderCount: 2, oneProgram: true)
        } catch is RealizationError {
            let unlabelled = specs.map { spec in
                var copy = spec
                copy.label = "view"
                return copy
            }
            renders = try Realization.realize(unlabelled, renderCount: 2, oneProgram: false)
        }
        self.before = renders[0]
        self.after = renders[1]
    }

    /// A render with one stateful path of exactly these steps, its leaf labelled `label`.
    package static func realize(_ steps: [PathStep], leaf: ViewType, initial: Int = 0, label: String = "view") throws -> Render {
        let spec = RealizationSpec(steps: steps, leaf: leaf, initial: initial, label: label)
        try refuseUnwritable([spec])
        return try realize([[spec]], depth: 0).renders[0]
    }

    /// Throws for a spec whose leaf is named as a construct (`AnyView(state: 0)` is no view) or that
    /// passes a modifier no render can write (`.a b(1)` does not parse).
    private static func refuseUnwritable(_ specs: [RealizationSpec]) throws {
        if let construct = specs.first(where: { !$0.leaf.canBeStatefulLeaf }) {
            throw RealizationError(step: construct.steps.count, message: "path \(construct.label) ends at a \(construct.leaf), which holds no state")
        }
        for spec in specs {
            for (index, step) in spec.steps.enumerated() {
                if case .modified(let modifier, _) = step, !modifier.isWritable {
                    throw RealizationError(step: index, message: "path \(spec.label) passes the modifier '\(modifier)', which no render can write")
                }
            }
        }
    }

    /// `renderCount` renders realizing `specs`, each spec in the render its `render` names.
    ///
    /// When `oneProgram` holds, every render is a render of one program, and a render no spec is in
    /// repeats a render some spec is in. Otherwise the renders share a program if the specs fit one,
    /// and else each render is realized on its own, a render no spec is in being `Spacer`.
    ///
    /// - Throws: `RealizationError` when no renders (of one program, if `oneProgram`) realize the
    ///   specs: within one render, paths that take different arms of one `if`, pass one `.id` or
    ///   modifier with different values, give one `ForEach` row two keys or one key two rows, end at
    ///   one view with different initial values, or ask for a `presentBefore` no filler can give;
    ///   across the renders of one program, paths that pass different constructs at one node. Also
    ///   for malformed input: a render index outside `0..<renderCount`, a step missing its key,
    ///   source, id, modifier or container, a negative slot or offset, or one of `widthLimit` or more, a leaf named
    ///   as a construct (`AnyView`, `ForEach`, a container), or a modifier no render can write (`Modifier.isWritable`).
    package static func realize(_ specs: [RealizationSpec], renderCount: Int, oneProgram: Bool) throws -> [Render] {
        guard renderCount >= 0 else {
            throw RealizationError(step: 0, message: "cannot realize \(renderCount) renders")
        }
        if let stray = specs.first(where: { !(0..<renderCount).contains($0.render) }) {
            throw RealizationError(
                step: 0, message: "path \(stray.label) is in render \(stray.render), not one of 0..<\(renderCount)")
        }
        try refuseUnwritable(specs)
        let byRender = (0..<renderCount).map { render in specs.filter { $0.render == render } }
        do {
            return try realize(byRender, depth: 0).renders
        } catch is RealizationError where !oneProgram {
            return try byRender.flatMap { try realize([$0], depth: 0).renders }
        }
    }
}
