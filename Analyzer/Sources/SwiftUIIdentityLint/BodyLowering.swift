import SwiftSyntax

/// Lowers one view's `body` (and the helpers it calls) into a `ViewShape`. What it does not
/// understand becomes `.opaque`, never nothing.
struct BodyLowering {
    let declaration: ViewDeclaration
    /// Custom view types of the analysed files → whether they hold state (themselves or below).
    let statefulTypes: [String: Bool]
    let converter: SourceLocationConverter
    let file: String
    /// Enum cases of the analysed files that no enum of them declares with an associated value:
    /// `case .online:` over one of them matches exactly one value.
    let plainEnumCases: Set<String>
    /// Element types with no field to edit in place: `plainValueTypes` and the files' enums.
    let plainTypes: Set<String>
    /// Realm objects keyed by their primary key (`DeclarationCollector.primaryKeyedObjects`).
    let primaryKeyedObjects: Set<String>
    private var counter = 0
    private var inlining: [String] = []

    static let modelContainers: Set<String> = ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "List", "Group"]

    /// Containers the model does not name, lowered as the one whose identity they have: each puts
    /// the views of its content closures at fixed structural positions, always present, and
    /// none has evidence of retaining removed children, so each is the model's `VStack` (which
    /// docs/model.md also gives an unlisted container for retention). Their closures (content,
    /// then `header:`, `footer:`…) are the slots of one block.
    static let stackLikeContainers: Set<String> = [
        "ScrollView", "NavigationStack", "NavigationView", "NavigationSplitView", "Form", "Section", "GroupBox",
        "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "GeometryReader", "ViewThatFits", "ControlGroup",
    ]

    init(
        declaration: ViewDeclaration, statefulTypes: [String: Bool], converter: SourceLocationConverter, file: String,
        plainEnumCases: Set<String> = [], plainTypes: Set<String> = BodyLowering.plainValueTypes,
        primaryKeyedObjects: Set<String> = []
    ) {
        self.declaration = declaration
        self.statefulTypes = statefulTypes
        self.converter = converter
        self.file = file
        self.plainEnumCases = plainEnumCases
        self.plainTypes = plainTypes
        self.primaryKeyedObjects = primaryKeyedObjects
    }

    mutating func lowerBody() -> ViewShape? {
        guard let body = declaration.body else { return nil }
        return lower(body)
    }

    private mutating func next() -> Int {
        counter += 1
        return counter
    }

    private func site(_ node: some SyntaxProtocol) -> SourceSite {
        let location = node.startLocation(converter: converter)
        return SourceSite(file: file, line: location.line, column: location.column)
    }

    private mutating func lower(_ helper: ViewDeclaration.Helper) -> ViewShape {
        if helper.isViewBuilder { return lowerBlock(helper.statements) }
        let returns = helper.statements.flatMap { Self.returnedExpressions(in: Syntax($0)) }
        if returns.isEmpty, helper.statements.count == 1, let only = helper.statements.first {
            return lowerItem(only.item)
        }
        guard let first = returns.first else { return .opaque(.init(construct: "helper without a returned view", site: site(helper.statements))) }
        if helper.returnsAnyView, returns.count > 1 {
            let contents = returns.map { expression -> ViewShape in
                if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "AnyView",
                    let argument = call.arguments.first?.expression
                {
                    return lowerExpression(argument)
                }
                return .opaque(.init(construct: "AnyView returned without AnyView(…)", site: site(expression)))
            }
            return .erased(.init(number: next(), contents: contents, site: site(first)))
        }
        // Several returns of `some View` have one type: the first stands for all.
        return lowerExpression(first)
    }

    /// The expressions of the `return` statements in a helper's body (not inside closures).
    private static func returnedExpressions(in node: Syntax) -> [ExprSyntax] {
        if let statement = node.as(ReturnStmtSyntax.self) { return statement.expression.map { [$0] } ?? [] }
        if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { return [] }
        return node.children(viewMode: .sourceAccurate).flatMap { returnedExpressions(in: $0) }
    }

    private mutating func lowerBlock(_ statements: CodeBlockItemListSyntax) -> ViewShape {
        let items = statements.compactMap { item -> ViewShape? in
            if let config = item.item.as(IfConfigDeclSyntax.self) { return lowerIfConfig(config) }
            if item.item.is(DeclSyntax.self) { return nil }  // a local `let` builds no view
            return lowerItem(item.item)
        }
        return items.count == 1 ? items[0] : .block(items)
    }

    private mutating func lowerItem(_ item: CodeBlockItemSyntax.Item) -> ViewShape {
        switch item {
        case .expr(let expression): return lowerExpression(expression)
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression { return lowerExpression(expression) }
            if let statement = statement.as(ReturnStmtSyntax.self), let expression = statement.expression {
                return lowerExpression(expression)
            }
            return .opaque(.init(construct: "statement \(statement.kind)", site: site(statement)))
        case .decl(let declaration): return .opaque(.init(construct: "declaration", site: site(declaration)))
        }
    }

    /// `#if` in a block: a compile-time choice, never a run-time condition, so not a conditional.
    /// Its first clause is lowered (the build where the first condition holds); the other clauses
    /// are counted as `#if clause not analysed` opaque nodes, never dropped.
    private mutating func lowerIfConfig(_ config: IfConfigDeclSyntax) -> ViewShape {
        var items: [ViewShape] = []
        for (index, clause) in config.clauses.enumerated() {
            guard index == 0 else {
                items.append(.opaque(.init(construct: "#if clause not analysed", site: site(clause))))
                continue
            }
            switch clause.elements {
            case .statements(let statements): items.append(lowerBlock(statements))
            case nil: items.append(.block([]))
            default: items.append(.opaque(.init(construct: "#if of declarations", site: site(clause))))
            }
        }
        return items.count == 1 ? items[0] : .block(items)
    }

    mutating func lowerExpression(_ expression: ExprSyntax) -> ViewShape {
        if let ifExpression = expression.as(IfExprSyntax.self) { return lowerIf(ifExpression) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) { return lowerSwitch(switchExpression) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return lowerCall(call) }
        if let postfix = expression.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
            // Modifiers under `#if`: they leave identity alone (R2) unless one is `.id`.
            guard !postfix.config.trimmedDescription.contains(".id(") else {
                return .opaque(.init(construct: "#if around .id", site: site(postfix.config)))
            }
            return .modified(lowerExpression(base), modifier: "ifConfig", site: site(postfix.config))
        }
        if let sequence = expression.as(SequenceExprSyntax.self), let (thenBranch, _) = Self.ternary(sequence) {
            // Outside AnyView both branches have one type: the same identity (not a conditional).
            return lowerExpression(thenBranch)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) { return lowerExpression(ternary.thenExpression) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return lowerReference(reference.baseName.text, expression) }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            if let base = member.base, base.trimmedDescription == "self" { return lowerReference(member.declName.baseName.text, expression) }
            if let base = member.base, let first = base.trimmedDescription.first, first.isUppercase {
                return .leaf(.init(number: next(), type: base.trimmedDescription, isStateful: false, site: site(expression), arguments: []))
            }
        }
        return .opaque(.init(construct: Self.construct(of: expression), site: site(expression)))
    }

    /// The name of a construct left opaque, for the ranking of blind spots.
    static func construct(of expression: ExprSyntax) -> String {
        if let member = expression.as(MemberAccessExprSyntax.self) { return "member access .\(member.declName.baseName.text)" }
        return "\(expression.kind)".replacingOccurrences(of: "SyntaxKind.", with: "")
    }

    private mutating func lowerReference(_ name: String, _ expression: ExprSyntax) -> ViewShape {
        if let helper = declaration.helpers[name], !inlining.contains(name), inlining.count < 8 {
            inlining.append(name)
            defer { inlining.removeLast() }
            return lower(helper)
        }
        return .opaque(.init(construct: "reference to \(name.first?.isUppercase == true ? "a type" : "a value")", site: site(expression)))
    }

    private mutating func lowerIf(_ node: IfExprSyntax) -> ViewShape {
        let number = next()
        var condition = ViewShape.Conditional.Condition.plain
        if let first = node.conditions.first?.condition {
            switch first {
            case .optionalBinding: condition = .optionalBinding
            case .expression(let expression):
                if let sequence = expression.as(SequenceExprSyntax.self) {
                    let elements = Array(sequence.elements)
                    if elements.count == 3, elements[1].trimmedDescription == "!=", elements[2].is(NilLiteralExprSyntax.self) {
                        let name = elements[0].trimmedDescription
                        let readsAgain = node.body.statements.contains { item in
                            item.tokens(viewMode: .sourceAccurate).map(\.text).joined().contains(name + "!")
                        }
                        condition = .notNil(name: name, readsAgain: readsAgain)
                    }
                }
            default: break
            }
        }
        var reads = ExpressionReads.roots(of: node.conditions)
        for element in node.conditions {
            // `if let x`: the shorthand reads `x`.
            if case .optionalBinding(let binding) = element.condition, binding.initializer == nil,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                reads.insert(name)
            }
        }
        let thenShape = lowerBlock(node.body.statements)
        var otherwise: ViewShape?
        switch node.elseBody {
        case .ifExpr(let nested): otherwise = lowerIf(nested)
        case .codeBlock(let block): otherwise = lowerBlock(block.statements)
        case nil: otherwise = nil
        }
        var pin: ViewShape.Pin?
        if node.conditions.count == 1, case .expression(var flag) = node.conditions.first!.condition {
            if let negated = flag.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!" { flag = negated.expression }
            // `if flag` needs a Bool: every change of it flips the arm.
            if let name = Self.propertyName(flag) { pin = .init(name: name, then: true, otherwise: true) }
        }
        return .conditional(.init(
            number: number, condition: condition, pin: pin, conjuncts: conjuncts(node.conditions),
            conditionText: Self.oneLine("if " + node.conditions.trimmedDescription),
            reads: reads, then: thenShape, otherwise: otherwise, site: site(node)))
    }

    /// The conjuncts of an `if`'s conditions (`ViewShape.Conditional.conjuncts`); empty when a
    /// condition is a pattern match or a binding of another name.
    private func conjuncts(_ conditions: ConditionElementListSyntax) -> Set<String> {
        // Only a condition on the view's own properties means the same thing wherever it is
        // written: a helper's parameter or a local may hold another value at each place.
        guard namesProperties(Syntax(conditions)) else { return [] }
        var result: Set<String> = []
        for element in conditions {
            switch element.condition {
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return [] }
                let value = binding.initializer.map { Self.oneLine($0.value.trimmedDescription) } ?? name
                result.insert(value + " != nil")
            case .expression(let expression):
                result.formUnion(conjuncts(expression, depth: 0))
            default: return []
            }
        }
        return result
    }

    /// Whether every name the node reads (not a member name, not a type) is a property of the
    /// view, and every computed one inlined for conjuncts is too.
    private func namesProperties(_ node: Syntax, depth: Int = 0) -> Bool {
        let properties = Set(declaration.storedTypes.keys).union(declaration.computedReads.keys)
        var stack = [node]
        while let current = stack.popLast() {
            stack += current.children(viewMode: .sourceAccurate)
            if let pattern = current.as(IdentifierPatternSyntax.self), !properties.contains(pattern.identifier.text) { return false }
            guard let reference = current.as(DeclReferenceExprSyntax.self) else { continue }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
            let name = reference.baseName.text
            if name == "self" || name.first?.isUppercase == true { continue }
            // A parameter or local of the same name shadows the property.
            guard properties.contains(name), Self.propertyName(ExprSyntax(reference)) == name else { return false }
            if let inlined = declaration.computedExpressions[name], depth < 4,
                !namesProperties(Syntax(inlined), depth: depth + 1)
            {
                return false
            }
        }
        return true
    }

    /// `a && b` as `[a, b]`, a computed property of one expression inlined (to a small depth).
    private func conjuncts(_ expression: ExprSyntax, depth: Int) -> Set<String> {
        if let name = Self.propertyName(expression), depth < 4, let inlined = declaration.computedExpressions[name] {
            return conjuncts(inlined, depth: depth + 1)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" }),
                !elements.contains(where: { ["||", "??"].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text) || $0.is(UnresolvedTernaryExprSyntax.self) })
            {
                var result: Set<String> = [], part: [ExprSyntax] = []
                for element in elements + [ExprSyntax(BinaryOperatorExprSyntax(operator: .binaryOperator("&&")))] {
                    if element.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" {
                        let chunk = part.count == 1 ? part[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(part)))
                        result.formUnion(conjuncts(chunk, depth: depth))
                        part = []
                    } else {
                        part.append(element)
                    }
                }
                return result
            }
        }
        return [Self.oneLine(expression.trimmedDescription)]
    }

    private mutating func lowerSwitch(_ node: SwitchExprSyntax) -> ViewShape {
        let subject = Self.propertyName(node.subject)
        let cases: [(String, ViewShape, SourceSite, Bool)] = node.cases.compactMap { element in
            guard case .switchCase(let switchCase) = element else { return nil }
            let plain = subject != nil && plainCase(switchCase.label) != nil
            return (switchCase.label.trimmedDescription, lowerBlock(switchCase.statements), site(switchCase), plain)
        }
        guard var shape = cases.last?.1 else { return .opaque(.init(construct: "empty switch", site: site(node))) }
        // The last case is the `otherwise` of the conditional of the case before it.
        var otherwisePlain = cases.last?.3 == true
        for (label, caseShape, caseSite, plain) in cases.dropLast().reversed() {
            let pin = subject.map { ViewShape.Pin(name: $0, then: plain, otherwise: otherwisePlain) }
            shape = .conditional(.init(
                number: next(), condition: .plain, pin: pin, conditionText: Self.oneLine("switch \(node.subject.trimmedDescription), \(label)"),
                reads: ExpressionReads.roots(of: node.subject), then: caseShape, otherwise: shape, site: caseSite))
            otherwisePlain = false
        }
        return shape
    }

    /// `x` for a property of the view read bare or through `self` (`x`, `self.x`), nil for any
    /// other expression and for a local or parameter that shadows it.
    static func propertyName(_ expression: ExprSyntax) -> String? {
        var name: String?
        if let reference = expression.as(DeclReferenceExprSyntax.self) { name = reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            name = member.declName.baseName.text
        }
        guard let name, ExpressionReads.roots(of: expression) == [name] else { return nil }
        return name
    }

    /// The case name of `case .name:`, one pattern without bindings or `where`, naming a case no
    /// enum of the files declares with an associated value; nil for any other label.
    private func plainCase(_ label: SwitchCaseSyntax.Label) -> String? {
        guard case .case(let caseLabel) = label, caseLabel.caseItems.count == 1, let item = caseLabel.caseItems.first,
            item.whereClause == nil,
            let member = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self),
            member.base == nil
        else { return nil }
        let name = member.declName.baseName.text
        return plainEnumCases.contains(name) ? name : nil
    }

    /// Source text on one line, whitespace runs as one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `c ? a : b` as the parser leaves it (operators unfolded): the two branches.
    static func ternary(_ sequence: SequenceExprSyntax) -> (ExprSyntax, ExprSyntax)? {
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let marker = elements[index].as(UnresolvedTernaryExprSyntax.self), index + 1 < elements.count
        else { return nil }
        let rest = Array(elements[(index + 1)...])
        let otherwise = rest.count == 1 ? rest[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(rest)))
        return (marker.thenExpression, otherwise)
    }

    private mutating func lowerCall(_ call: FunctionCallExprSyntax) -> ViewShape {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else {
                return .opaque(.init(construct: "implicit member .\(name)", site: site(call)))
            }
            if let first = base.trimmedDescription.first, first.isUppercase, !base.is(FunctionCallExprSyntax.self) {
                return .leaf(.init(number: next(), type: base.trimmedDescription, isStateful: false, site: site(call), arguments: []))
            }
            if base.trimmedDescription == "self" { return lowerReference(name, ExprSyntax(call)) }
            let content = lowerExpression(base)
            let modifierSite = site(member.declName)
            if name == "id", let argument = call.arguments.first?.expression {
                let text = argument.trimmedDescription
                let fresh = ["UUID()", "Date()", "Date.now", ".random", "random(", "Int.random", "UUID().uuidString"]
                    .contains { text.contains($0) }
                return .explicitID(content, .init(
                    number: next(), expression: text, kind: fresh ? .freshEachRender : .value,
                    reads: ExpressionReads.roots(of: argument), site: modifierSite))
            }
            return .modified(content, modifier: name, site: modifierSite)
        }
        guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else {
            return .opaque(.init(construct: "call of \(call.calledExpression.kind)", site: site(call)))
        }
        let name = reference.baseName.text
        if name == "AnyView", let argument = call.arguments.first?.expression {
            let contents: [ViewShape]
            if let sequence = argument.as(SequenceExprSyntax.self), let (a, b) = Self.ternary(sequence) {
                contents = [lowerExpression(a), lowerExpression(b)]
            } else {
                contents = [lowerExpression(argument)]
            }
            return .erased(.init(number: next(), contents: contents, site: site(call)))
        }
        if name == "ForEach" { return lowerForEach(call) }
        if name == "List", let data = call.arguments.first, data.label == nil, !data.expression.is(ClosureExprSyntax.self) {
            return .container("List", lowerForEach(call))
        }
        if Self.modelContainers.contains(name) {
            return .container(name, trailingContent(call))
        }
        if let stateful = statefulTypes[name] {
            return .leaf(.init(
                number: next(), type: name, isStateful: stateful, site: site(call), arguments: arguments(of: call),
                data: Self.data(of: call)))
        }
        if declaration.helpers[name] != nil { return lowerReference(name, ExprSyntax(call)) }
        if Self.stackLikeContainers.contains(name) {
            return .container("VStack", allContent(call))
        }
        if let first = name.first, first.isUppercase {
            // A built-in view: a leaf, unless a closure of it builds a view of the analysed files.
            let closures = [call.trailingClosure].compactMap { $0 } + call.additionalTrailingClosures.map(\.closure)
                + call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            let mentionsCustom = closures.contains { closure in
                closure.tokens(viewMode: .sourceAccurate).contains { statefulTypes[$0.text] == true }
            }
            if mentionsCustom { return .opaque(.init(construct: "\(name) { … } holding custom views", site: site(call))) }
            return .leaf(.init(number: next(), type: name, isStateful: false, site: site(call), arguments: []))
        }
        return .opaque(.init(construct: "call of a function", site: site(call)))
    }

    private mutating func trailingContent(_ call: FunctionCallExprSyntax) -> ViewShape {
        if let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self) {
            return lowerBlock(closure.statements)
        }
        return .block([])
    }

    /// A container's views, in source order, as one block: each closure (arguments, trailing and
    /// additional trailing) and each view passed as an argument (`Section(header: Text(…))`).
    private mutating func allContent(_ call: FunctionCallExprSyntax) -> ViewShape {
        var items: [ViewShape] = []
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                items.append(lowerBlock(closure.statements))
            } else if let view = argument.expression.as(FunctionCallExprSyntax.self),
                view.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
            {
                items.append(lowerCall(view))
            }
        }
        let closures = [call.trailingClosure].compactMap { $0 } + call.additionalTrailingClosures.map(\.closure)
        items += closures.map { lowerBlock($0.statements) }
        return items.count == 1 ? items[0] : .block(items)
    }

    private mutating func lowerForEach(_ call: FunctionCallExprSyntax) -> ViewShape {
        let number = next()
        let data = call.arguments.first { $0.label == nil }?.expression.trimmedDescription ?? ""
        let idArgument = call.arguments.first { $0.label?.text == "id" }?.expression.trimmedDescription
        let ids: ViewShape.ForEachShape.IDSource
        let isRange = data.contains("..<") || data.contains("...")
        switch idArgument {
        case nil: ids = isRange ? .constantRange : (data.hasSuffix(".indices") ? .constantRange : .identifiable)
        case "\\.self": ids = (isRange || data.hasSuffix(".indices")) ? .indices : .selfValue
        case "\\.offset", "\\.0": ids = data.contains("enumerated()") ? .indices : .keyPath(idArgument!)
        case let other?: ids = .keyPath(other)
        }
        return .forEach(.init(
            number: number, data: data, dataIsMutable: isMutable(data), elementsChangeInPlace: elementsChangeInPlace(data),
            ids: ids, content: trailingContent(call), site: site(call)))
    }

    /// Value types with no field to edit: an element of them changes only by being replaced.
    static let plainValueTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int64", "Int32", "UInt", "Double", "Float", "Bool", "URL", "UUID", "Date",
    ]

    /// Whether the data (a bare property) can have an element changed in place: unless it is a
    /// `@State` array of plain values (or of an enum of the files) that the view never writes
    /// through a subscript or a binding, or Realm results of objects keyed by their primary key
    /// (an edit keeps the key).
    private func elementsChangeInPlace(_ data: String) -> Bool {
        let name = declaration.storedTypes.keys.first(where: { $0 == data || "self." + $0 == data })
        if let name, let type = declaration.storedTypes[name], type.hasPrefix("Results<"), type.hasSuffix(">"),
            primaryKeyedObjects.contains(String(type.dropFirst(8).dropLast()))
        {
            return false
        }
        guard let name, declaration.stateProperties.contains(name), let type = declaration.storedTypes[name],
            type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":")
        else { return true }
        let element = String(type.dropFirst().dropLast())
        return !plainTypes.contains(element) || declaration.writes.elements.contains(name)
    }

    /// Whether the root of a data expression is a property the view's updates change.
    private func isMutable(_ data: String) -> Bool {
        var text = data
        if let range = text.range(of: "..<") ?? text.range(of: "...") { text = String(text[range.upperBound...]) }
        text = text.replacingOccurrences(of: "self.", with: "").replacingOccurrences(of: "$", with: "")
        let root = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return declaration.mutableProperties.contains(root)
    }

    /// What a call passes as data (`Leaf.data`): each argument but closures, as its label and the
    /// names it reads, with literals, implicit members (`.edit`) and `self` left out.
    static func data(of call: FunctionCallExprSyntax) -> [String] {
        call.arguments.compactMap { argument in
            guard !argument.expression.is(ClosureExprSyntax.self) else { return nil }
            let names = argument.expression.tokens(viewMode: .sourceAccurate).filter { token in
                switch token.tokenKind {
                case .identifier(let text), .dollarIdentifier(let text): guard text != "self" else { return false }
                default: return false
                }
                let member = token.parent?.parent?.as(MemberAccessExprSyntax.self)
                return !(member != nil && member?.base == nil)
            }
            return "\(argument.label?.text ?? "_"): " + names.map(\.text).joined(separator: " ")
        }
    }

    private func arguments(of call: FunctionCallExprSyntax) -> [ViewShape.Argument] {
        call.arguments.compactMap { argument in
            guard let label = argument.label?.text else { return nil }
            let expression = argument.expression
            let kind: ViewShape.Argument.Kind
            if let inner = expression.as(FunctionCallExprSyntax.self), inner.calledExpression.trimmedDescription == "Binding",
                inner.arguments.contains(where: { $0.label?.text == "get" })
            {
                kind = .manualBinding
            } else if let closure = expression.as(ClosureExprSyntax.self) {
                kind = closure.statements.isEmpty ? .emptyClosure : .closure
            } else if expression.trimmedDescription.hasPrefix("$") {
                kind = .projectedBinding
            } else {
                kind = .value
            }
            return .init(label: label, kind: kind, site: site(argument))
        }
    }
}
