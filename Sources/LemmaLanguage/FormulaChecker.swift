import IdentityModel
import LemmaLogic

/// Resolves names and checks types in the formulas of one lemma.
struct FormulaChecker {
    /// A term whose type is known, or a literal whose type comes from the other side.
    private enum Operand {
        case typed(CheckedTerm)
        case integer(Int, SourceRange)
        case string(String, SourceRange)
        case enumCase(String, SourceRange)

        var range: SourceRange {
            switch self {
            case .typed(let term): return term.range
            case .integer(_, let range), .string(_, let range), .enumCase(_, let range): return range
            }
        }
    }

    /// Path variable → render it is bound in (a path quantifier's variable while its body is checked).
    private var paths: [String: String]
    /// The renders the lemma declares.
    private let renders: [String]
    /// Index variable → path its quantifier ranges over.
    private var indices: [String: String] = [:]
    /// Whether a `forall` binder may have been lost to a syntax error: unbound paths go unreported.
    private let bindersMayBeMissing: Bool
    /// The errors found so far.
    private(set) var diagnostics: [Diagnostic] = []

    /// The paths `mutate` names: only these have `.set`.
    private let mutated: Set<String>

    init(paths: [String: String], renders: [String], bindersMayBeMissing: Bool, mutated: Set<String> = []) {
        self.paths = paths
        self.mutated = mutated
        self.renders = renders
        self.bindersMayBeMissing = bindersMayBeMissing
    }

    private mutating func report(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(Diagnostic(id, message, at: location, notes: notes))
    }

    /// The checked formula, or `nil` after reporting at least one error (every part is checked).
    mutating func check(_ formula: Formula) -> CheckedFormula? {
        let range = formula.range
        switch formula {
        case .constant(let value, _):
            return CheckedFormula(.constant(value), range: range)
        case .not(let body, _):
            return check(body).map { CheckedFormula(.not($0), range: range) }
        case .and(let lhs, let rhs, _):
            return both(lhs, rhs) { CheckedFormula(.and($0, $1), range: range) }
        case .or(let lhs, let rhs, _):
            return both(lhs, rhs) { CheckedFormula(.or($0, $1), range: range) }
        case .implies(let lhs, let rhs, _):
            return both(lhs, rhs) { CheckedFormula(.implies($0, $1), range: range) }
        case .iff(let lhs, let rhs, _):
            return both(lhs, rhs) { CheckedFormula(.iff($0, $1), range: range) }
        case .quantified(let quantifier, let index, let path, let body, _):
            let resolvedPath = resolvePath(path)
            if paths[index.value] != nil || indices[index.value] != nil {
                report(.duplicateBinding, "'\(index.value)' is already bound", at: index.range.start)
                _ = check(body)
                return nil
            }
            indices[index.value] = path.value
            defer { indices[index.value] = nil }
            guard let checkedBody = check(body), let resolvedPath else { return nil }
            return CheckedFormula(
                .quantified(quantifier, index: index.value, path: resolvedPath, body: checkedBody), range: range)
        case .comparison(let op, let lhs, let rhs, _):
            return checkComparison(op, lhs, rhs, range: range)
        case .predicate(let name, let arguments, _):
            return checkPredicate(name, arguments, range: range)
        case .pathQuantified(let quantifier, let path, let render, let body, _):
            var renderIsDeclared = true
            if !renders.contains(render.value) {
                renderIsDeclared = false
                report(
                    .undeclaredRender,
                    "path '\(path.value)' is bound in render '\(render.value)', which this lemma does not declare",
                    at: render.range.start, notes: [Diagnostic.Note("declared renders: \(renders.joined(separator: ", "))")])
            }
            if paths[path.value] != nil || indices[path.value] != nil {
                report(.duplicateBinding, "'\(path.value)' is already bound", at: path.range.start)
                _ = check(body)
                return nil
            }
            paths[path.value] = render.value
            defer { paths[path.value] = nil }
            guard let checkedBody = check(body), renderIsDeclared else { return nil }
            return CheckedFormula(
                .pathQuantified(quantifier, path: path.value, render: render.value, body: checkedBody), range: range)
        }
    }

    private mutating func both(
        _ lhs: Formula, _ rhs: Formula, _ make: (CheckedFormula, CheckedFormula) -> CheckedFormula
    ) -> CheckedFormula? {
        let checkedLHS = check(lhs)
        let checkedRHS = check(rhs)
        guard let checkedLHS, let checkedRHS else { return nil }
        return make(checkedLHS, checkedRHS)
    }

    // MARK: Names

    private mutating func resolvePath(_ name: Located<String>) -> String? {
        if paths[name.value] != nil { return name.value }
        if indices[name.value] != nil {
            report(.unboundPath, "'\(name.value)' is an index, not a path", at: name.range.start)
        } else if !bindersMayBeMissing {
            report(
                .unboundPath, "unbound path '\(name.value)'; bind it with 'forall \(name.value): path in …'",
                at: name.range.start)
        }
        return nil
    }

    private mutating func resolveIndex(_ term: Term) -> IndexExpression? {
        let name: Located<String>
        let offset: Int
        switch term {
        case .integer(let value, _):
            return IndexExpression(variable: nil, offset: value)
        case .variable(let variable):
            (name, offset) = (variable, 0)
        case .offset(let variable, let amount, _):
            if let tooLarge = IndexExpression.offsetTooLarge(amount.value, at: amount.range.start) {
                diagnostics.append(tooLarge)
                return nil
            }
            (name, offset) = (variable, amount.value)
        default:
            report(
                .badArguments, "a step index must be an index variable, 'i + n', 'i - n' or an integer, not '\(term)'",
                at: term.range.start)
            return nil
        }
        if indices[name.value] != nil { return IndexExpression(variable: name.value, offset: offset) }
        if paths[name.value] != nil {
            report(.unboundIndex, "'\(name.value)' is a path, not an index", at: name.range.start)
        } else {
            report(
                .unboundIndex,
                "unbound index '\(name.value)'; bind it with 'exists \(name.value) in p:' or 'forall \(name.value) in p:'",
                at: name.range.start)
        }
        return nil
    }

    // MARK: Predicates and terms

    private mutating func renderArgument(_ argument: Term, of name: String) -> String? {
        if case .variable(let variable) = argument, renders.contains(variable.value) { return variable.value }
        report(
            .undeclaredRender, "argument 2 of '\(name)' must be a render this lemma declares, not '\(argument)'",
            at: argument.range.start, notes: [Diagnostic.Note("declared renders: \(renders.joined(separator: ", "))")])
        return nil
    }

    private mutating func pathArgument(_ argument: Term, position: Int, of name: String) -> String? {
        if case .variable(let variable) = argument { return resolvePath(variable) }
        report(
            .badArguments, "argument \(position) of '\(name)' must be a path, not '\(argument)'",
            at: argument.range.start)
        return nil
    }

    private mutating func checkPredicate(_ name: Located<String>, _ arguments: [Term], range: SourceRange)
        -> CheckedFormula?
    {
        guard let predicate = Predicate(rawValue: name.value) else {
            if name.value == "elem" {
                report(
                    .badArguments, "'elem' is a function, not a predicate; compare its result",
                    at: name.range.start)
            } else {
                report(
                    .unknownName,
                    "unknown predicate '\(name.value)'; expected one of \(Predicate.allCases.map(\.rawValue).joined(separator: ", "))",
                    at: name.range.start)
            }
            return nil
        }
        let expected = predicate == .rendered ? "a path and a render" : "2 paths"
        guard arguments.count == 2 else {
            report(.badArguments, "'\(name.value)' expects \(expected), got \(arguments.count)", at: name.range.start)
            return nil
        }
        let first = pathArgument(arguments[0], position: 1, of: name.value)
        let second = predicate == .rendered
            ? renderArgument(arguments[1], of: name.value) : pathArgument(arguments[1], position: 2, of: name.value)
        guard let first, let second else { return nil }
        return CheckedFormula(.predicate(predicate, first, second), range: range)
    }

    private mutating func operand(_ term: Term) -> Operand? {
        let range = term.range
        switch term {
        case .pathField(let path, let field, _):
            let resolved = resolvePath(path)
            guard let pathField = PathField(rawValue: field.value) else {
                report(
                    .unknownPathField, "path '\(path.value)' has no field '\(field.value)'", at: field.range.start,
                    notes: [Diagnostic.Note("path fields: \(PathField.allCases.map(\.rawValue).joined(separator: ", "))")])
                return nil
            }
            guard let resolved else { return nil }
            if pathField == .set, !mutated.contains(resolved) {
                report(
                    .badMutation, "'\(resolved).set' is the value 'mutate \(resolved)' sets, and this lemma does not mutate '\(resolved)'",
                    at: field.range.start)
                return nil
            }
            return .typed(CheckedTerm(.pathField(path: resolved, field: pathField), type: pathField.type, range: range))
        case .stepField(let path, let index, let field, _):
            let resolved = resolvePath(path)
            let resolvedIndex = resolveIndex(index)
            guard let stepField = StepField(rawValue: field.value) else {
                report(
                    .unknownStepField, "a step has no field '\(field.value)'", at: field.range.start,
                    notes: [Diagnostic.Note("step fields: \(StepField.allCases.map(\.rawValue).joined(separator: ", "))")])
                return nil
            }
            guard let resolved, let resolvedIndex else { return nil }
            return .typed(CheckedTerm(
                .stepField(path: resolved, index: resolvedIndex, field: stepField), type: stepField.type, range: range))
        case .call(let name, let arguments, _):
            guard name.value == "elem" else {
                if Predicate(rawValue: name.value) != nil {
                    report(
                        .badArguments, "'\(name.value)' is a predicate, not a function; use it as a formula",
                        at: name.range.start)
                } else {
                    report(.unknownName, "unknown function '\(name.value)'; the only function is 'elem'", at: name.range.start)
                }
                return nil
            }
            guard arguments.count == 2 else {
                report(.badArguments, "'elem' expects a path and an index, got \(arguments.count) arguments", at: name.range.start)
                return nil
            }
            let path = pathArgument(arguments[0], position: 1, of: "elem")
            let index = resolveIndex(arguments[1])
            guard let path, let index else { return nil }
            return .typed(CheckedTerm(.elem(path: path, index: index), type: .elem, range: range))
        case .integer(let value, _):
            return .integer(value, range)
        case .string(let value, _):
            return .string(value, range)
        case .boolean(let value, _):
            return .typed(CheckedTerm(.bool(value), type: .bool, range: range))
        case .enumCase(let name, _):
            return .enumCase(name.value, range)
        case .variable(let name):
            if let path = indices[name.value] {
                return .typed(CheckedTerm(
                    .index(IndexExpression(variable: name.value, offset: 0)), type: .index(path: path), range: range))
            }
            if paths[name.value] != nil {
                report(
                    .typeMismatch, "path '\(name.value)' is not a value; use a field such as '\(name.value).identity'",
                    at: range.start)
            } else {
                report(.unknownName, "unknown name '\(name.value)'", at: range.start)
            }
            return nil
        case .offset(let name, _, _):
            guard let index = resolveIndex(term), let path = indices[name.value] else { return nil }
            return .typed(CheckedTerm(.index(index), type: .index(path: path), range: range))
        case .shifted(let inner, let amount, _):
            guard case .typed(let checked)? = operand(inner) else { return nil }
            guard checked.type == .int else {
                report(.typeMismatch, "only Int fields take '+' or '-'; '\(inner)' is \(checked.type)", at: range.start)
                return nil
            }
            return .typed(CheckedTerm(.shifted(checked, amount), type: .int, range: range))
        }
    }

    // MARK: Comparisons

    private mutating func checkComparison(_ op: ComparisonOperator, _ lhs: Term, _ rhs: Term, range: SourceRange)
        -> CheckedFormula?
    {
        let left = operand(lhs)
        let right = operand(rhs)
        guard let left, let right else { return nil }
        let checked: (CheckedTerm, CheckedTerm)
        switch (left, right) {
        case (.typed(let a), .typed(let b)):
            guard a.type == b.type || (a.type.isInteger && b.type.isInteger) else {
                report(.typeMismatch, "cannot compare \(a.type) with \(b.type)", at: range.start)
                return nil
            }
            checked = (a, b)
        case (.typed(let a), _):
            guard let b = literal(right, as: a.type) else { return nil }
            checked = (a, b)
        case (_, .typed(let b)):
            guard let a = literal(left, as: b.type) else { return nil }
            checked = (a, b)
        case (.integer(let a, let aRange), .integer(let b, let bRange)):
            checked = (CheckedTerm(.int(a), type: .int, range: aRange), CheckedTerm(.int(b), type: .int, range: bRange))
        default:
            report(
                .ambiguousLiteral, "cannot infer the type of '\(lhs)' \(op.rawValue) '\(rhs)': one side must be a field, an element or an index",
                at: range.start)
            return nil
        }
        if op.isOrdering, !checked.0.type.isInteger {
            report(
                .orderingOnNonInt, "'\(op.rawValue)' needs Int operands, but '\(lhs)' is \(checked.0.type)",
                at: range.start)
            return nil
        }
        return CheckedFormula(.comparison(op, checked.0, checked.1), range: range)
    }

    private mutating func literal(_ operand: Operand, as type: ValueType) -> CheckedTerm? {
        let range = operand.range
        switch operand {
        case .typed(let term):
            return term
        case .integer(let value, _):
            if type.isInteger { return CheckedTerm(.int(value), type: .int, range: range) }
            if type == .key { return CheckedTerm(.key(value), type: .key, range: range) }
            report(.typeMismatch, "cannot compare \(type) with an integer literal", at: range.start)
        case .string(let value, _):
            if type == .viewType { return CheckedTerm(.viewType(value), type: type, range: range) }
            if type == .modifier { return CheckedTerm(.modifier(value), type: type, range: range) }
            report(
                .misplacedString, "a string literal can only be compared with a ViewType or a Modifier, not with \(type)",
                at: range.start)
        case .enumCase(let name, _):
            guard let cases = type.enumCases else {
                report(.typeMismatch, "cannot compare \(type) with enum case '.\(name)'", at: range.start)
                return nil
            }
            switch type {
            case .kind: if let kind = StepKind(rawValue: name) { return CheckedTerm(.kind(kind), type: type, range: range) }
            case .container:
                if let container = ContainerKind(rawValue: name) {
                    return CheckedTerm(.container(container), type: type, range: range)
                }
            default:
                if let source = KeySource(rawValue: name) { return CheckedTerm(.source(source), type: type, range: range) }
            }
            report(
                .unknownEnumCase, "'.\(name)' is not a \(type)", at: range.start,
                notes: [Diagnostic.Note("\(type) cases: \(cases.map { ".\($0)" }.joined(separator: ", "))")])
        }
        return nil
    }
}
