import SwiftSyntax

/// Finds the types conforming to `View` in one file (structs, and extensions of them in the same
/// file adding helpers).
final class DeclarationCollector: SyntaxVisitor {
    private let converter: SourceLocationConverter
    private let file: String
    private(set) var declarations: [ViewDeclaration] = []
    /// Classes marked `@Observable` or conforming to `ObservableObject`: a property of such a type
    /// varies through observation.
    private(set) var observableTypes: Set<String> = []
    /// Enum cases declared without an associated value, and those declared with one.
    private(set) var plainCases: Set<String> = []
    private(set) var payloadCases: Set<String> = []
    /// Class name → its stored `let` properties: the same object always holds the same value.
    private(set) var classConstants: [String: Set<String>] = [:]
    /// Realm objects with a primary key and no equality of their own: Realm hashes and compares
    /// them by that key, which never changes once the object is stored, so editing a field in
    /// place keeps a row keyed `\.self` by one.
    private(set) var primaryKeyedObjects: Set<String> = []

    static let mutableAttributes: Set<String> = [
        "State", "Binding", "ObservedObject", "StateObject", "EnvironmentObject", "Bindable", "FocusState",
        "Published", "AppStorage", "SceneStorage", "Query", "Environment", "FetchRequest", "SectionedFetchRequest",
        "GestureState", "ObservedResults",
    ]
    static let stateAttributes: Set<String> = ["State", "StateObject"]

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        guard inherited.contains(where: { $0 == "View" || $0 == "SwiftUI.View" }) else { return .visitChildren }
        var declaration = ViewDeclaration(name: node.name.text, site: site(of: node.name))
        declaration.isEquatable = inherited.contains("Equatable")
        declaration.isPreviewOnly = Self.inPreview(Syntax(node))
        read(node.memberBlock, into: &declaration)
        declarations.append(declaration)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if Self.hasAttribute(node.attributes, "Observable") || inherited.contains("ObservableObject") {
            observableTypes.insert(node.name.text)
        }
        if inherited.contains(where: { $0 == "Object" || $0 == "RealmSwift.Object" }), Self.hasPrimaryKeyOnly(node.memberBlock) {
            primaryKeyedObjects.insert(node.name.text)
        }
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let" else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    classConstants[node.name.text, default: []].insert(name)
                }
            }
        }
        return .visitChildren
    }

    /// A `@Persisted(primaryKey: true)` property, and no `==`, `hash`, `hashValue`, `hash(into:)` or
    /// `isEqual` of the class's own to replace Realm's.
    private static func hasPrimaryKeyOnly(_ members: MemberBlockSyntax) -> Bool {
        var primaryKey = false
        for member in members.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), ["==", "hash", "isEqual"].contains(function.name.text) {
                return false
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            if names.contains(where: { $0 == "hash" || $0 == "hashValue" }) { return false }
            primaryKey = primaryKey || variable.attributes.contains { element in
                guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "Persisted",
                    case .argumentList(let arguments)? = attribute.arguments
                else { return false }
                return arguments.contains { $0.label?.text == "primaryKey" && $0.expression.trimmedDescription == "true" }
            }
        }
        return primaryKey
    }

    /// Enums of the file: a value of one has no field to edit in place.
    private(set) var enumTypes: Set<String> = []

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enumTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        if node.parameterClause == nil { plainCases.insert(node.name.text) } else { payloadCases.insert(node.name.text) }
        return .skipChildren
    }

    /// Whether a declaration is inside a `PreviewProvider` or a `#Preview`: no app code renders it.
    private static func inPreview(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let macro = parent.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = parent.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            if let type = parent.asProtocol(DeclGroupSyntax.self),
                type.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "PreviewProvider" }) == true
            {
                return true
            }
            current = parent.parent
        }
        return false
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        guard let index = declarations.firstIndex(where: { $0.name == name }) else { return .visitChildren }
        read(node.memberBlock, into: &declarations[index])
        return .visitChildren
    }

    /// Built-in views that keep what the user did in state of their own.
    static let inputViews: Set<String> = [
        "ScrollView", "List", "Form", "TextField", "SecureField", "TextEditor", "TabView", "DisclosureGroup",
        "NavigationStack", "NavigationSplitView", "ScrollViewReader",
    ]

    private func read(_ members: MemberBlockSyntax, into declaration: inout ViewDeclaration) {
        declaration.calls += calls(in: members)
        declaration.writes.read(members)
        if members.tokens(viewMode: .sourceAccurate).contains(where: { Self.inputViews.contains($0.text) }) {
            declaration.holdsBuiltInInput = true
        }
        for member in members.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body {
                declaration.methods.insert(function.name.text)
                declaration.computedReads[function.name.text, default: []].formUnion(ExpressionReads.roots(of: body))
            }
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                readVariable(variable, into: &declaration)
            } else if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body {
                let returned = function.signature.returnClause?.type.trimmedDescription ?? ""
                let builder = Self.hasAttribute(function.attributes, "ViewBuilder")
                guard builder || returned.contains("View") else { continue }
                declaration.helpers[function.name.text] = .init(
                    statements: body.statements, isViewBuilder: builder, returnsAnyView: returned == "AnyView")
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body {
                // Internal name → argument label (`_` has none: no call site names it).
                let parameters = Dictionary(initializer.signature.parameterClause.parameters.map {
                    (($0.secondName ?? $0.firstName).text, $0.firstName.text)
                }, uniquingKeysWith: { first, _ in first })
                readSeeds(body, parameters: parameters, into: &declaration)
            }
        }
    }

    private func readVariable(_ variable: VariableDeclSyntax, into declaration: inout ViewDeclaration) {
        let attributes = variable.attributes.compactMap {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if attributes.contains(where: Self.stateAttributes.contains) { declaration.stateProperties.insert(name) }
            if attributes.contains(where: Self.mutableAttributes.contains) { declaration.mutableProperties.insert(name) }
            let objectAttribute = variable.attributes.contains { element in
                guard let attribute = element.as(AttributeSyntax.self) else { return false }
                let name = attribute.attributeName.trimmedDescription
                return ["ObservedObject", "StateObject", "EnvironmentObject", "Bindable"].contains(name)
                    || (name == "Environment" && attribute.arguments?.trimmedDescription.hasSuffix(".self") == true)
            }
            if objectAttribute { declaration.referenceProperties.insert(name) }
            guard let accessor = binding.accessorBlock else {
                let type = binding.typeAnnotation?.type.trimmedDescription ?? Self.impliedType(variable, binding)
                declaration.storedTypes[name] = attributes.contains("Binding") ? "Binding" : type
                continue
            }
            let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
            declaration.computedReads[name, default: []].formUnion(ExpressionReads.roots(of: accessor))
            if case .getter(let items) = accessor.accessors, items.count == 1, let only = items.first?.item.as(ExprSyntax.self) {
                declaration.computedExpressions[name] = only
            }
            let statements: CodeBlockItemListSyntax?
            switch accessor.accessors {
            case .getter(let items): statements = items
            case .accessors(let list):
                statements = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
            }
            guard let statements, type.contains("View") else { continue }
            let helper = ViewDeclaration.Helper(
                statements: statements,
                isViewBuilder: name == "body" || attributes.contains("ViewBuilder"),
                returnsAnyView: type == "AnyView")
            if name == "body" { declaration.body = helper } else { declaration.helpers[name] = helper }
        }
    }

    /// The type a stored property without annotation holds: `T` of `@Environment(T.self)`,
    /// `Results<T>` of `@ObservedResults(T.self)`, or `T` of an initializer `T(…)`; empty when
    /// none says.
    private static func impliedType(_ variable: VariableDeclSyntax, _ binding: PatternBindingSyntax) -> String {
        for element in variable.attributes {
            guard let attribute = element.as(AttributeSyntax.self),
                case .argumentList(let arguments)? = attribute.arguments, let first = arguments.first,
                first.label == nil, first.expression.trimmedDescription.hasSuffix(".self")
            else { continue }
            let type = String(first.expression.trimmedDescription.dropLast(5))
            switch attribute.attributeName.trimmedDescription {
            case "Environment": return type
            case "ObservedResults": return "Results<\(type)>"
            default: continue
            }
        }
        if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, callee.first?.isUppercase == true
        {
            return callee
        }
        return ""
    }

    /// The assignments of an initializer: which labels each stored property depends on, and
    /// `_name = State(initialValue: parameter…)`.
    private func readSeeds(_ body: CodeBlockSyntax, parameters: [String: String], into declaration: inout ViewDeclaration) {
        for item in body.statements {
            guard let sequence = item.item.as(SequenceExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self)
            else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { continue }
            var target = elements[0].trimmedDescription
            if target.hasPrefix("self.") { target.removeFirst(5) }
            let read = ExpressionReads.roots(of: elements[2])
            let labels = Set(read.compactMap { parameters[Variation.called($0) ?? $0] }.filter { $0 != "_" })
            declaration.initAssignments[target.hasPrefix("_") ? String(target.dropFirst()) : target, default: []].formUnion(labels)
            guard target.hasPrefix("_"), let call = elements[2].as(FunctionCallExprSyntax.self) else { continue }
            let callee = call.calledExpression.trimmedDescription
            guard callee == "State" || callee == "StateObject" else { continue }
            let property = String(target.dropFirst())
            let used = Set(call.arguments.flatMap { $0.expression.tokens(viewMode: .sourceAccurate).map(\.text) })
            guard let parameter = parameters.keys.sorted().first(where: used.contains), let label = parameters[parameter] else { continue }
            declaration.seededStates.append(.init(property: property, parameter: parameter, label: label, site: site(of: item)))
        }
    }

    /// The calls of capitalised callees (views, or other types: `Variation` keeps the views) with
    /// their labelled arguments.
    private func calls(in members: MemberBlockSyntax) -> [CallSite] {
        var result: [CallSite] = []
        let pinned = PinnedStates(members)
        var stack: [Syntax] = [Syntax(members)]
        while let node = stack.popLast() {
            stack += node.children(viewMode: .sourceAccurate)
            guard let call = node.as(FunctionCallExprSyntax.self),
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                callee.first?.isUppercase == true
            else { continue }
            let arguments = call.arguments.compactMap { argument -> CallSite.Argument? in
                guard let label = argument.label?.text else { return nil }
                var bare = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
                if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
                    bare = member.declName.baseName.text
                }
                var member: (String, String)?
                if let access = argument.expression.as(MemberAccessExprSyntax.self), let base = access.base,
                    let property = BodyLowering.propertyName(base)
                {
                    member = (property, access.declName.baseName.text)
                }
                return .init(
                    label: label, reads: ExpressionReads.roots(of: argument.expression), bare: bare,
                    isClosure: argument.expression.is(ClosureExprSyntax.self), member: member)
            }
            result.append(CallSite(callee: callee, arguments: arguments, site: site(of: call), pinned: pinned.around(call)))
        }
        return result
    }

    static func hasAttribute(_ attributes: AttributeListSyntax, _ name: String) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == name }
    }

    private func site(of node: some SyntaxProtocol) -> SourceSite {
        let location = node.startLocation(converter: converter)
        return SourceSite(file: file, line: location.line, column: location.column)
    }
}
