extension Checker {
    /// A lemma's formulas with its predicates expanded and each `use` instantiated as one more
    /// assumption (after the written ones), ready for `FormulaChecker` and the fragment check.
    struct ExpandedLemma {
        var assumptions: [Formula] = []
        var conclusion: Formula?
        /// Whether every formula and every `use` expanded; when not, an error was reported.
        var complete = true
        /// Puts the notes of the expansions on diagnostics located at them.
        var expander: FormulaExpander
    }

    /// Expands the predicates of `lemma`'s formulas and instantiates its `use`s (E065, E066, E067,
    /// E037), reporting into `diagnostics`.
    func expand(_ lemma: Lemma, _ definitions: Definitions, _ diagnostics: inout [Diagnostic]) -> ExpandedLemma {
        let file = lemma.range.start.file
        var expanded = ExpandedLemma(expander: FormulaExpander(definitions: definitions))
        var context = FormulaExpander.Context(file: file)
        context.paths = Set(lemma.binders.map(\.name.value))
        context.reserved = Set(lemma.renders.map(\.value))
        for assumption in lemma.assumptions {
            if let formula = expanded.expander.expand(assumption, context) {
                expanded.assumptions.append(formula)
            } else {
                expanded.complete = false
            }
        }
        if let conclusion = lemma.conclusion {
            expanded.conclusion = expanded.expander.expand(conclusion, context)
            if expanded.conclusion == nil { expanded.complete = false }
        }
        for use in lemma.uses {
            if let formula = instantiate(use, in: lemma, definitions, &expanded.expander, &diagnostics) {
                expanded.assumptions.append(formula)
            } else {
                expanded.complete = false
            }
        }
        diagnostics += expanded.expander.diagnostics
        return expanded
    }

    /// The statement of the lemma `use` names (its assumptions imply its conclusion) on the paths
    /// it gives, located at the `use`; `nil` after reporting why it cannot be.
    private func instantiate(
        _ use: LemmaUse, in lemma: Lemma, _ definitions: Definitions, _ expander: inout FormulaExpander,
        _ diagnostics: inout [Diagnostic]
    ) -> Formula? {
        let name = use.name.value
        let at = use.name.range.start
        if let cycle = definitions.useCycles[lemma.header.name.value], cycle.use == use {
            let through = cycle.through.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(Diagnostic(
                .useCycle,
                through.isEmpty
                    ? "lemma '\(lemma.header.name.value)' uses itself"
                    : "lemma '\(lemma.header.name.value)' uses itself, through \(through)",
                at: at, notes: [Diagnostic.Note("a lemma's statement is an assumption only once that lemma is proved without it")]))
            return nil
        }
        guard let used = definitions.lemmas[name] else {
            let what = definitions.scenarios.contains(name) ? "'\(name)' is a scenario; only a lemma's statement can be used"
                : "unknown lemma '\(name)'"
            diagnostics.append(Diagnostic(.unknownUsedLemma, what, at: at))
            return nil
        }
        let statedAt = Diagnostic.Note("lemma '\(name)' is stated here", at: used.header.name.range.start)
        guard definitions.sees(lemma.range.start.file, used.range.start.file) else {
            diagnostics.append(Diagnostic(
                .unknownUsedLemma, "lemma '\(name)' is in a file this one does not import", at: at, notes: [statedAt]))
            return nil
        }
        if used.hasSyntaxErrors || definitions.illFormed.contains(name) {
            diagnostics.append(Diagnostic(.unknownUsedLemma, "lemma '\(name)' has errors", at: at, notes: [statedAt]))
            return nil
        }
        if let why = Self.incompatibility(of: used, with: lemma) {
            diagnostics.append(Diagnostic(.incompatibleUse, "'use \(name)': \(why)", at: at, notes: [statedAt]))
            return nil
        }
        guard use.arguments.count == used.binders.count else {
            diagnostics.append(Diagnostic(
                .badArguments,
                "'use \(name)' needs \(used.binders.count) path\(used.binders.count == 1 ? "" : "s") (\(used.binders.map(\.name.value).joined(separator: ", "))), got \(use.arguments.count)",
                at: at, notes: [statedAt]))
            return nil
        }
        let binders = Dictionary(lemma.binders.map { ($0.name.value, $0.render.value) }, uniquingKeysWith: { first, _ in first })
        var context = FormulaExpander.Context(file: used.range.start.file, site: use.range)
        context.reserved = Set(lemma.binders.map(\.name.value) + lemma.renders.map(\.value))
        context.renders = Dictionary(zip(used.renders.map(\.value), lemma.renders.map(\.value)), uniquingKeysWith: { first, _ in first })
        for (binder, argument) in zip(used.binders, use.arguments) {
            let render = context.renders[binder.render.value] ?? binder.render.value
            guard let bound = binders[argument.value] else {
                diagnostics.append(Diagnostic(
                    .unboundPath, "unbound path '\(argument.value)'; 'use' takes paths this lemma binds with 'forall'",
                    at: argument.range.start))
                return nil
            }
            guard bound == render else {
                diagnostics.append(Diagnostic(
                    .badArguments,
                    "'\(argument.value)' is a path in '\(bound)', but '\(binder.name.value)' of '\(name)' is a path in '\(binder.render.value)', which is '\(render)' here",
                    at: argument.range.start, notes: [statedAt]))
                return nil
            }
            context.names[binder.name.value] = argument.value
            context.paths.insert(argument.value)
        }
        expander.note(statedAt, at: use.range.start)
        let assumptions = used.assumptions.map { expander.expand($0, context) }
        guard let conclusion = used.conclusion.flatMap({ expander.expand($0, context) }), !assumptions.contains(where: { $0 == nil })
        else { return nil }
        let premises = assumptions.compactMap { $0 }
        guard !premises.isEmpty else { return conclusion }
        return .implies(Self.conjunction(premises[...], at: use.range), conclusion, use.range)
    }

    /// `formulas` (at least one) joined by `&&` as a balanced tree, so that many assumptions nest
    /// only as deep as their logarithm (later passes walk formulas recursively).
    private static func conjunction(_ formulas: ArraySlice<Formula>, at range: SourceRange) -> Formula {
        guard formulas.count > 1 else { return formulas[formulas.startIndex] }
        let middle = formulas.startIndex + formulas.count / 2
        return .and(conjunction(formulas[..<middle], at: range), conjunction(formulas[middle...], at: range), range)
    }

    /// Why the statement of `used` does not hold in the runs `lemma` talks about, or `nil` when it
    /// does: the same rule set, renders at the same positions (`any program` only where `used`
    /// allows it), and no `mutate` on either side, so that every run `lemma` ranges over is one
    /// `used` ranges over.
    private static func incompatibility(of used: Lemma, with lemma: Lemma) -> String? {
        if used.invalidation != nil { return "it is an invalidation lemma; only identity lemmas can be used" }
        if lemma.invalidation != nil { return "an invalidation lemma cannot use another lemma" }
        if used.header.ruleSet?.value != lemma.header.ruleSet?.value {
            return "it is stated under rules '\(used.header.ruleSet?.value ?? "?")', this lemma under '\(lemma.header.ruleSet?.value ?? "?")'"
        }
        if used.renders.count != lemma.renders.count {
            return "it declares \(used.renders.count) renders and this lemma \(lemma.renders.count); they must match one for one"
        }
        if lemma.anyProgram, !used.anyProgram { return "this lemma's renders may come from any program, its renders from one" }
        if !used.mutations.isEmpty || !lemma.mutations.isEmpty {
            return "a lemma with 'mutate' cannot be used, nor use one: the runs differ by the mutation"
        }
        return nil
    }

    /// Moves every well-formed lemma that uses an ill-formed one (transitively) to the ill-formed
    /// items, with E065 at the use; returns the new diagnostics.
    static func rejectUsesOfIllFormedLemmas(_ files: inout [CheckedLemmaFile], _ definitions: Definitions) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var wellFormed = Set(files.flatMap { $0.lemmas.map(\.name) })
        var changed = true
        while changed {
            changed = false
            for fileIndex in files.indices {
                var rejected: [CheckedLemmaFile.IllFormedItem] = []
                files[fileIndex].lemmas.removeAll { lemma in
                    guard let broken = lemma.uses.first(where: { !wellFormed.contains($0) }),
                        let written = definitions.lemmas[lemma.name], written.range == lemma.range,
                        let use = written.uses.first(where: { $0.name.value == broken })
                    else { return false }
                    diagnostics.append(Diagnostic(
                        .unknownUsedLemma, "lemma '\(broken)' has errors", at: use.name.range.start,
                        notes: definitions.lemmas[broken].map { [Diagnostic.Note("lemma '\(broken)' is stated here", at: $0.header.name.range.start)] } ?? []))
                    rejected.append(.init(
                        name: lemma.name, kind: .lemma, range: lemma.range, diagnostics: [], expectation: lemma.expectation))
                    wellFormed.remove(lemma.name)
                    changed = true
                    return true
                }
                files[fileIndex].illFormed += rejected
            }
        }
        return diagnostics
    }
}

extension Checker {
    /// Named predicates and `use` are over paths: an invalidation lemma, whose variables are views,
    /// may have neither (E049, E066).
    func refuseAbstraction(in lemma: Lemma, _ definitions: Definitions, _ diagnostics: inout [Diagnostic]) {
        for formula in lemma.assumptions + (lemma.conclusion.map { [$0] } ?? []) {
            for call in formula.calls where definitions.predicates[call.value] != nil {
                diagnostics.append(Diagnostic(
                    .invalidationLemmaShape,
                    "named predicate '\(call.value)' is over paths; an invalidation lemma's variables are views",
                    at: call.range.start))
            }
        }
        for use in lemma.uses {
            diagnostics.append(Diagnostic(
                .incompatibleUse, "'use \(use.name.value)': an invalidation lemma cannot use another lemma", at: use.name.range.start))
        }
    }
}
