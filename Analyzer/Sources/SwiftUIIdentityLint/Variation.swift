/// Which names of each view vary at run time, as far as the analysed files show it: `@State`,
/// `@Binding`, observed, environment and stored data (and a property typed as an observable class
/// of the analysed files); a stored property some call site passes a varying value for; a
/// computed property or method that reads a varying name. An object passed on as is (an observed
/// object, an observable class) passes the same reference: it does not make the callee's property
/// vary. Everything else (a `let` fixed per call
/// site, a constant, an injected dependency, a row's element) is taken as fixed for the life of
/// the view, so no finding rests on it changing.
struct Variation {
    /// View name → its varying names.
    private(set) var varying: [String: Set<String>] = [:]
    /// View name → argument label → the first call site found passing a varying value for it.
    private(set) var varyingArguments: [String: [String: SourceSite]] = [:]

    init(_ declarations: [ViewDeclaration], observableTypes: Set<String>) {
        let byName = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Objects: their fields vary, but passing the object on passes the same reference.
        var references: [String: Set<String>] = [:]
        for declaration in byName.values {
            let observed = declaration.storedTypes.filter { observableTypes.contains(Self.baseType($0.value)) }.keys
            varying[declaration.name] = declaration.mutableProperties.union(observed)
            references[declaration.name] = declaration.referenceProperties.union(observed)
        }
        var changed = true
        while changed {
            changed = false
            for declaration in byName.values {
                var names = varying[declaration.name] ?? []
                let labels = Set((varyingArguments[declaration.name] ?? [:]).keys)
                names.formUnion(labels.filter { declaration.storedTypes[$0] != nil })
                for (property, read) in declaration.initAssignments where !read.isDisjoint(with: labels) {
                    names.insert(property)
                }
                for (name, read) in declaration.computedReads where !read.isDisjoint(with: names) {
                    names.insert(name)
                }
                if names != varying[declaration.name] {
                    varying[declaration.name] = names
                    changed = true
                }
            }
            for declaration in byName.values {
                let names = varying[declaration.name] ?? []
                for call in declaration.calls where byName[call.callee] != nil {
                    for argument in call.arguments where !argument.reads.isDisjoint(with: names) {
                        if let bare = argument.bare, references[declaration.name]?.contains(bare) == true { continue }
                        guard varyingArguments[call.callee]?[argument.label] == nil else { continue }
                        varyingArguments[call.callee, default: [:]][argument.label] = call.site
                        changed = true
                    }
                }
            }
        }
    }

    /// Whether reading `names` in `view` reads something that varies.
    func varies(_ names: Set<String>, in view: String) -> Bool {
        !names.isDisjoint(with: varying[view] ?? [])
    }

    /// `Model`, `Model?` and `Model!` name one type.
    private static func baseType(_ type: String) -> String {
        type.filter { $0 != "?" && $0 != "!" }
    }
}
