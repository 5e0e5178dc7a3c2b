extension Checker {
    /// The definitions of all `files`, with the errors of the predicates (E025 a name defined twice,
    /// E039 a parameter twice, E063 recursion, E064 a built-in's name, and each body's own errors,
    /// checked with its parameters as paths) and the cycles of `use` (reported at the uses, E067).
    func definitions(of files: [LemmaFile]) -> (Definitions, [Diagnostic]) {
        var definitions = Definitions()
        var diagnostics: [Diagnostic] = []
        for file in files {
            definitions.imports[file.source.path] = Set(file.imports.compactMap(\.resolved))
            for predicate in file.predicates {
                let name = predicate.name
                if FormulaExpander.builtInNames.contains(name.value) {
                    diagnostics.append(Diagnostic(
                        .predicateShadowsBuiltIn, "predicate '\(name.value)' would hide the built-in '\(name.value)'; choose another name",
                        at: name.range.start))
                    continue
                }
                if let first = definitions.predicates[name.value] {
                    diagnostics.append(Diagnostic(
                        .duplicateItem, "duplicate predicate name '\(name.value)'", at: name.range.start,
                        notes: [Diagnostic.Note("'\(name.value)' is first defined here", at: first.name.range.start)]))
                    continue
                }
                definitions.predicates[name.value] = predicate
                var parameters = Set<String>()
                for parameter in predicate.parameters where !parameters.insert(parameter.value).inserted {
                    diagnostics.append(Diagnostic(
                        .duplicateBinding, "parameter '\(parameter.value)' of predicate '\(name.value)' is named twice",
                        at: parameter.range.start))
                    definitions.broken.insert(name.value)
                }
            }
            for item in file.items {
                switch item {
                case .lemma(let lemma): definitions.lemmas[lemma.header.name.value] = definitions.lemmas[lemma.header.name.value] ?? lemma
                case .scenario(let scenario): definitions.scenarios.insert(scenario.header.name.value)
                }
            }
        }
        for predicate in definitions.predicates.values.sorted(by: { $0.range.start.offset < $1.range.start.offset }) {
            guard let cycle = Self.cycle(from: predicate.name.value, edges: { name in
                definitions.predicates[name]?.body.calls.filter { definitions.predicates[$0.value] != nil } ?? []
            }) else { continue }
            let through = cycle.dropLast().map { "'\($0.value)'" }
            diagnostics.append(Diagnostic(
                .recursivePredicate,
                through.isEmpty
                    ? "predicate '\(predicate.name.value)' is defined in terms of itself"
                    : "predicate '\(predicate.name.value)' is defined in terms of itself, through \(through.joined(separator: ", "))",
                at: predicate.name.range.start,
                notes: cycle.map { Diagnostic.Note("'\($0.value)' is called here", at: $0.range.start) }))
            definitions.broken.insert(predicate.name.value)
        }
        for predicate in definitions.predicates.values.sorted(by: { $0.range.start.offset < $1.range.start.offset })
        where !definitions.broken.contains(predicate.name.value) {
            if !checkPredicateBody(predicate, definitions, &diagnostics) { definitions.broken.insert(predicate.name.value) }
        }
        for lemma in definitions.lemmas.values {
            guard let cycle = Self.cycle(from: lemma.header.name.value, edges: { name in
                definitions.lemmas[name]?.uses.map(\.name) ?? []
            }), let first = lemma.uses.first(where: { $0.name.value == cycle[0].value && $0.name.range == cycle[0].range })
            else { continue }
            definitions.useCycles[lemma.header.name.value] = (first, cycle.dropLast().map(\.value))
        }
        return (definitions, diagnostics)
    }

    /// Whether `predicate`'s body is well-formed on its own: its calls expanded, its parameters
    /// paths (of renders not known yet, so any render it names is accepted here and checked where
    /// it is called, as is `p.set`). Reports its errors.
    private func checkPredicateBody(_ predicate: NamedPredicate, _ definitions: Definitions, _ diagnostics: inout [Diagnostic]) -> Bool {
        let parameters = predicate.parameters.map(\.value)
        var expander = FormulaExpander(definitions: definitions)
        var context = FormulaExpander.Context(file: predicate.range.start.file, calling: [predicate.name.value])
        context.paths = Set(parameters)
        let body = expander.expand(predicate.body, context)
        diagnostics += expander.diagnostics
        guard let body else { return false }
        var formulas = FormulaChecker(
            paths: Dictionary(parameters.map { ($0, "") }, uniquingKeysWith: { first, _ in first }),
            renders: Array(body.renderNames), bindersMayBeMissing: false, mutated: Set(parameters))
        let checked = formulas.check(body)
        diagnostics += expander.annotated(formulas.diagnostics)
        return checked != nil && formulas.diagnostics.isEmpty
    }

    /// The first cycle back to `start` along `edges` (breadth first, so the shortest), as the edges
    /// taken, each located where it is written; `nil` when `start` is on none.
    static func cycle(from start: String, edges: (String) -> [Located<String>]) -> [Located<String>]? {
        var queue: [(name: String, path: [Located<String>])] = [(start, [])]
        var seen: Set<String> = []
        var next = 0
        while next < queue.count {
            let (name, path) = queue[next]
            next += 1
            for edge in edges(name) {
                if edge.value == start { return path + [edge] }
                if seen.insert(edge.value).inserted { queue.append((edge.value, path + [edge])) }
            }
        }
        return nil
    }
}
