/// Which names of each view vary at run time, as far as the analysed files show it: `@State`,
/// `@Binding`, observed, environment and stored data (and a property typed as an observable class
/// of the analysed files); a stored property some call site passes a varying value for; a
/// computed property or method that reads a varying name. An object passed on as is (an observed
/// object, an observable class) passes the same reference: it does not make the callee's property
/// vary, unless the caller replaces it as a whole. A `@State` written only where the call is not
/// shown (`PinnedStates`) is fixed for that call. Everything else (a `let` fixed per call
/// site, a constant, an injected dependency, a row's element) is taken as fixed for the life of
/// the view, so no finding rests on it changing. A closure literal or a method passed for a property makes
/// only the property's call vary (`name()`, as `ExpressionReads` gives a call): a closure captures
/// varying values, but the callee holds one at every render.
struct Variation {
    /// View name → its varying names.
    private(set) var varying: [String: Set<String>] = [:]
    /// View name → argument label → the first call site found passing a varying value for it.
    private(set) var varyingArguments: [String: [String: SourceSite]] = [:]

    /// Classes of the analysed files marked `@Observable` or conforming to `ObservableObject`.
    let observableTypes: Set<String>

    /// Class name → its stored `let` properties.
    let classConstants: [String: Set<String>]

    init(_ declarations: [ViewDeclaration], observableTypes: Set<String>, classConstants: [String: Set<String>] = [:]) {
        self.observableTypes = observableTypes
        self.classConstants = classConstants
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
                let calledLabels = varyingCalls[declaration.name] ?? []
                names.formUnion(labels.filter { declaration.storedTypes[$0] != nil })
                names.formUnion(calledLabels.filter { declaration.storedTypes[$0] != nil }.map { $0 + "()" })
                for (property, read) in declaration.initAssignments {
                    if !read.isDisjoint(with: labels) {
                        names.insert(property)
                    } else if !read.isDisjoint(with: calledLabels) {
                        names.insert(property + "()")
                    }
                }
                for (name, read) in declaration.computedReads where Self.hits(read, names) {
                    names.insert(name)
                }
                if names != varying[declaration.name] {
                    varying[declaration.name] = names
                    changed = true
                }
            }
            for declaration in byName.values {
                let names = varying[declaration.name] ?? []
                // A preview's calls never run in the app.
                guard !declaration.isPreviewOnly else { continue }
                for call in declaration.calls where byName[call.callee] != nil {
                    // A state written only where the call is not shown: the callee is made anew with it.
                    let pinned = call.pinned.intersection(declaration.stateProperties).subtracting(declaration.referenceProperties)
                    for argument in call.arguments where Self.hits(argument.reads, names.subtracting(pinned)) {
                        // The same object, unless the caller replaces it as a whole.
                        if let bare = argument.bare, references[declaration.name]?.contains(bare) == true,
                            !declaration.writes.replaced.contains(bare)
                        {
                            continue
                        }
                        if isConstant(argument, of: declaration, references: references[declaration.name] ?? []) { continue }
                        if argument.isClosure || argument.bare.map(declaration.methods.contains) == true {
                            if varyingCalls[call.callee, default: []].insert(argument.label).inserted { changed = true }
                            continue
                        }
                        guard varyingArguments[call.callee]?[argument.label] == nil else { continue }
                        varyingArguments[call.callee, default: [:]][argument.label] = call.site
                        changed = true
                    }
                }
            }
        }
    }

    /// View name → labels some call site passes a capturing closure literal for.
    private var varyingCalls: [String: Set<String>] = [:]

    /// `model.service` where `model` holds an object of the files whose `service` is a `let`, and
    /// the caller never replaces `model` as a whole: the same object, the same value.
    private func isConstant(_ argument: CallSite.Argument, of caller: ViewDeclaration, references: Set<String>) -> Bool {
        guard let (base, name) = argument.member, references.contains(base), !caller.writes.replaced.contains(base),
            let type = caller.storedTypes[base].map(Self.baseType)
        else { return false }
        return classConstants[type]?.contains(name) == true
    }

    /// Whether reading `names` in `view` reads something that varies.
    func varies(_ names: Set<String>, in view: String) -> Bool {
        Self.hits(names, varying[view] ?? [])
    }

    /// Whether `reads` meets `varying`: a call `x()` varies when `x` or its result does.
    private static func hits(_ reads: Set<String>, _ varying: Set<String>) -> Bool {
        reads.contains { varying.contains($0) || called($0).map(varying.contains) == true }
    }

    /// `x` for the read of a call `x()`, nil for any other read.
    static func called(_ read: String) -> String? {
        read.hasSuffix("()") ? String(read.dropLast(2)) : nil
    }

    /// `Model`, `Model?` and `Model!` name one type.
    static func baseType(_ type: String) -> String {
        type.filter { $0 != "?" && $0 != "!" }
    }
}
