/// Replaces every call of a named predicate by its body, and instantiates a used lemma's formulas:
/// parameters (or the used lemma's paths) become the arguments, its render names the using
/// lemma's, and a name bound inside an expanded body that is already bound where the body goes, or
/// is a render's, is renamed (`q'`), so that it captures nothing. What an expansion yields is located at the call (or the `use`), so every later
/// diagnostic about it points there; `notes` says where the definition is.
struct FormulaExpander {
    /// Where the formula being rewritten stands, and how to rename in it.
    struct Context {
        /// The file whose predicates are visible.
        var file: String
        /// Parameter or bound variable → the name that replaces it.
        var names: [String: String] = [:]
        /// Render name of a used lemma → the using lemma's render at the same position.
        var renders: [String: String] = [:]
        /// The call or `use` being expanded: every range becomes it. `nil` in the lemma as written.
        var site: SourceRange?
        /// The paths in scope, after renaming (for the arguments' sort).
        var paths: Set<String> = []
        /// The index variables in scope, after renaming.
        var indices: Set<String> = []
        /// Names an expanded body may not bind: those bound where it goes, which it cannot read,
        /// and the renders.
        var reserved: Set<String> = []
        /// How deep the formula being built is nested here.
        var depth = 0

        func at(_ range: SourceRange) -> SourceRange { site ?? range }

        func renamed(_ name: Located<String>) -> Located<String> {
            Located(names[name.value] ?? name.value, at: at(name.range))
        }

        func render(_ name: Located<String>) -> Located<String> {
            Located(renders[name.value] ?? name.value, at: at(name.range))
        }
    }

    /// How deeply an expanded formula may nest: as deeply as the parser lets a written one (E013).
    static let maximumDepth = 200
    /// How many formulas the expansions of one lemma may produce (E044): a predicate that calls another twice,
    /// which calls another twice, … doubles at each level.
    static let maximumFormulas = 10_000

    /// The built-in predicate and function names, and the Bool literals: no predicate may take them.
    static let builtInNames = Set(Predicate.allCases.map(\.rawValue) + ["elem", "true", "false"])

    let definitions: Definitions
    private(set) var diagnostics: [Diagnostic] = []
    /// Notes for any diagnostic located at an expansion's site, by its location.
    private(set) var notes: [SourceLocation: [Diagnostic.Note]] = [:]
    /// Formulas built so far.
    private var formulas = 0
    /// Whether a limit was reported (it is reported once).
    private var exceeded = false

    init(definitions: Definitions) {
        self.definitions = definitions
    }

    /// `diagnostics` with the notes of the expansions they are located at.
    func annotated(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.notes += notes[diagnostic.location] ?? []
            return diagnostic
        }
    }

    /// Records the note that explains diagnostics at `site`.
    mutating func note(_ note: Diagnostic.Note, at site: SourceLocation) {
        if notes[site]?.contains(note) != true { notes[site, default: []].append(note) }
    }

    /// The formula with every named predicate expanded, or `nil` after reporting an error.
    mutating func expand(_ formula: Formula, _ context: Context) -> Formula? {
        var c = context
        c.depth += 1
        if c.site != nil { formulas += 1 }
        guard c.site == nil || (c.depth <= Self.maximumDepth && formulas <= Self.maximumFormulas) else {
            reportLimit(at: c.at(formula.range).start, depth: c.depth)
            return nil
        }
        // Each case calls out, so that this frame, one per level of the formula built, stays small.
        switch formula {
        case .constant(let value, let range):
            return .constant(value, c.at(range))
        case .not(let body, let range):
            return expand(body, c).map { .not($0, c.at(range)) }
        case .and(let lhs, let rhs, let range):
            return both(lhs, rhs, c) { .and($0, $1, c.at(range)) }
        case .or(let lhs, let rhs, let range):
            return both(lhs, rhs, c) { .or($0, $1, c.at(range)) }
        case .implies(let lhs, let rhs, let range):
            return both(lhs, rhs, c) { .implies($0, $1, c.at(range)) }
        case .iff(let lhs, let rhs, let range):
            return both(lhs, rhs, c) { .iff($0, $1, c.at(range)) }
        case .quantified, .pathQuantified:
            return quantified(formula, c)
        case .comparison(let op, let lhs, let rhs, let range):
            return .comparison(op, term(lhs, c), term(rhs, c), c.at(range))
        case .predicate(let name, let arguments, let range):
            return predicate(name, arguments, range: range, c)
        }
    }

    private mutating func reportLimit(at location: SourceLocation, depth: Int) {
        guard !exceeded else { return }
        exceeded = true
        diagnostics.append(depth > Self.maximumDepth
            ? Diagnostic(.nestingTooDeep, "with its predicates expanded, this formula nests more than \(Self.maximumDepth) levels", at: location)
            : Diagnostic(.tooLarge, "with its predicates expanded, this formula has more than \(Self.maximumFormulas) parts", at: location))
    }

    private mutating func quantified(_ formula: Formula, _ c: Context) -> Formula? {
        var inner = c
        switch formula {
        case .quantified(let quantifier, let index, let path, let body, let range):
            let bound = bind(index, in: &inner)
            inner.indices.insert(bound.value)
            inner.paths.remove(bound.value)
            guard let body = expand(body, inner) else { return nil }
            return .quantified(quantifier, index: bound, path: c.renamed(path), body: body, c.at(range))
        case .pathQuantified(let quantifier, let path, let render, let body, let range):
            let bound = bind(path, in: &inner)
            inner.paths.insert(bound.value)
            inner.indices.remove(bound.value)
            guard let body = expand(body, inner) else { return nil }
            return .pathQuantified(quantifier, path: bound, render: c.render(render), body: body, c.at(range))
        default:
            return expand(formula, c)
        }
    }

    private mutating func predicate(_ name: Located<String>, _ arguments: [Term], range: SourceRange, _ c: Context) -> Formula? {
        if name.value == Predicate.rendered.rawValue, arguments.count == 2, case .variable(let render) = arguments[1] {
            return .predicate(name: c.at(name), arguments: [term(arguments[0], c), .variable(c.render(render))], c.at(range))
        }
        if Self.builtInNames.contains(name.value) {
            return .predicate(name: c.at(name), arguments: arguments.map { term($0, c) }, c.at(range))
        }
        return call(name, arguments, range: range, c)
    }

    private mutating func both(
        _ lhs: Formula, _ rhs: Formula, _ context: Context, _ make: (Formula, Formula) -> Formula
    ) -> Formula? {
        let left = expand(lhs, context)
        let right = expand(rhs, context)
        guard let left, let right else { return nil }
        return make(left, right)
    }

    /// Binds `name` in `context`: inside an expansion, under a name nothing else has taken.
    private func bind(_ name: Located<String>, in context: inout Context) -> Located<String> {
        var chosen = name.value
        if context.site != nil {
            while context.reserved.contains(chosen) || context.paths.contains(chosen) || context.indices.contains(chosen) {
                chosen += "'"
            }
        }
        context.names[name.value] = chosen
        return Located(chosen, at: context.at(name.range))
    }

    /// The body of the named predicate `name` on `arguments`, or `nil` after reporting why not.
    private mutating func call(_ name: Located<String>, _ arguments: [Term], range: SourceRange, _ c: Context) -> Formula? {
        let location = c.at(name.range).start
        guard let definition = definitions.predicates[name.value] else {
            let visible = definitions.predicates.values.filter { definitions.sees(c.file, $0.range.start.file) }.map(\.name.value)
            diagnostics.append(Diagnostic(
                .unknownName,
                "unknown predicate '\(name.value)'; expected one of \((Predicate.allCases.map(\.rawValue) + visible.sorted()).joined(separator: ", "))",
                at: location))
            return nil
        }
        let definedAt = Diagnostic.Note("predicate '\(name.value)' is defined here", at: definition.name.range.start)
        guard definitions.sees(c.file, definition.range.start.file) else {
            diagnostics.append(Diagnostic(
                .unknownName, "unknown predicate '\(name.value)': it is defined in a file this one does not import",
                at: location, notes: [definedAt]))
            return nil
        }
        if definitions.broken.contains(name.value) {
            diagnostics.append(Diagnostic(
                .badArguments, "predicate '\(name.value)' cannot be used: its definition has errors", at: location,
                notes: [definedAt]))
            return nil
        }
        guard arguments.count == definition.parameters.count else {
            diagnostics.append(Diagnostic(
                .badArguments,
                "'\(name.value)' expects \(definition.parameters.count) path\(definition.parameters.count == 1 ? "" : "s"), got \(arguments.count)",
                at: location, notes: [definedAt]))
            return nil
        }
        var inner = Context(
            file: definition.range.start.file, renders: c.renders, site: c.at(range), depth: c.depth - 1)
        inner.reserved = c.reserved.union(c.paths).union(c.indices)
        for (position, (parameter, argument)) in zip(definition.parameters, arguments).enumerated() {
            let mapped: String
            if case .variable(let variable) = argument {
                mapped = c.names[variable.value] ?? variable.value
                if c.indices.contains(mapped) {
                    diagnostics.append(Diagnostic(
                        .badArguments, "argument \(position + 1) of '\(name.value)' must be a path; '\(variable.value)' is an index",
                        at: c.at(variable.range).start, notes: [definedAt]))
                    return nil
                }
            } else {
                diagnostics.append(Diagnostic(
                    .badArguments, "argument \(position + 1) of '\(name.value)' must be a path, not '\(argument)'",
                    at: c.at(argument.range).start, notes: [definedAt]))
                return nil
            }
            inner.names[parameter.value] = mapped
            inner.paths.insert(mapped)
        }
        if c.site == nil { note(definedAt, at: range.start) }
        return expand(definition.body, inner)
    }

    private func term(_ term: Term, _ c: Context) -> Term {
        switch term {
        case .pathField(let path, let field, let range):
            return .pathField(path: c.renamed(path), field: c.at(field), c.at(range))
        case .stepField(let path, let index, let field, let range):
            return .stepField(path: c.renamed(path), index: self.term(index, c), field: c.at(field), c.at(range))
        case .call(let name, let arguments, let range):
            return .call(name: c.at(name), arguments: arguments.map { self.term($0, c) }, c.at(range))
        case .integer(let value, let range): return .integer(value, c.at(range))
        case .string(let value, let range): return .string(value, c.at(range))
        case .boolean(let value, let range): return .boolean(value, c.at(range))
        case .enumCase(let name, let range): return .enumCase(c.at(name), c.at(range))
        case .variable(let name): return .variable(c.renamed(name))
        case .offset(let name, let amount, let range):
            return .offset(c.renamed(name), Located(amount.value, at: c.at(amount.range)), c.at(range))
        case .shifted(let inner, let amount, let range):
            return .shifted(self.term(inner, c), amount, c.at(range))
        }
    }
}

extension FormulaExpander.Context {
    fileprivate func at<Value>(_ located: Located<Value>) -> Located<Value> { Located(located.value, at: at(located.range)) }
}

extension Formula {
    /// The names of the predicates the formula calls, each with where it is called.
    var calls: [Located<String>] {
        switch self {
        case .constant, .comparison: return []
        case .not(let body, _), .quantified(_, _, _, let body, _), .pathQuantified(_, _, _, let body, _): return body.calls
        case .and(let lhs, let rhs, _), .or(let lhs, let rhs, _), .implies(let lhs, let rhs, _), .iff(let lhs, let rhs, _):
            return lhs.calls + rhs.calls
        case .predicate(let name, _, _): return [name]
        }
    }

    /// The render names the formula writes: of path quantifiers and of `rendered`'s second argument.
    var renderNames: Set<String> {
        switch self {
        case .constant, .comparison: return []
        case .not(let body, _), .quantified(_, _, _, let body, _): return body.renderNames
        case .pathQuantified(_, _, let render, let body, _): return body.renderNames.union([render.value])
        case .and(let lhs, let rhs, _), .or(let lhs, let rhs, _), .implies(let lhs, let rhs, _), .iff(let lhs, let rhs, _):
            return lhs.renderNames.union(rhs.renderNames)
        case .predicate(let name, let arguments, _):
            if name.value == Predicate.rendered.rawValue, arguments.count == 2, case .variable(let render) = arguments[1] {
                return [render.value]
            }
            return []
        }
    }
}
