import Invalidation

extension Checker {
    /// Reports what SwiftUI would not run: an `environmentObject(T)` with no
    /// `.environmentObject(model(n) as T)` above it in that render (E095: the runtime stops there,
    /// "no ObservableObject of type T found"), and two `stateObject(model(n))` of one object in the
    /// first render (E096: each `@StateObject` makes an instance of its own, so two cannot make one
    /// object). Later renders' initialisers are not all called (I12 keeps a surviving identity's
    /// object), so which objects they hold is the scenario runner's to check (`shared-state-object`).
    /// `renders` pairs each parsed tree with the start of its block.
    func checkDeclaredObjects(
        _ renders: [(tree: ViewTreeParser.Parsed, start: SourceLocation)], _ diagnostics: inout [Diagnostic]
    ) -> Bool {
        var ok = true
        for (index, (tree, start)) in renders.enumerated() {
            var makers: [Int: String] = [:]
            for node in tree.root.preorder {
                for declared in node.value.environmentObjects where node.environmentObjects[declared.key] == nil {
                    diagnostics.append(Diagnostic(
                        .environmentObjectMissing,
                        "\(node.label).\(declared.name) reads environmentObject(\(declared.key)), but no .environmentObject(model(n) as \(declared.key)) is above it in this render",
                        at: start,
                        notes: [Diagnostic.Note("SwiftUI stops the app when an @EnvironmentObject has no provider above it: add the modifier on an ancestor")]))
                    ok = false
                }
                let made = index == 0 ? Set(tree.stateObjects[node.label] ?? []) : []
                for property in node.value.properties where made.contains(property.name) {
                    guard case .observed(let object) = property.value else { continue }
                    let maker = "\(node.label).\(property.name)"
                    guard let earlier = makers[object] else { makers[object] = maker; continue }
                    diagnostics.append(Diagnostic(
                        .stateObjectMadeTwice,
                        "\(earlier) and \(maker) both make model(\(object)) as a stateObject in one render",
                        at: start,
                        notes: [Diagnostic.Note("each @StateObject makes an instance of its own: give each its own model number, or pass one down as an observed object")]))
                    ok = false
                }
            }
        }
        return ok
    }
}
