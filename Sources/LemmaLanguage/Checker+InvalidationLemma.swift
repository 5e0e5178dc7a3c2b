import IdentityModel
import Invalidation
import LemmaLogic

extension Checker {
    /// Checks a lemma with an `invalidation` header: a known invalidation rule set (E047), two to
    /// `maximumRenders` renders of one program with every path bound in the last one (E049),
    /// `childOf(q, p)` and `rowOf(q, p)` only as assumptions of their own, making a forest (E049;
    /// several `rowOf` of one parent are distinct rows of one `ForEach` in its body), `readsProperty`,
    /// `bodyReads` and `propertyChanged` with or without it (each view's tracking is its own body's,
    /// the object's changes every view's), the state-object atoms (over any number of renders,
    /// beside any other dependency atom), `declaresKey`, `environmentChanged`, `observesObject`, `findsObject`
    /// and `objectSent` over more than two renders for unrelated views or through a parent or a
    /// `ForEach` row (`rowOf`: a row's dependencies are its own, as a child's), beside tracking atoms
    /// too, formulas in the invalidation vocabulary (`InvalidationFormulaChecker`).
    func checkInvalidationLemma(
        _ lemma: Lemma, invalidation: Located<String>, header: (ruleSet: RuleSet, expectation: Expectation)?,
        paths: [CheckedLemma.PathVariable], _ diagnostics: inout [Diagnostic]
    ) -> CheckedLemma? {
        let name = lemma.header.name
        let rules = invalidationRules(invalidation, &diagnostics)
        guard lemma.renders.count >= 2, !lemma.anyProgram else {
            diagnostics.append(Diagnostic(
                .invalidationLemmaShape,
                "invalidation lemma '\(name.value)' must declare at least two renders of one program (the earlier and the later)",
                at: (lemma.renders.first?.range ?? name.range).start))
            return nil
        }
        let renders = lemma.renders.map(\.value)
        let later = renders[renders.count - 1]
        for path in paths where path.render != later {
            diagnostics.append(Diagnostic(
                .invalidationLemmaShape,
                "path '\(path.name)' of invalidation lemma '\(name.value)' must be bound in the last render '\(later)'",
                at: path.range.start))
        }
        let mutated = checkInvalidationMutations(lemma, paths: paths, &diagnostics)
        var formulas = InvalidationFormulaChecker(
            paths: paths.map(\.name), renders: renders,
            mutated: Dictionary(uniqueKeysWithValues: mutated.map { (paths[$0.key].name, $0.value) }))
        var parents: [Int?] = paths.map { _ in nil }
        var rows: Set<Int> = []
        var declared: [Int: SourceLocation] = [:]
        var structural = 0
        for assumption in lemma.assumptions {
            guard let (child, parent, row) = formulas.childOf(assumption) else { continue }
            structural += 1
            let written = "\(row ? "rowOf" : "childOf")(\(paths[child].name), \(paths[parent].name))"
            if parents[child] == parent {
                formulas.reportShape(
                    "'\(written)' relates '\(paths[child].name)' to '\(paths[parent].name)' again: a row of a ForEach in a view's "
                        + "body is its child; state one of childOf and rowOf", at: assumption.range.start)
            } else if parents[child] != nil {
                formulas.reportShape("path '\(paths[child].name)' is already the child of '\(paths[parents[child]!].name)'", at: assumption.range.start)
            } else if child == parent {
                formulas.reportShape("'\(written)' makes a path its own \(row ? "row" : "child")", at: assumption.range.start)
            } else if Self.isAncestor(child, of: parent, parents) {
                formulas.reportShape("'\(written)' makes a path its own ancestor", at: assumption.range.start)
            } else {
                parents[child] = parent
                declared[child] = assumption.range.start
                if row { rows.insert(child) }
            }
        }
        formulas.rows = rows
        // Every row of one ForEach renders its one content: a sibling row's view makes none of the lemma's.
        for row in rows.sorted() where rows.contains(where: { $0 != row && parents[$0] == parents[row] }) {
            guard let child = parents.firstIndex(where: { $0 == row }) else { continue }
            diagnostics.append(Diagnostic(
                .invalidationLemmaShape,
                "path '\(paths[child].name)' is made by '\(paths[row].name)', a row beside another row of the ForEach in "
                    + "'\(paths[parents[row]!].name)'s body: every row renders the ForEach's one content, so two rows of it make no "
                    + "view of the lemma's", at: declared[child]!))
        }
        let stated = lemma.assumptions.filter { formulas.childOfArguments($0) == nil }
        let assumptions = stated.compactMap { formulas.check($0) }
        let conclusion = lemma.conclusion.flatMap { formulas.check($0) }
        diagnostics += formulas.diagnostics
        // A binding to p's state is made in p's body (`$state`) and handed down, which is all the
        // replay's trees can show; two views not so related would be printed apart.
        for pair in formulas.bindingPairs where pair.holder != pair.owner && !Self.isAncestor(pair.owner, of: pair.holder, parents) {
            diagnostics.append(Diagnostic(
                .observableAtomShape,
                "'holdsBindingOf(\(paths[pair.holder].name), \(paths[pair.owner].name))' needs '\(paths[pair.holder].name)' below "
                    + "'\(paths[pair.owner].name)': declare it with childOf", at: pair.at,
                notes: [Diagnostic.Note("a binding to a view's state is made in its body ($state) and handed down to the views below it")]))
        }
        if lemma.conclusion == nil, !lemma.hasSyntaxErrors {
            diagnostics.append(Diagnostic(.missingShow, "lemma '\(name.value)' has no 'show'", at: name.range.start))
        }
        guard let header, let rules, let conclusion, assumptions.count + structural == lemma.assumptions.count,
            !diagnostics.contains(where: \.isError)
        else { return nil }
        return CheckedLemma(
            name: name.value, summary: lemma.header.summary?.value, sources: lemma.header.sources.map(\.value),
            ruleSet: header.ruleSet, expectation: header.expectation, renders: lemma.renders.map(\.value),
            anyProgram: false, paths: paths,
            statement: .invalidation(CheckedInvalidationLemma(
                ruleSet: rules, indexNames: formulas.indexNames, parents: parents, rows: rows,
                observableProperties: formulas.observableProperties, environmentKeys: formulas.environmentKeys, objects: formulas.objects,
                mutated: mutated, assumptions: assumptions,
                writtenAssumptions: stated.map { Located($0.description, at: $0.range) }, conclusion: conclusion)),
            boundedByDesign: lemma.boundedByDesign?.value, range: lemma.range)
    }

    /// The paths (numbers) whose state `mutate p after r` sets, each with the transition the set
    /// comes before (r's index), each reported with E061 unless it names a `forall` path once and,
    /// after `after`, a render another render follows. A plain `mutate p` is refused: the paths are
    /// views of the last render, which no render follows. A path set twice is refused: `p.state`
    /// and `p.set` name one set.
    private func checkInvalidationMutations(
        _ lemma: Lemma, paths: [CheckedLemma.PathVariable], _ diagnostics: inout [Diagnostic]
    ) -> [Int: Int] {
        let renders = lemma.renders.map(\.value)
        var mutated: [Int: Int] = [:]
        for statement in lemma.mutations {
            let name = statement.path.value
            let message: String
            var location = statement.path.range.start
            if let path = paths.firstIndex(where: { $0.name == name }) {
                if mutated[path] != nil {
                    message = "path '\(name)' is mutated twice: '\(name).state' and '\(name).set' name one set; "
                        + "state the second set on another path"
                } else if let after = statement.after {
                    location = after.range.start
                    if let index = renders.firstIndex(of: after.value), index < renders.count - 1 {
                        mutated[path] = index
                        continue
                    }
                    message = renders.contains(after.value)
                        ? "'mutate \(name) after \(after.value)': no render follows '\(after.value)'"
                        : "'mutate \(name) after \(after.value)' names a render this lemma does not declare"
                } else {
                    message = "invalidation lemma '\(lemma.header.name.value)' cannot 'mutate \(name)' without a render: its paths "
                        + "are views of the last render, which no render follows; say after which render the state is set, "
                        + "'mutate \(name) after \(renders[0])'"
                }
            } else {
                message = "'mutate' names '\(name)', which is not a path this lemma binds with 'forall'"
            }
            diagnostics.append(Diagnostic(.badMutation, message, at: location))
        }
        return mutated
    }

    /// Whether `path` is `other` or one of its ancestors under `parents`.
    private static func isAncestor(_ path: Int, of other: Int, _ parents: [Int?]) -> Bool {
        var current: Int? = other
        while let node = current {
            if node == path { return true }
            current = parents[node]
        }
        return false
    }
}
