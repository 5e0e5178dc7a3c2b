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
        let predicates = definitions.predicates.values.sorted { $0.range.start.offset < $1.range.start.offset }
        let predicateCycles = Self.cycles(through: predicates.map(\.name.value)) { name in
            definitions.predicates[name]?.body.calls.filter { definitions.predicates[$0.value] != nil } ?? []
        }
        for predicate in predicates {
            guard let cycle = predicateCycles[predicate.name.value] else { continue }
            let through = cycle.edges.dropLast().map { "'\($0.value)'" }
            let message = cycle.edges.isEmpty
                ? "predicate '\(predicate.name.value)' is defined in terms of itself, through a cycle of \(cycle.size) predicates"
                : through.isEmpty ? "predicate '\(predicate.name.value)' is defined in terms of itself"
                : "predicate '\(predicate.name.value)' is defined in terms of itself, through \(through.joined(separator: ", "))"
            diagnostics.append(Diagnostic(
                .recursivePredicate, message, at: predicate.name.range.start,
                notes: cycle.edges.map { Diagnostic.Note("'\($0.value)' is called here", at: $0.range.start) }))
            definitions.broken.insert(predicate.name.value)
        }
        for predicate in definitions.predicates.values.sorted(by: { $0.range.start.offset < $1.range.start.offset })
        where !definitions.broken.contains(predicate.name.value) {
            if !checkPredicateBody(predicate, definitions, &diagnostics) { definitions.broken.insert(predicate.name.value) }
        }
        let lemmas = definitions.lemmas.values.sorted { $0.range.start.offset < $1.range.start.offset }
        let useCycles = Self.cycles(through: lemmas.map(\.header.name.value)) { name in
            definitions.lemmas[name]?.uses.map(\.name).filter { definitions.lemmas[$0.value] != nil } ?? []
        }
        for lemma in lemmas {
            guard let cycle = useCycles[lemma.header.name.value],
                let first = lemma.uses.first(where: { use in
                    cycle.edges.first.map { $0 == use.name } ?? cycle.members.contains(use.name.value)
                })
            else { continue }
            definitions.useCycles[lemma.header.name.value] = (first, cycle.edges.dropLast().map(\.value))
        }
        return (definitions, diagnostics)
    }

    /// Whether `predicate`'s body is well-formed on its own: its calls expanded, its parameters
    /// paths (of renders not known yet, so any render it names is accepted here and checked where
    /// it is called, as is `p.set`). Reports its errors.
    private func checkPredicateBody(_ predicate: NamedPredicate, _ definitions: Definitions, _ diagnostics: inout [Diagnostic]) -> Bool {
        let parameters = predicate.parameters.map(\.value)
        var expander = FormulaExpander(definitions: definitions)
        var context = FormulaExpander.Context(file: predicate.range.start.file)
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

    /// A cycle through a name: its edges from that name back to it (the shortest, each located
    /// where it is written; empty when the cycle's component is too large to walk from every
    /// member), its component's size and members.
    struct Cycle {
        var edges: [Located<String>]
        var size: Int
        var members: Set<String>
    }

    /// The names of `nodes` that lie on a cycle of `edges` (whose targets are all in `nodes`), each
    /// with its cycle: strongly connected components (Tarjan's, without recursion, so a long chain
    /// of definitions cannot exhaust the stack), then a breadth-first walk inside each small one.
    static func cycles(through nodes: [String], edges: (String) -> [Located<String>]) -> [String: Cycle] {
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var components: [[String]] = []
        func visit(_ node: String) {
            index[node] = index.count
            low[node] = index[node]
            stack.append(node)
            onStack.insert(node)
        }
        for root in nodes where index[root] == nil {
            visit(root)
            var work: [(node: String, edges: [Located<String>], next: Int)] = [(root, edges(root), 0)]
            while let top = work.last {
                if top.next < top.edges.count {
                    work[work.count - 1].next += 1
                    let target = top.edges[top.next].value
                    if index[target] == nil {
                        visit(target)
                        work.append((target, edges(target), 0))
                    } else if onStack.contains(target), let targetIndex = index[target], let current = low[top.node] {
                        low[top.node] = min(current, targetIndex)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node, let parentLow = low[parent], let nodeLow = low[top.node] {
                    low[parent] = min(parentLow, nodeLow)
                }
                guard low[top.node] == index[top.node] else { continue }
                var component: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component.append(member)
                    if member == top.node { break }
                }
                components.append(component)
            }
        }
        var cycles: [String: Cycle] = [:]
        for component in components {
            let members = Set(component)
            guard component.count > 1 || edges(component[0]).contains(where: { $0.value == component[0] }) else { continue }
            for member in component {
                let path = component.count <= maximumWalkedCycle
                    ? cycle(from: member) { edges($0).filter { members.contains($0.value) } } ?? [] : []
                cycles[member] = Cycle(edges: path, size: component.count, members: members)
            }
        }
        return cycles
    }

    /// The largest component whose members each get their cycle spelled out.
    private static let maximumWalkedCycle = 50

    /// The first cycle back to `start` along `edges` (breadth first, so the shortest), as the edges
    /// taken, each located where it is written; `nil` when `start` is on none.
    private static func cycle(from start: String, edges: (String) -> [Located<String>]) -> [Located<String>]? {
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
