import SwiftSyntax

/// The names of the view an expression reads at its root: `x` in `x`, `x.y`, `self.x`, `$x`,
/// `x()` for `x(…)` (the result of calling it: see `Variation`), never a member name (`y` in `x.y`) or an implicit member (`.loading`). Names are
/// resolved by scope: a local `let`, an `if let`/`guard let`/`case let` binding or a `for` variable
/// reads what its initializer reads; a helper function's parameter reads what its call sites in the
/// file pass; a closure's parameter (a row's element, a callback's argument) reads nothing of the
/// view. An initializer's parameters are kept by name (`readSeeds` maps them to labels).
enum ExpressionReads {
    static func roots(of node: some SyntaxProtocol) -> Set<String> {
        roots(of: Syntax(node), depth: 0)
    }

    /// Beyond this depth of locals read through locals, a name is taken as the member's (varying
    /// when the member does): precision is lost, never a change.
    private static let maximumDepth = 4

    private static func roots(of node: Syntax, depth: Int) -> Set<String> {
        var result: Set<String> = []
        var stack: [Syntax] = [node]
        while let current = stack.popLast() {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                    member.base?.trimmedDescription != "self"
                {
                    continue
                }
                var name = reference.baseName.text
                if name.hasPrefix("$") || name.hasPrefix("_") { name.removeFirst() }
                guard name != "self" else { continue }
                let access = reference.parent?.as(MemberAccessExprSyntax.self)
                let viaSelf = access?.base?.trimmedDescription == "self"
                let callee = Syntax(viaSelf ? Syntax(access!) : Syntax(reference))
                let called = callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == callee.id
                let resolved = viaSelf || depth >= maximumDepth ? [name] : resolve(name, from: Syntax(reference), depth: depth)
                // A member called reads what the call returns (`name()`), not only whether it is there.
                result.formUnion(resolved == [name] && called ? [name + "()"] : resolved)
                continue
            }
            stack += current.children(viewMode: .sourceAccurate)
        }
        return result
    }

    /// What `name`, read at `node`, reads: the innermost binding of it between `node` and the
    /// type's members, or the member itself.
    private static func resolve(_ name: String, from node: Syntax, depth: Int) -> Set<String> {
        var child = node
        while let parent = child.parent {
            defer { child = parent }
            if parent.is(MemberBlockSyntax.self) || parent.is(InitializerDeclSyntax.self) { break }
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items where item.position < child.position {
                    if let found = binding(of: name, in: item.item, depth: depth) { return found }
                }
            } else if let ifExpr = parent.as(IfExprSyntax.self), child.id == ifExpr.body.id {
                if let found = binding(of: name, in: ifExpr.conditions, depth: depth) { return found }
            } else if let whileStmt = parent.as(WhileStmtSyntax.self), child.id == whileStmt.body.id {
                if let found = binding(of: name, in: whileStmt.conditions, depth: depth) { return found }
            } else if let forStmt = parent.as(ForStmtSyntax.self), child.id == forStmt.body.id,
                binds(name, forStmt.pattern)
            {
                return roots(of: Syntax(forStmt.sequence), depth: depth + 1)
            } else if let switchCase = parent.as(SwitchCaseSyntax.self), binds(name, switchCase.label),
                let subject = switchCase.parent?.parent?.as(SwitchExprSyntax.self)?.subject
            {
                return roots(of: Syntax(subject), depth: depth + 1)
            } else if let closure = parent.as(ClosureExprSyntax.self), let signature = closure.signature,
                binds(name, signature)
            {
                return []
            } else if let function = parent.as(FunctionDeclSyntax.self),
                function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
            {
                return arguments(toCallsOf: function, depth: depth)
            }
        }
        return [name]
    }

    /// The binding of `name` a statement or condition list introduces, as what it reads.
    private static func binding(of name: String, in node: some SyntaxProtocol, depth: Int) -> Set<String>? {
        if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings where binds(name, binding.pattern) {
                return binding.initializer.map { roots(of: Syntax($0.value), depth: depth + 1) } ?? []
            }
        } else if let guardStmt = node.as(GuardStmtSyntax.self) {
            if let found = binding(of: name, in: guardStmt.conditions, depth: depth) { return found }
        } else if let conditions = node.as(ConditionElementListSyntax.self) {
            for element in conditions {
                switch element.condition {
                case .optionalBinding(let optional) where binds(name, optional.pattern):
                    // `if let x`: the shorthand unwraps the `x` of the enclosing scope.
                    guard let value = optional.initializer?.value else {
                        return resolve(name, from: Syntax(conditions), depth: depth + 1)
                    }
                    return roots(of: Syntax(value), depth: depth + 1)
                case .matchingPattern(let matching) where binds(name, matching.pattern):
                    return roots(of: Syntax(matching.initializer.value), depth: depth + 1)
                default: continue
                }
            }
        }
        return nil
    }

    /// Whether a pattern or parameter list binds `name`.
    private static func binds(_ name: String, _ node: some SyntaxProtocol) -> Bool {
        var stack: [Syntax] = [Syntax(node)]
        while let current = stack.popLast() {
            if let identifier = current.as(IdentifierPatternSyntax.self), identifier.identifier.text == name { return true }
            if let shorthand = current.as(ClosureShorthandParameterSyntax.self), shorthand.name.text == name { return true }
            if let parameter = current.as(ClosureParameterSyntax.self), (parameter.secondName ?? parameter.firstName).text == name {
                return true
            }
            // A nested closure or declaration binds its own names.
            if current.is(ClosureExprSyntax.self) || current.is(CodeBlockSyntax.self) { continue }
            stack += current.children(viewMode: .sourceAccurate)
        }
        return false
    }

    /// A helper's parameter reads what every call of a function of its name in the file passes (all
    /// arguments of each call: an over-approximation that never loses a varying read).
    private static func arguments(toCallsOf function: FunctionDeclSyntax, depth: Int) -> Set<String> {
        var root = Syntax(function)
        while let parent = root.parent { root = parent }
        var result: Set<String> = []
        for argument in CallIndex.shared.arguments(toCallsOf: function.name.text, in: root) {
            result.formUnion(roots(of: Syntax(argument), depth: depth + 1))
        }
        return result
    }
}
