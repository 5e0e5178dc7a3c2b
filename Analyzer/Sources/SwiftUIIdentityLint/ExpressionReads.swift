import SwiftSyntax

/// The names an expression reads at its root: `x` in `x`, `x.y`, `self.x`, `$x`, `x(…)`, never a
/// member name (`y` in `x.y`) or an implicit member (`.loading`).
enum ExpressionReads {
    static func roots(of node: some SyntaxProtocol) -> Set<String> {
        var result: Set<String> = []
        var stack: [Syntax] = [Syntax(node)]
        while let current = stack.popLast() {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                    member.base?.trimmedDescription != "self"
                {
                    continue
                }
                var name = reference.baseName.text
                if name.hasPrefix("$") || name.hasPrefix("_") { name.removeFirst() }
                if name != "self" { result.insert(name) }
                continue
            }
            stack += current.children(viewMode: .sourceAccurate)
        }
        return result
    }
}
