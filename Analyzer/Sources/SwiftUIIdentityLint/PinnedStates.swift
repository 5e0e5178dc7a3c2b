import SwiftSyntax

/// The names a call in `body` never sees take a second value: each written only by the
/// action of a button in the other arm of an `if … else` around the call. While the
/// call's arm is shown, the other arm and its controls are not; when the condition brings the
/// call's arm back, its views are made anew (the arms of a conditional are two identities), so
/// the callee is built with the new value, never updated to it. `Variation` takes such a name
/// as fixed for that call (a state of the view: the caller intersects with its `@State`s).
struct PinnedStates {
    /// Name → the nodes writing it outside initializers.
    private var writes: [String: [Syntax]] = [:]
    /// Names handed out as a binding (`$name`): written where the analyzer does not see.
    private var handedOut: Set<String> = []
    /// Closures with parameters, named or `$0`: built once per element (a row of a ForEach).
    private var parameterised: Set<SyntaxIdentifier> = []
    private let members: MemberBlockSyntax

    init(_ members: MemberBlockSyntax) {
        self.members = members
        var stack: [Syntax] = [Syntax(members)]
        while let node = stack.popLast() {
            if node.is(InitializerDeclSyntax.self) { continue }
            stack += node.children(viewMode: .sourceAccurate)
            if let closure = node.as(ClosureExprSyntax.self), closure.signature != nil {
                parameterised.insert(closure.id)
            } else if let reference = node.as(DeclReferenceExprSyntax.self), reference.baseName.text.hasPrefix("$") {
                let name = reference.baseName.text.dropFirst()
                if name.first?.isNumber == true {
                    var current = node.parent
                    while let parent = current, !parent.is(ClosureExprSyntax.self) { current = parent.parent }
                    if let closure = current { parameterised.insert(closure.id) }
                } else {
                    handedOut.insert(String(name))
                }
            } else if let target = StateWrites.writtenTarget(node), let name = StateWrites.root(target) {
                writes[name, default: []].append(node)
            }
        }
    }

    /// The names written only in the other arms of the `if`s around `call` in `body`.
    func around(_ call: FunctionCallExprSyntax) -> Set<String> {
        let arms = otherArms(of: Syntax(call))
        guard !arms.isEmpty else { return [] }
        return Set(writes.filter { name, nodes in
            !handedOut.contains(name) && nodes.allSatisfy { node in arms.contains { Self.isActionWrite(node, in: $0) } }
        }.keys)
    }

    /// The other arm of each `if … else` around `node` in `body`, above every closure with
    /// parameters (inside a row of a ForEach, another row's other arm is shown beside the call).
    private func otherArms(of node: Syntax) -> [Syntax] {
        var arms: [Syntax] = []
        var child = node
        while let parent = child.parent {
            if parameterised.contains(parent.id) { arms = [] }
            if let ifExpression = parent.as(IfExprSyntax.self), let otherwise = ifExpression.elseBody {
                if child.id == ifExpression.body.id {
                    arms.append(Syntax(otherwise))
                } else if child.id == otherwise.id {
                    arms.append(Syntax(ifExpression.body))
                }
            }
            if let binding = parent.as(PatternBindingSyntax.self) {
                let isBody = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
                let inMembers = binding.parent?.parent?.parent?.parent?.parent?.id == members.id
                return isBody && inMembers ? arms : []
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(MemberBlockSyntax.self) { return [] }
            child = parent
        }
        return []
    }

    /// Whether `write` runs in the action of a control inside `arm`, at once: in a `Button`'s action
    /// or an `.onTapGesture` (through `withAnimation` at most), which run only while the arm is
    /// shown. Not a closure handed to another view (it may keep it and call it later), a `Task`,
    /// or a lifecycle modifier's (`.onDisappear` runs as the call's arm appears).
    private static func isActionWrite(_ write: Syntax, in arm: Syntax) -> Bool {
        guard write.position >= arm.position, write.endPosition <= arm.endPosition else { return false }
        var current = write
        while let parent = current.parent, parent.id != arm.id {
            defer { current = parent }
            guard let closure = parent.as(ClosureExprSyntax.self) else { continue }
            var call = closure.parent?.as(FunctionCallExprSyntax.self)
            if call == nil, closure.parent?.is(LabeledExprSyntax.self) == true {
                call = closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            }
            switch call?.calledExpression.trimmedDescription {
            case "withAnimation": continue
            case "Button": return true
            default:
                return call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "onTapGesture"
            }
        }
        return false
    }
}
