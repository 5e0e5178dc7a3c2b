import SwiftSyntax

/// The properties a view's own code writes outside its initializers, and those a user can write:
/// through a binding (`$name`, handed to a control) or from any code but the closure of a
/// lifecycle modifier (`.task`, `.onAppear`, …), which runs without the user.
struct StateWrites {
    var all: Set<String> = []
    var byUser: Set<String> = []
    /// Written as a whole (`name = …`, `$name`, `name.toggle()`), not only through a field: what
    /// replaces an object held in the property.
    var replaced: Set<String> = []
    /// Written through a subscript (`name[i] = …`, `name[i].field = …`) or handed out as a binding
    /// (`$name`): a collection whose elements can change in place.
    var elements: Set<String> = []

    static let lifecycleModifiers: Set<String> = [
        "task", "onAppear", "onDisappear", "onReceive", "onChange", "onOpenURL", "refreshable",
    ]
    static let mutatingMethods: Set<String> = [
        "toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "sort", "shuffle",
        "formUnion", "formIntersection", "subtract", "updateValue", "merge",
    ]

    mutating func read(_ members: MemberBlockSyntax) {
        var stack: [Syntax] = [Syntax(members)]
        while let node = stack.popLast() {
            if node.is(InitializerDeclSyntax.self) { continue }
            stack += node.children(viewMode: .sourceAccurate)
            if let reference = node.as(DeclReferenceExprSyntax.self), reference.baseName.text.hasPrefix("$") {
                let name = String(reference.baseName.text.dropFirst())
                all.insert(name)
                byUser.insert(name)
                replaced.insert(name)
                elements.insert(name)
                continue
            }
            guard let target = Self.writtenTarget(node), let name = Self.root(target) else { continue }
            all.insert(name)
            if target.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .leftSquare }) { elements.insert(name) }
            if Self.root(target, throughFields: false) != nil { replaced.insert(name) }
            if !Self.inLifecycleModifier(node) { byUser.insert(name) }
        }
    }

    /// What `node` writes: the left side of an assignment, or the receiver of a mutating method.
    static func writtenTarget(_ node: Syntax) -> ExprSyntax? {
        if let sequence = node.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count >= 3 && isAssignment(elements[1]) ? elements[0] : nil
        }
        if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            mutatingMethods.contains(member.declName.baseName.text)
        {
            return member.base
        }
        return nil
    }

    /// `=` and the compound assignments (`+=`, `&&=`…), not the comparisons.
    private static func isAssignment(_ element: ExprSyntax) -> Bool {
        if element.is(AssignmentExprSyntax.self) { return true }
        guard let text = element.as(BinaryOperatorExprSyntax.self)?.operator.text, text.hasSuffix("=") else { return false }
        return !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// `x` in `x`, `self.x`, `_x`, and with `throughFields` in `x.y`, `x[i]`, `x?.y`.
    static func root(_ expression: ExprSyntax, throughFields: Bool = true) -> String? {
        var current = expression
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name.hasPrefix("_") ? String(name.dropFirst()) : name
            }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                if base.trimmedDescription == "self" { return member.declName.baseName.text }
                guard throughFields else { return nil }
                current = base
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else {
                return nil
            }
        }
    }

    /// Whether `node` is inside the closure of a lifecycle modifier (trailing or labelled).
    private static func inLifecycleModifier(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent, !parent.is(MemberBlockSyntax.self) {
            defer { current = parent }
            guard current.is(ClosureExprSyntax.self) else { continue }
            var call = parent.as(FunctionCallExprSyntax.self)
            if call == nil, parent.is(LabeledExprSyntax.self) { call = parent.parent?.parent?.as(FunctionCallExprSyntax.self) }
            if let name = call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                lifecycleModifiers.contains(name)
            {
                return true
            }
        }
        return false
    }
}
