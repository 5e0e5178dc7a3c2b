import Foundation
import SwiftSyntax

/// The arguments of every call in one file, by the callee's name (`f(…)` and `self.f(…)`), built
/// once per file: `ExpressionReads` looks up a helper's call sites for each read of its parameters.
/// One file is kept (the analyzer walks the files one after the other).
final class CallIndex: @unchecked Sendable {
    static let shared = CallIndex()
    private let lock = NSLock()
    private var root: SyntaxIdentifier?
    private var calls: [String: [ExprSyntax]] = [:]

    func arguments(toCallsOf name: String, in root: Syntax) -> [ExprSyntax] {
        lock.lock()
        defer { lock.unlock() }
        if self.root != root.id {
            self.root = root.id
            calls = Self.index(root)
        }
        return calls[name] ?? []
    }

    private static func index(_ root: Syntax) -> [String: [ExprSyntax]] {
        var result: [String: [ExprSyntax]] = [:]
        var stack: [Syntax] = [root]
        while let current = stack.popLast() {
            stack += current.children(viewMode: .sourceAccurate)
            guard let call = current.as(FunctionCallExprSyntax.self) else { continue }
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap {
                    $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil
                }
            guard let callee else { continue }
            result[callee, default: []] += call.arguments.map(\.expression)
        }
        return result
    }
}
