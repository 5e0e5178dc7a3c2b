import IdentityModel
import Invalidation
import LemmaLogic

/// The semantic pass: checks parsed lemma files together (names are unique across all of them)
/// and produces the typed `CheckedLemma`s and `CheckedScenario`s of the well-formed items.
package struct Checker {
    /// The named rule sets of IdentityModel (Lemmas/README.md, "Rule sets").
    package static let defaultRuleSets = RuleSet.all
    /// The rules of docs/rules.md a `source` may cite.
    package static let ruleNumbers = 1...10
    /// The invalidation rules of docs/invalidation.md a `source` may cite.
    package static let invalidationRuleNumbers = 1...12

    /// The rule sets `rules` may name; the checker resolves each name to its set.
    package var knownRuleSets: [RuleSet]
    /// The invalidation rule sets `invalidation` may name.
    package var knownInvalidationRules: [InvalidationRules]

    /// Creates a checker accepting the given rule sets.
    package init(knownRuleSets: [RuleSet] = Checker.defaultRuleSets, knownInvalidationRules: [InvalidationRules] = InvalidationRules.all) {
        self.knownRuleSets = knownRuleSets
        self.knownInvalidationRules = knownInvalidationRules
    }

    /// The invalidation rule set `name` names, or `nil` after reporting E047.
    func invalidationRules(_ name: Located<String>, _ diagnostics: inout [Diagnostic]) -> InvalidationRules? {
        if let rules = knownInvalidationRules.first(where: { $0.name == name.value }) { return rules }
        diagnostics.append(Diagnostic(
            .unknownInvalidationRules, "unknown invalidation rule set '\(name.value)'", at: name.range.start,
            notes: [Diagnostic.Note("known invalidation rule sets: \(knownInvalidationRules.map(\.name).joined(separator: ", "))")]))
        return nil
    }

    /// Checks every item of every file; diagnostics are annotated with source lines and ordered by
    /// file, then position. Once `isCancelled` says yes (asked before each item) the rest is skipped.
    package func check(
        _ files: [LemmaFile], isCancelled: () -> Bool = { false }
    ) -> (files: [CheckedLemmaFile], diagnostics: [Diagnostic]) {
        var firstDefinitions: [String: SourceRange] = [:]
        var (definitions, definitionDiagnostics) = definitions(of: files)
        definitions.illFormed = Set(definitions.lemmas.filter { name, lemma in
            var withoutUses = lemma
            withoutUses.uses = []
            var scratch: [Diagnostic] = []
            return checkLemma(withoutUses, definitions, &scratch) == nil || scratch.contains(where: \.isError)
        }.keys)
        var checkedFiles: [CheckedLemmaFile] = []
        var allDiagnostics: [Diagnostic] = []
        for file in files {
            var checked = CheckedLemmaFile(path: file.source.path, lemmas: [], scenarios: [], illFormed: [])
            var fileDiagnostics = definitionDiagnostics.filter { $0.location.file == file.source.path }
            for item in file.items {
                if isCancelled() { break }
                var diagnostics: [Diagnostic] = []
                let name = item.header.name
                if let first = firstDefinitions[name.value] {
                    diagnostics.append(Diagnostic(
                        .duplicateItem, "duplicate name '\(name.value)'", at: name.range.start,
                        notes: [Diagnostic.Note("'\(name.value)' is first defined here", at: first.start)]))
                } else {
                    firstDefinitions[name.value] = name.range
                }
                switch item {
                case .lemma(let lemma):
                    let result = checkLemma(lemma, definitions, &diagnostics)
                    if let result, !diagnostics.contains(where: \.isError) {
                        checked.lemmas.append(result)
                    } else {
                        checked.illFormed.append(.init(
                            name: name.value, kind: .lemma, range: lemma.range, diagnostics: [],
                            expectation: lemma.header.expectation?.value))
                    }
                case .scenario(let scenario):
                    let result = checkScenario(scenario, &diagnostics)
                    if let result, !diagnostics.contains(where: \.isError) {
                        checked.scenarios.append(result)
                    } else {
                        checked.illFormed.append(
                            .init(
                                name: name.value, kind: .scenario, range: scenario.range, diagnostics: [],
                                expectation: scenario.header.expectation?.value))
                    }
                }
                fileDiagnostics += diagnostics
            }
            checkedFiles.append(checked)
            if isCancelled() { break }
            allDiagnostics += DiagnosticsByOffset(fileDiagnostics).all.map(file.source.annotate)
        }
        for diagnostic in Self.rejectUsesOfIllFormedLemmas(&checkedFiles, definitions) {
            allDiagnostics += files.filter { $0.source.path == diagnostic.location.file }.map { $0.source.annotate(diagnostic) }
        }
        return (checkedFiles, allDiagnostics)
    }

    /// The rule set, expectation and sources of an item, or `nil` if one is missing or wrong.
    private func checkHeader(
        _ header: ItemHeader, kind: String, complete: Bool, _ diagnostics: inout [Diagnostic]
    ) -> (ruleSet: RuleSet, expectation: Expectation)? {
        let name = header.name
        for source in header.sources {
            if case .rule(let number) = source.value, !Self.ruleNumbers.contains(number) {
                diagnostics.append(Diagnostic(
                    .unknownRule, "unknown rule 'R\(number)'; rules are R1 to R10", at: source.range.start))
            }
            if case .invalidationRule(let number) = source.value, !Self.invalidationRuleNumbers.contains(number) {
                diagnostics.append(Diagnostic(
                    .unknownRule, "unknown rule 'I\(number)'; invalidation rules are I1 to I\(Self.invalidationRuleNumbers.upperBound)", at: source.range.start))
            }
        }
        let resolved = header.ruleSet.flatMap { name in knownRuleSets.first { $0.name == name.value } }
        if let ruleSet = header.ruleSet, resolved == nil {
            diagnostics.append(Diagnostic(
                .unknownRuleSet, "unknown rule set '\(ruleSet.value)'", at: ruleSet.range.start,
                notes: [Diagnostic.Note("known rule sets: \(knownRuleSets.map(\.name).joined(separator: ", "))")]))
        }
        guard complete else { return nil }
        if header.expectation == nil {
            diagnostics.append(Diagnostic(
                .missingExpect, "\(kind) '\(name.value)' has no 'expect'; add 'expect holds' or 'expect refuted'",
                at: name.range.start))
        }
        if header.ruleSet == nil {
            diagnostics.append(Diagnostic(
                .missingRules, "\(kind) '\(name.value)' has no 'rules'; add 'rules runtime' or another rule set",
                at: name.range.start))
        }
        if header.sources.isEmpty {
            diagnostics.append(Diagnostic(
                .missingSource, "\(kind) '\(name.value)' has no 'source'; cite a rule (R1 to R10) or a seed",
                at: name.range.start))
        }
        guard let resolved, let expectation = header.expectation else { return nil }
        return (resolved, expectation.value)
    }

    /// The most path variables a lemma may bind: the checker tries every choice of paths, which
    /// grows as the number of views to that power.
    package static let maximumPaths = 8
    /// The most renders a lemma may declare: the checker enumerates every sequence of them.
    package static let maximumRenders = 6
    /// The most views all renders of a scenario may have together: each is walked and confirmed
    /// by Z3 (one render alone may have `RenderParser.maximumViews`).
    package static let maximumScenarioViews = 50_000

    private func checkLemma(_ lemma: Lemma, _ definitions: Definitions, _ diagnostics: inout [Diagnostic]) -> CheckedLemma? {
        let header = checkHeader(lemma.header, kind: "lemma", complete: !lemma.hasSyntaxErrors, &diagnostics)
        checkNoRefutedBy(lemma, &diagnostics)
        if lemma.binders.count > Self.maximumPaths {
            diagnostics.append(Diagnostic(
                .tooLarge,
                "lemma '\(lemma.header.name.value)' binds \(lemma.binders.count) paths; at most \(Self.maximumPaths), since the "
                    + "cross-check tries every view for every path (its cost is the views to the power of the paths)",
                at: lemma.binders[Self.maximumPaths].range.start))
            return nil
        }
        if lemma.renders.count > Self.maximumRenders {
            diagnostics.append(Diagnostic(
                .tooLarge,
                "lemma '\(lemma.header.name.value)' declares \(lemma.renders.count) renders; at most \(Self.maximumRenders), since "
                    + "the cross-check enumerates every sequence of them",
                at: lemma.renders[Self.maximumRenders].range.start))
            return nil
        }
        var renders: [String: SourceRange] = [:]
        for render in lemma.renders {
            if let first = renders[render.value] {
                diagnostics.append(Diagnostic(
                    .duplicateBinding, "render '\(render.value)' is declared twice", at: render.range.start,
                    notes: [Diagnostic.Note("first declared here", at: first.start)]))
            }
            renders[render.value] = renders[render.value] ?? render.range
        }
        var paths: [String: String] = [:]
        var pathVariables: [CheckedLemma.PathVariable] = []
        for binder in lemma.binders {
            if paths[binder.name.value] != nil {
                diagnostics.append(Diagnostic(
                    .duplicateBinding, "path '\(binder.name.value)' is bound twice", at: binder.name.range.start))
                continue
            }
            if renders[binder.render.value] == nil {
                diagnostics.append(Diagnostic(
                    .undeclaredRender,
                    "path '\(binder.name.value)' is bound in render '\(binder.render.value)', which this lemma does not declare",
                    at: binder.render.range.start,
                    notes: [Diagnostic.Note("declared renders: \(lemma.renders.map(\.value).joined(separator: ", "))")]))
            }
            paths[binder.name.value] = binder.render.value
            pathVariables.append(.init(name: binder.name.value, render: binder.render.value, range: binder.range))
        }
        if let invalidation = lemma.invalidation {
            refuseAbstraction(in: lemma, definitions, &diagnostics)
            return checkInvalidationLemma(lemma, invalidation: invalidation, header: header, paths: pathVariables, &diagnostics)
        }
        let mutations = checkMutations(lemma, paths: paths, &diagnostics)
        var formulas = FormulaChecker(
            paths: paths, renders: lemma.renders.map(\.value), bindersMayBeMissing: lemma.hasSyntaxErrors,
            mutated: Set(mutations ?? []))
        let expanded = expand(lemma, definitions, &diagnostics)
        let assumptions = expanded.assumptions.compactMap { formulas.check($0) }
        let conclusion = expanded.conclusion.flatMap { formulas.check($0) }
        diagnostics += expanded.expander.annotated(formulas.diagnostics)
        var fragment = PathQuantifierFragment()
        for assumption in assumptions { fragment.visit(assumption, positive: false) }
        if let conclusion { fragment.visit(conclusion, positive: true) }
        diagnostics += expanded.expander.annotated(fragment.diagnostics)
        if fragment.freshPaths > 0, lemma.binders.count + fragment.freshPaths > Self.maximumPaths {
            diagnostics.append(Diagnostic(
                .tooLarge,
                "lemma '\(lemma.header.name.value)' binds \(lemma.binders.count) paths and quantifies \(fragment.freshPaths) more "
                    + "in its formulas; at most \(Self.maximumPaths) in all, since each quantified path is one more path variable",
                at: lemma.header.name.range.start))
            return nil
        }
        if lemma.conclusion == nil, !lemma.hasSyntaxErrors {
            diagnostics.append(Diagnostic(
                .missingShow, "lemma '\(lemma.header.name.value)' has no 'show'", at: lemma.header.name.range.start))
        }
        guard let header, let conclusion, expanded.complete, assumptions.count == expanded.assumptions.count,
            fragment.diagnostics.isEmpty, let mutations
        else { return nil }
        var checked = CheckedLemma(
            name: lemma.header.name.value, summary: lemma.header.summary?.value,
            sources: lemma.header.sources.map(\.value), ruleSet: header.ruleSet, expectation: header.expectation,
            renders: lemma.renders.map(\.value), anyProgram: lemma.anyProgram, paths: pathVariables,
            statement: .identity(CheckedIdentityStatement(assumptions: assumptions, conclusion: conclusion, mutations: mutations)),
            boundedByDesign: lemma.boundedByDesign?.value, range: lemma.range)
        checked.uses = lemma.uses.map(\.name.value)
        return checked
    }

    /// The paths `mutate` names, or `nil` after reporting E061: each must be a `forall` binder,
    /// named once, bound in a render that another render follows.
    private func checkMutations(_ lemma: Lemma, paths: [String: String], _ diagnostics: inout [Diagnostic]) -> [String]? {
        var mutated: [String] = []
        var valid = true
        for statement in lemma.mutations {
            let mutation = statement.path
            let message: String
            if let after = statement.after {
                message = "an identity lemma's 'mutate \(mutation.value)' takes no 'after \(after.value)': "
                    + "the state is set right after the render '\(mutation.value)' is bound in"
            } else if let render = paths[mutation.value] {
                if mutated.contains(mutation.value) {
                    message = "path '\(mutation.value)' is mutated twice"
                } else if render == lemma.renders.last?.value {
                    message = "path '\(mutation.value)' is bound in the last render, '\(render)': no render follows its mutation"
                } else {
                    mutated.append(mutation.value)
                    continue
                }
            } else {
                message = "'mutate' names '\(mutation.value)', which is not a path this lemma binds with 'forall'"
            }
            diagnostics.append(Diagnostic(.badMutation, message, at: (statement.after ?? mutation).range.start))
            valid = false
        }
        return valid ? mutated : nil
    }

    private func checkScenario(_ scenario: Scenario, _ diagnostics: inout [Diagnostic]) -> CheckedScenario? {
        let header = checkHeader(scenario.header, kind: "scenario", complete: !scenario.hasSyntaxErrors, &diagnostics)
        var rendered = false
        var reportedEarlyStep = false
        for step in scenario.steps {
            switch step.kind {
            case .render:
                rendered = true
            case .set, .outcome, .value, .undefined, .setUnread, .signal, .evaluation, .setObservable, .send, .sendUnobserved:
                guard !rendered else { continue }
                let word = switch step.kind {
                case .set, .setUnread, .setObservable: "set"
                case .signal: "signal"
                case .send, .sendUnobserved: "send"
                default: "check"
                }
                diagnostics.append(Diagnostic(.stepBeforeRender, "'\(word)' before any 'render'", at: step.range.start))
                reportedEarlyStep = true
            }
        }
        if !rendered, !reportedEarlyStep, !scenario.hasSyntaxErrors {
            diagnostics.append(Diagnostic(
                .missingRender, "scenario '\(scenario.header.name.value)' has no 'render'",
                at: scenario.header.name.range.start))
        }
        let checksBodies = Self.checksBodyEvaluation(scenario)
        let invalidation = checksBodies ? checkInvalidationHeader(scenario, &diagnostics) : nil
        let refutedBy = checkRefutedBy(scenario, &diagnostics)
        // After an unterminated block the blocks may hold the rest of the file: parsing them would
        // only repeat that error. After any other syntax error each block is still whole, and its own
        // errors are reported beside that one.
        if scenario.hasSyntaxErrors {
            if !scenario.hasUnterminatedBlock {
                if checksBodies { _ = checkViewTrees(scenario, &diagnostics) } else { _ = checkRenders(scenario, &diagnostics) }
            }
            return nil
        }
        guard let header else { return nil }
        var checked = CheckedScenario(
            name: scenario.header.name.value, summary: scenario.header.summary?.value,
            sources: scenario.header.sources.map(\.value), ruleSet: header.ruleSet, expectation: header.expectation,
            steps: scenario.steps, renders: [], range: scenario.range)
        if checksBodies {
            // Parsed even after E046 or E047, to report the blocks' errors too.
            guard let trees = checkViewTrees(scenario, &diagnostics), let invalidation else { return nil }
            checked.invalidation = invalidation
            checked.viewTrees = trees
            diagnostics += ViewTypeSpelling.warnings(
                renders: zip(Self.renderBlocks(of: scenario), trees).map { ($0, ViewTypeSpelling.types(of: $1.root)) })
        } else {
            guard let renders = checkRenders(scenario, &diagnostics) else { return nil }
            checked.renders = renders
            diagnostics += ViewTypeSpelling.warnings(
                renders: zip(Self.renderBlocks(of: scenario), renders).map { ($0, ViewTypeSpelling.types(of: $1.program)) })
        }
        guard let refutedBy else { return nil }
        checked.refutedBy = refutedBy
        return checked
    }

    /// The text of each `render { … }` block, in order.
    private static func renderBlocks(of scenario: Scenario) -> [RawBlock] {
        scenario.steps.compactMap { step in
            if case .render(let block) = step.kind { return block }
            return nil
        }
    }

    /// Whether `step` belongs to an invalidation scenario only.
    private static func isInvalidationStep(_ step: ScenarioStep) -> Bool {
        switch step.kind {
        case .evaluation, .signal, .setUnread, .setObservable, .send, .sendUnobserved: return true
        case .render, .set, .outcome, .value, .undefined: return false
        }
    }

    /// Whether `scenario` checks body evaluation: it has an `invalidation` header or an invalidation step.
    private static func checksBodyEvaluation(_ scenario: Scenario) -> Bool {
        scenario.invalidation != nil || scenario.steps.contains(where: isInvalidationStep)
    }

    /// The invalidation rule set of a scenario that checks body evaluation (its `invalidation`
    /// header, else `runtime`). Reports identity checks in such a scenario (E046) and unknown rule
    /// sets (E047); `nil` after either.
    private func checkInvalidationHeader(_ scenario: Scenario, _ diagnostics: inout [Diagnostic]) -> InvalidationRules? {
        var rules: InvalidationRules? = .runtime
        if let given = scenario.invalidation { rules = invalidationRules(given, &diagnostics) }
        for step in scenario.steps {
            let check: String
            switch step.kind {
            case .outcome(let label, let outcome): check = "check \(label) \(outcome.rawValue)"
            case .value(let label, let value): check = "check \(label) == \(value)"
            case .undefined: check = "check undefined"
            default: continue
            }
            diagnostics.append(Diagnostic(
                .mixedScenario,
                "'\(check)' is an identity check, but this scenario checks body evaluation",
                at: step.range.start,
                notes: [Diagnostic.Note(
                    "a scenario with 'invalidation', 'signal', 'send', 'set … unread' or 'check … evaluated/skipped' renders view trees; "
                        + "check identity in a scenario of its own")]))
            rules = nil
        }
        return rules
    }

    /// Parses every render block of an invalidation scenario as a view tree; checks its labels as
    /// `checkRenders` does, and that every `because P` names a stored property of the view checked.
    private func checkViewTrees(_ scenario: Scenario, _ diagnostics: inout [Diagnostic]) -> [ViewTreeParser.Parsed]? {
        var trees: [ViewTreeParser.Parsed] = []
        var starts: [SourceLocation] = []
        var renderLabels: [Set<String>] = []
        var failed = false
        var views = 0
        for step in scenario.steps {
            guard case .render(let block) = step.kind else { continue }
            do {
                let tree = try ViewTreeParser.parse(block.text, line: block.start.line, column: block.start.column)
                var seen = Set<String>()
                for node in tree.root.preorder {
                    views += 1
                    guard !node.label.hasPrefix("_") else { continue }
                    if !seen.insert(node.label).inserted {
                        diagnostics.append(Diagnostic(
                            .duplicateLabel, "label '\(node.label)' is on two views of this render", at: block.start))
                        failed = true
                    }
                }
                if views > Self.maximumScenarioViews {
                    diagnostics.append(Diagnostic(
                        .tooLarge,
                        "scenario '\(scenario.header.name.value)' renders more than \(Self.maximumScenarioViews) views in all; "
                            + "at most \(Self.maximumScenarioViews), since every view is evaluated and confirmed by Z3",
                        at: block.start))
                    return nil
                }
                renderLabels.append(seen)
                trees.append(tree)
                starts.append(block.start)
            } catch {
                diagnostics.append(Diagnostic(
                    .renderSyntax, error.message, at: block.location(line: error.line, column: error.column), cause: error.cause.rawValue))
                failed = true
            }
        }
        guard !failed, checkLabels(scenario, renderLabels: renderLabels, &diagnostics),
            checkObjectClasses(Array(zip(trees, starts)).map { (tree: $0, start: $1) }, &diagnostics),
            checkDeclaredObjects(Array(zip(trees, starts)).map { (tree: $0, start: $1) }, &diagnostics)
        else { return nil }
        var current: ViewTreeParser.Parsed?
        var rendersSeen = 0
        let objectsHeld = trees.reduce(into: Set<Int>()) { $0.formUnion($1.observableObjects) }
        let objectsObserved = trees.reduce(into: Set<Int>()) { $0.formUnion($1.root.observedObjects) }
        for step in scenario.steps {
            switch step.kind {
            case .send(let object) where !objectsObserved.contains(object):
                diagnostics.append(Diagnostic(
                    .sentObjectNotObserved,
                    "'send model(\(object))': no view of this scenario observes object \(object)",
                    at: step.range.start,
                    notes: [Diagnostic.Note(
                        "a view observes one as model(\(object)), stateObject(model(\(object))), "
                            + "or environmentObject(T) below .environmentObject(model(\(object)) as T); "
                            + "a send no view observes is written 'send model(\(object)) unobserved'")]))
                failed = true
            case .sendUnobserved(let object) where objectsObserved.contains(object):
                diagnostics.append(Diagnostic(
                    .unobservedSendObserved,
                    "'send model(\(object)) unobserved': a view of this scenario observes object \(object)",
                    at: step.range.start,
                    notes: [Diagnostic.Note("the send signals the views observing it (I11): write 'send model(\(object))'")]))
                failed = true
            case .setObservable(let object, let property, _) where !objectsHeld.contains(object):
                diagnostics.append(Diagnostic(
                    .observableNotHeld,
                    "'set observable(\(object)).\(property)': no view of this scenario holds observable(\(object)) or reads one of its properties",
                    at: step.range.start,
                    notes: [Diagnostic.Note(
                        "a view holds one as a property, store: observable(\(object)), and its body reads Text(store.p); "
                            + "or its body reads one it does not hold, let _ = observable(\(object)).p")]))
                failed = true
            case .render:
                current = trees[rendersSeen]
                rendersSeen += 1
            case .set(let label, _), .setUnread(let label, _):
                guard let view = current.flatMap({ Self.node(labelled: label.description, in: $0.root) }), !view.value.hasState
                else { continue }
                diagnostics.append(Diagnostic(
                    .setWithoutState, "'set \(label)': '\(label)' declares no @State in the current render", at: label.range.start,
                    notes: [Diagnostic.Note("a view declares @State as its property state (Counter(state: 0)); a dependency's change is 'signal \(label)'")]))
                failed = true
            case .evaluation(let label, let check):
                guard let reason = check.reason, !EvaluationCheck.reasonWords.contains(reason.value) else { continue }
                let view = current.flatMap { Self.node(labelled: label.description, in: $0.root) }
                guard let view, view.value.property(reason.value) == nil,
                    reason.value != ViewValue.stateField || view.value.initialState == nil
                else { continue }
                let properties = view.value.properties.map(\.name)
                diagnostics.append(Diagnostic(
                    .unknownReason,
                    "'because \(reason.value)': neither a reason (\(EvaluationCheck.reasonWords.joined(separator: ", "))) "
                        + "nor a stored property of '\(label)' in the current render",
                    at: reason.range.start,
                    notes: [Diagnostic.Note(
                        properties.isEmpty ? "'\(label)' has no stored properties" : "properties of '\(label)': \(properties.joined(separator: ", "))")]))
                failed = true
            default: continue
            }
        }
        return failed ? nil : trees
    }

    /// The objects views of the tree observe: held as `model(n)` or a state object, or written by
    /// an `.environmentObject` on some view's path (even one a nearer write hides).
    private static func node(labelled label: String, in root: ViewNode) -> ViewNode? {
        if root.label == label { return root }
        for child in root.children { if let found = node(labelled: label, in: child) { return found } }
        return nil
    }

    /// Parses every render block; checks that no render labels two views alike, that every label a
    /// `set` or `check` names is shown by some render, that a `check` follows a render showing it
    /// and that a `set` names a view of the current render. `nil` when any of it fails.
    private func checkRenders(_ scenario: Scenario, _ diagnostics: inout [Diagnostic]) -> [Render]? {
        var renders: [Render] = []
        var labels = Set<String>()
        var renderLabels: [Set<String>] = []
        var failed = false
        var views = 0
        for step in scenario.steps {
            guard case .render(let block) = step.kind else { continue }
            do {
                let render = try RenderParser.parse(block.text, line: block.start.line, column: block.start.column)
                views += render.viewCount(upTo: RenderParser.maximumViews) ?? RenderParser.maximumViews
                if views > Self.maximumScenarioViews {
                    diagnostics.append(Diagnostic(
                        .tooLarge,
                        "scenario '\(scenario.header.name.value)' renders more than \(Self.maximumScenarioViews) views in all; "
                            + "at most \(Self.maximumScenarioViews), since every view is walked and confirmed by Z3",
                        at: block.start))
                    return nil
                }
                var seen = Set<String>()
                // Labels with a key suffix come from ForEach rows; repeated keys are undefined
                // behaviour the scenario may check for, not a labelling mistake.
                for label in render.statefulPaths(rules: .runtime, generation: 1).compactMap(\.label)
                where !seen.insert(label).inserted && !label.contains("[") {
                    diagnostics.append(Diagnostic(
                        .duplicateLabel, "label '\(label)' is on two views of this render", at: block.start))
                    failed = true
                }
                labels.formUnion(seen)
                renderLabels.append(seen)
                renders.append(render)
            } catch let error as RenderSyntaxError {
                diagnostics.append(Diagnostic(
                    .renderSyntax, error.message, at: block.location(line: error.line, column: error.column), cause: error.cause.rawValue))
                failed = true
            } catch {
                diagnostics.append(Diagnostic(.renderSyntax, "\(error)", at: block.start, cause: RenderSyntaxError.Cause.internalError.rawValue))
                failed = true
            }
        }
        guard !failed, checkLabels(scenario, renderLabels: renderLabels, &diagnostics) else { return nil }
        return renders
    }

    /// Checks that every label a step names is shown by some render (E042), that a `check` follows
    /// a render showing it and a `set` or `signal` names a view of the current render (E045).
    private func checkLabels(_ scenario: Scenario, renderLabels: [Set<String>], _ diagnostics: inout [Diagnostic]) -> Bool {
        let labels = renderLabels.reduce(into: Set<String>()) { $0.formUnion($1) }
        var failed = false
        var definedSoFar = Set<String>()
        var current = Set<String>()
        var rendersSeen = 0
        for step in scenario.steps {
            let label: ScenarioLabel
            let isSet: Bool
            switch step.kind {
            case .render:
                current = renderLabels[rendersSeen]
                definedSoFar.formUnion(current)
                rendersSeen += 1
                continue
            case .undefined, .setObservable, .send, .sendUnobserved: continue
            case .set(let named, _), .setUnread(let named, _), .signal(let named): (label, isSet) = (named, true)
            case .outcome(let named, _), .value(let named, _), .evaluation(let named, _): (label, isSet) = (named, false)
            }
            let name = label.description
            if !labels.contains(name) {
                diagnostics.append(Diagnostic(
                    .unknownLabel, "no view of any render of this scenario is labelled '\(label)'", at: label.range.start,
                    notes: [Diagnostic.Note("labels: \(labels.sorted().joined(separator: ", "))")]))
                failed = true
            } else if rendersSeen > 0, isSet ? !current.contains(name) : !definedSoFar.contains(name) {
                // Before the first render E038 has already said what is wrong.
                let message = isSet
                    ? "'set' names '\(label)', which the current render does not show"
                    : "'\(label)' is checked before any render defines it"
                let first = renderLabels.firstIndex { $0.contains(name) }.map { $0 + 1 } ?? 0
                let note = isSet
                    ? (current.isEmpty ? "the current render (render \(rendersSeen)) labels no view"
                        : "labels of the current render (render \(rendersSeen)): \(current.sorted().joined(separator: ", "))")
                    : "render \(first) of this scenario is the first to label a view '\(label)'"
                diagnostics.append(Diagnostic(.labelNotYetDefined, message, at: label.range.start, notes: [Diagnostic.Note(note)]))
                failed = true
            }
        }
        return !failed
    }
}
