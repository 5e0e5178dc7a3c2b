/// Reads a render written in the SwiftUI-like syntax.
///
/// ```
/// VStack {
///     Text
///     if true { Counter(state: 0) @a } else { Spacer }    // if/else: the arm taken is written
///     if false { Counter(state: 0) }                       // if without else: absent content
///     if true, twice, transient { Profile(state: 0) } else { Spacer }
///     ForEach([3, 1, 2], id: \.self) { Row(state: 0) @row }   // labels become row[3], row[1], …
///     ForEach([3, 1]) { case 3: Row(state: 0); case 1: Spacer }  // per-row content
///     Counter(state: 0).padding(8).matchedGeometryEffect(id: 1).id("abby") @top
///     AnyView(Counter(state: 0))
///     (if true { Counter(state: 0) } else { Spacer }).padding(0)
/// }
/// ```
///
/// - Views are separated by newlines or `;`; a block of two or more views is a tuple, an empty
///   block is `EmptyView`.
/// - Containers: `VStack HStack ZStack LazyVStack LazyHStack List Group`, each followed by a block.
/// - `if C { … } else { … }` is a conditional and `if C { … }` an optional, where `C` is `true` or
///   `false` (the arm taken, or whether the optional is present). A conditional's condition may add
///   `, twice` (the condition is read twice in `body`, `if x != nil { x! }`) and `, transient`
///   (the binding emitted a transient value during this render; seed 000 Finding 4).
/// - `ForEach(KEYS)` reads `Identifiable` data, `ForEach(KEYS, id: \.id)` a key path,
///   `ForEach(KEYS, id: \.self)` the values themselves, `ForEach(0..<n, id: \.self)` and
///   `ForEach(KEYS.indices, id: \.self)` indices, and `ForEach(0..<n)` and `ForEach(KEYS.indices)`
///   a constant range (SwiftUI's `init(_: Range<Int>, content:)`). The body is the content of every row, or one
///   `case KEY:` section per row.
/// - A leaf is a type name; `Name(state: n)` has `@State` with initial value `n`. `@label` after a
///   view's modifiers labels the stateful leaf it wraps.
/// - `.id(k)` takes an integer or string key; any other modifier takes one integer, optionally
///   after an argument label. Parentheses group a block so that modifiers can follow it.
///
/// `parseViewTree` reads the same grammar for invalidation scenarios, where a leaf with arguments is
/// a custom view (`CustomViewSyntax`): `Type(label: value, …)` with `state: v` for its `@State`,
/// then optionally `== reads(p / [0, 15]) | true | false`, `.equatable()` (directly after the
/// call and its `==`), other modifiers, `@label` on any custom view and its own body in braces on
/// the same line. Property values: an integer, `true`/`false`, a string, `{ … }`,
/// `Binding(get: { … }, set: { … })`, `$name`, `$name.field`, `$name[…]` (each optionally with its
/// value snapshot, `$name(snapshot: 1)`), `$0` (a `ForEach` row's
/// element, in its content), `object(n)`, `object(n, equatable: v)` (an `Equatable` class whose
/// `==` compares `v`), `model(n)`, a struct value `Range(lo: 1, hi: 2)` optionally followed by
/// `== reads(lo)` (the fields its own `==` reads). A leaf without arguments (`Text`) or with a
/// string (`Text("a")`) is a built-in view, not a custom view. A body reads `state`, a stored
/// property or its field, or `observable(n).p` as a built-in view's argument (`Text(store.a)`) or
/// in `let _ = store.a`, which makes no view.
public struct RenderParser {
    /// How deeply views (and modifiers on one view) may nest: deeper input is an error, so that no
    /// walk over a render can exhaust a thread's stack.
    public static let maximumNesting = 256
    /// The most rows a range `ForEach(0..<n)` may have: every row is built.
    public static let maximumRows = 10_000
    /// The most views a render may have, and the most `ForEach` rows its text may build: every
    /// view is walked, stored and confirmed by Z3, so the cost of a render grows with this.
    public static let maximumViews = 10_000

    private var tokens: [RenderToken]
    private let text: [Character]
    /// Whether leaves with arguments are custom views (`parseViewTree`).
    private let readsViewTrees: Bool
    private var index = 0
    private var depth = 0
    private var rowsBuilt = 0
    /// How many `ForEach` contents enclose the current view inside the current body: `$0` is
    /// only read there.
    private var forEachContents = 0
    /// For each custom view whose body is being read, innermost last: the names its body may read
    /// (`state` when it declares one, and its stored properties) and the reads found so far.
    private var bodyScopes: [(names: Set<String>, reads: [String])] = []

    /// Parses `text`, reporting positions as if the text started at `line` and `column` (1-based)
    /// of an enclosing file.
    public static func parse(_ text: String, line: Int = 1, column: Int = 1) throws -> Render {
        try parsed(text, line: line, column: column, viewTrees: false).render
    }

    /// Parses `text` as a view tree: the custom views outside any custom view's body, each with
    /// its steps and its own body. Throws `RenderSyntaxError`.
    public static func parseViewTree(_ text: String, line: Int = 1, column: Int = 1) throws -> [CustomViewSyntax] {
        try parsed(text, line: line, column: column, viewTrees: true).views
    }

    private static func parsed(_ text: String, line: Int, column: Int, viewTrees: Bool) throws -> Piece {
        do {
            var parser = RenderParser(tokens: try RenderLexer.tokens(of: text), text: Array(text), viewTrees: viewTrees)
            return try parser.parseDocument()
        } catch let failure as RenderLexer.Failure {
            switch failure {
            case let .unexpectedCharacter(character, line: tokenLine, column: tokenColumn):
                throw syntaxError("unexpected character '\(character)'", tokenLine, tokenColumn, line, column)
            case let .unterminatedString(line: tokenLine, column: tokenColumn):
                throw syntaxError("unterminated string", tokenLine, tokenColumn, line, column)
            case let .unterminatedClosure(line: tokenLine, column: tokenColumn):
                throw syntaxError("unterminated '{' in a closure", tokenLine, tokenColumn, line, column)
            case let .integerOverflow(digits, line: tokenLine, column: tokenColumn):
                throw syntaxError("integer '\(digits)' does not fit in Int", tokenLine, tokenColumn, line, column, cause: .integerOverflow)
            }
        } catch let failure as Failure {
            throw syntaxError(failure.message, failure.token.line, failure.token.column, line, column, cause: failure.cause)
        }
    }

    private static func syntaxError(
        _ message: String, _ tokenLine: Int, _ tokenColumn: Int, _ line: Int, _ column: Int, cause: RenderSyntaxError.Cause = .syntax
    ) -> RenderSyntaxError {
        RenderSyntaxError(
            line: line + tokenLine, column: tokenLine == 0 ? column + tokenColumn : tokenColumn + 1, message: message, cause: cause)
    }

    /// A parse failure at a token.
    private struct Failure: Error {
        var message: String
        var token: RenderToken
        var cause: RenderSyntaxError.Cause = .syntax
    }

    /// What a part of the text parses to: its render, the custom views in it with the steps from
    /// the part's top down to each, and whether it is one custom view under only modifiers, `.id`
    /// and `AnyView` (what `@label`, `.equatable()` and a body apply to).
    private struct Piece {
        var render: Render
        var views: [CustomViewSyntax] = []
        var isCustomView = false

        /// The piece inside `render`, reached through `step`.
        func wrapped(in render: Render, through step: PathStep) -> Piece {
            Piece(render: render, views: RenderParser.prefixed(views, step), isCustomView: isCustomView)
        }
    }

    private init(tokens: [RenderToken], text: [Character], viewTrees: Bool) {
        self.tokens = tokens
        self.text = text
        readsViewTrees = viewTrees
    }

    private static func prefixed(_ views: [CustomViewSyntax], _ step: PathStep) -> [CustomViewSyntax] {
        views.map { view in
            var copy = view
            copy.steps.insert(step, at: 0)
            return copy
        }
    }

    /// The views in a `ForEach` row with `key`, their bodies' included: each row of a `ForEach`
    /// has views of its own.
    private static func suffixed(_ views: [CustomViewSyntax], _ key: Key) -> [CustomViewSyntax] {
        views.map { view in
            var copy = view
            copy.rowKeys.insert(key, at: 0)
            copy.body = suffixed(view.body, key)
            return copy
        }
    }

    /// The number of custom views, bodies included.
    private static func count(_ views: [CustomViewSyntax]) -> Int {
        views.reduce(views.count) { $0 + count($1.body) }
    }

    private var current: RenderToken { tokens[index] }

    private func failure(_ message: String, cause: RenderSyntaxError.Cause = .syntax) -> Failure {
        Failure(message: message, token: current, cause: cause)
    }

    private mutating func parseDocument() throws -> Piece {
        skipSeparators()
        let first = current
        let piece = try parseViewList()
        skipSeparators()
        guard current.kind == .end else { throw failure("expected a view, found \(describe(current))") }
        guard piece.render.viewCount(upTo: Self.maximumViews) != nil, Self.count(piece.views) <= Self.maximumViews else {
            throw Failure(
                message: "the render has more than \(Self.maximumViews) views (each ForEach row counts with its content)",
                token: first, cause: .limit)
        }
        return piece
    }

    /// Views separated by newlines or `;`, up to `}`, `)`, `case` or the end.
    private mutating func parseViewList() throws -> Piece {
        var views: [Piece] = []
        while true {
            skipSeparators()
            switch current.kind {
            case .end, .punctuation("}"), .punctuation(")"), .identifier("case"): return list(views)
            case .identifier("let") where readsViewTrees: try parseLetRead()
            default: views.append(try parseView())
            }
            switch current.kind {
            case .newline, .punctuation(";"), .end, .punctuation("}"), .punctuation(")"), .identifier("case"): continue
            default: throw failure("expected a newline or ';' after a view, found \(describe(current))")
            }
        }
    }

    private func list(_ pieces: [Piece]) -> Piece {
        switch pieces.count {
        case 0: return Piece(render: .leaf(.emptyView))
        case 1: return pieces[0]
        default:
            var views: [CustomViewSyntax] = []
            var presentBefore = 0
            for (slot, piece) in pieces.enumerated() {
                views += Self.prefixed(piece.views, .tuple(slot: slot, presentBefore: presentBefore))
                if piece.render.isPresent { presentBefore += 1 }
            }
            return Piece(render: .tuple(pieces.map(\.render)), views: views)
        }
    }

    private mutating func skipSeparators() {
        while current.kind == .newline || current.kind == .punctuation(";") { index += 1 }
    }

    private mutating func skipNewlines() {
        while current.kind == .newline { index += 1 }
    }

    private mutating func parseView() throws -> Piece {
        guard depth < Self.maximumNesting else { throw failure("views are nested more than \(Self.maximumNesting) deep", cause: .limit) }
        depth += 1
        defer { depth -= 1 }
        var piece = try parsePrimary()
        var modifiers = 0
        while true {
            let saved = index
            skipNewlines()
            guard current.kind == .punctuation(".") else {
                index = saved
                break
            }
            modifiers += 1
            guard depth + modifiers <= Self.maximumNesting else {
                throw failure("views and modifiers are nested more than \(Self.maximumNesting) deep", cause: .limit)
            }
            let dot = current
            index += 1
            piece = try parseModifier(on: piece, dot: dot)
        }
        if current.kind == .punctuation("@") {
            index += 1
            let labelToken = current
            let label = try expectIdentifier("a label after '@'")
            if readsViewTrees {
                guard piece.isCustomView else {
                    throw Failure(message: "'@\(label)' must follow a custom view `Type(…)`", token: labelToken)
                }
                piece.views[0].name = label
            } else {
                guard let labelled = Self.labelling(piece.render, label) else {
                    throw Failure(message: "'@\(label)' must follow a view with state", token: labelToken)
                }
                piece.render = labelled
            }
        }
        if readsViewTrees, current.kind == .punctuation("{") {
            guard piece.isCustomView else { throw failure("a body in braces belongs to a custom view `Type(…)`") }
            // `$0` names a row of a ForEach in the body that writes it, not in a child's body.
            let enclosingContents = forEachContents
            forEachContents = 0
            let view = piece.views[0]
            bodyScopes.append((Set(view.properties.map(\.name) + (view.state == nil ? [] : ["state"])), []))
            piece.views[0].body = try parseBlock().views
            piece.views[0].reads = bodyScopes.removeLast().reads
            forEachContents = enclosingContents
        }
        return piece
    }

    /// The render with its stateful leaf (below modifiers, `.id` and `AnyView`) labelled.
    private static func labelling(_ render: Render, _ label: String) -> Render? {
        switch render {
        case let .stateful(type, initialValue, _): return .stateful(type, initialValue: initialValue, label: label)
        case let .modified(content, modifier, value): return labelling(content, label).map { .modified($0, modifier, value: value) }
        case let .explicitID(id, content): return labelling(content, label).map { .explicitID(id, $0) }
        case .anyView(let content): return labelling(content, label).map { .anyView($0) }
        default: return nil
        }
    }

    private mutating func parseModifier(on content: Piece, dot: RenderToken) throws -> Piece {
        let name = try expectIdentifier("a modifier name after '.'")
        try expect("(")
        if readsViewTrees, name == "equatable" {
            try expect(")")
            guard content.isCustomView, content.views[0].steps.isEmpty, !content.views[0].isEquatableWrapped else {
                throw Failure(message: "'.equatable()' follows a custom view's call (and its '==') directly", token: dot)
            }
            guard content.views[0].equality != nil else {
                throw Failure(
                    message: "'.equatable()' needs an Equatable view: write its '==' (`== reads(…)`, `== true`, `== false`) first",
                    token: dot)
            }
            var wrapped = content
            wrapped.views[0].isEquatableWrapped = true
            wrapped.render = Self.leaf(of: wrapped.views[0])
            return wrapped
        }
        if name == "environment" {
            let key = try parseEnvironmentKey()
            try expect(",")
            let value = try expectInteger("an integer value after '.environment(\\.\(key),'")
            try expect(")")
            let modifier = Modifier.environment(key)
            return content.wrapped(in: .modified(content.render, modifier, value: value), through: .modified(modifier, value: value))
        }
        if name == "environmentObject" {
            try expect("model")
            try expect("(")
            let object = try expectInteger("an object number in 'model(…)'")
            try expect(")")
            try expect("as")
            let type = try expectIdentifier("an object type after 'as'")
            try expect(")")
            let modifier = Modifier.environmentObject(type)
            return content.wrapped(in: .modified(content.render, modifier, value: object), through: .modified(modifier, value: object))
        }
        if name == "id" {
            let id = try parseKey()
            try expect(")")
            return content.wrapped(in: .explicitID(id, content.render), through: .explicitID(id))
        }
        var value = 0
        if case .identifier = current.kind, tokens[index + 1].kind == .punctuation(":") { index += 2 }
        if case .integer(let number) = current.kind {
            value = number
            index += 1
        }
        try expect(")")
        return content.wrapped(in: .modified(content.render, Modifier(name), value: value), through: .modified(Modifier(name), value: value))
    }

    private mutating func parsePrimary() throws -> Piece {
        let token = current
        switch token.kind {
        case .punctuation("("):
            index += 1
            let content = try parseViewList()
            try expect(")")
            return content
        case .identifier("if"):
            index += 1
            return try parseIf()
        case .identifier("ForEach"):
            index += 1
            return try parseForEach()
        case .identifier("AnyView"):
            index += 1
            try expect("(")
            let content = try parseViewList()
            try expect(")")
            return content.wrapped(in: .anyView(content.render), through: .anyView(erased: content.render.staticType))
        case .identifier(let name):
            index += 1
            if let container = ContainerKind(rawValue: name) {
                let content = try parseBlock()
                return Piece(
                    render: .container(container, content.render), views: Self.prefixed(content.views, .container(container)))
            }
            guard readsViewTrees else { return Piece(render: try parseLeaf(ViewType(name))) }
            guard name.first?.isUppercase == true else {
                throw Failure(message: "expected a view type (capitalised), found '\(name)'", token: token)
            }
            return try parseCustomView(ViewType(name))
        default:
            throw failure("expected a view, found \(describe(token))")
        }
    }

    /// The render of a custom view: a leaf of its static type, with state when it declares some.
    private static func leaf(of view: CustomViewSyntax) -> Render {
        view.state.map { .stateful(view.staticType, initialValue: $0, label: nil) } ?? .leaf(view.staticType)
    }

    /// `Type(label: value, …)` and its `==`, after the type; `Type` and `Type("…")` are built-in views.
    private mutating func parseCustomView(_ type: ViewType) throws -> Piece {
        guard consume("(") else { return Piece(render: .leaf(type)) }
        skipNewlines()
        if case .string = current.kind {
            index += 1
            try expect(")")
            return Piece(render: .leaf(type))
        }
        if case .identifier(let name) = current.kind,
            [.punctuation(")"), .punctuation(".")].contains(tokens[index + 1].kind) || (name == "observable" && tokens[index + 1].kind == .punctuation("("))
        {
            try parseRead()
            try expect(")")
            return Piece(render: .leaf(type))
        }
        var view = CustomViewSyntax(type: type)
        if !consume(")") {
            repeat {
                skipNewlines()
                let nameToken = current
                let name = try expectIdentifier("a property name")
                guard consume(":") else { throw failure("expected ':' after the property name '\(name)', found \(describe(current))") }
                if name == "state" {
                    guard view.state == nil else { throw Failure(message: "'state' is given twice", token: nameToken) }
                    view.state = try expectInteger("an integer after 'state:'")
                } else {
                    guard !view.properties.contains(where: { $0.name == name }) else {
                        throw Failure(message: "property '\(name)' is given twice", token: nameToken)
                    }
                    view.properties.append(PropertySyntax(name, try parsePropertyValue()))
                }
                skipNewlines()
            } while consume(",")
            guard consume(")") else { throw failure("expected ')' after the properties of '\(type)', found \(describe(current))") }
        }
        if consume("==") { view.equality = try parseEquality(properties: view.properties) }
        return Piece(render: Self.leaf(of: view), views: [view], isCustomView: true)
    }

    /// A built-in view's unquoted argument, `Text(count)` or `Text(store.field)`: a read of the
    /// enclosing custom view's state or stored property, recorded on that view. `observable(n).field`
    /// reads a property of an `@Observable` object the body reaches without holding it (from the
    /// environment or a global), which any body may.
    private mutating func parseRead() throws {
        let token = current
        let name = try expectIdentifier("a read")
        var read = name
        let reachesObject = name == "observable" && current.kind == .punctuation("(")
        if reachesObject {
            try expect("(")
            read += "(\(try expectInteger("an object number in 'observable(…)'")))"
            try expect(")")
            try expect(".")
            read += "." + (try expectIdentifier("a property after '\(read).'"))
        } else if consume(".") {
            read += "." + (try expectIdentifier("a field after '\(name).'"))
        }
        guard let scope = bodyScopes.last else {
            throw Failure(message: "'\(read)' is read outside a custom view's body: a read belongs in the body that makes it", token: token)
        }
        guard reachesObject || scope.names.contains(name) else {
            throw Failure(
                message: "'\(name)' is neither 'state' (a declared @State) nor a stored property of the view whose body reads it",
                token: token)
        }
        bodyScopes[bodyScopes.count - 1].reads.append(read)
    }

    /// `let _ = read` in a body: a read that makes no view (`parseRead`), so it leaves the
    /// structure, and with it every identity, as it is.
    private mutating func parseLetRead() throws {
        try expect("let")
        try expect("_")
        try expect("=")
        try parseRead()
    }

    private mutating func parsePropertyValue() throws -> PropertySyntax.Value {
        let token = current
        index += 1
        switch token.kind {
        case .integer(let value): return .integer(value)
        case .string(let value): return .string(value)
        case .closure(let body): return .closure(body)
        case .punctuation("$"):
            if case .integer(let number) = current.kind {
                guard number == 0, forEachContents > 0 else {
                    throw Failure(message: "'$\(number)': only '$0', a ForEach row's element, inside a ForEach's content", token: token)
                }
                index += 1
                return .rowElement
            }
            let name = try expectIdentifier("a name after '$'")
            // `$isOn` of the enclosing view's own `@Binding` would be the same location as the one it
            // holds; the model would take it for an unrelated state whose value never changes.
            if name != "state", bodyScopes.last?.names.contains(name) == true {
                throw Failure(
                    message: "'$\(name)' passes on the enclosing view's property '\(name)': a binding passed down another level is not "
                        + "modelled; pass '$state' from the view whose state it is",
                    token: token, cause: .unsupported)
            }
            var keyPath = ""
            if consume(".") {
                keyPath = try expectIdentifier("a field after '$\(name).'")
            } else if current.kind == .punctuation("[") {
                let start = current.offset
                var depth = 0
                repeat {
                    switch current.kind {
                    case .punctuation("["): depth += 1
                    case .punctuation("]"): depth -= 1
                    case .newline, .end: throw failure("unterminated '[' in a key-path binding")
                    default: break
                    }
                    index += 1
                } while depth > 0
                keyPath = String(text[start...tokens[index - 1].offset])
            }
            // `(snapshot: v)`: the value the binding held when its holder's value was made, which a
            // skipped parent hands down unchanged while the state moves on (I6).
            guard consume("(") else { return .binding(name: name, keyPath: keyPath) }
            try expect("snapshot")
            try expect(":")
            let snapshot = try expectInteger("a value snapshot in '$\(name)(snapshot: …)'")
            try expect(")")
            return .binding(name: name, keyPath: keyPath, snapshot: snapshot)
        case .identifier("true"): return .boolean(true)
        case .identifier("false"): return .boolean(false)
        case .identifier(let word) where word == "object" || word == "model" || word == "observable":
            try expect("(")
            let object = try expectInteger("an object number in '\(word)(…)'")
            if word == "object", current.kind == .punctuation(",") {
                index += 1
                try expect("equatable")
                try expect(":")
                let value = try expectInteger("the value an Equatable class's '==' compares in 'object(n, equatable: v)'")
                try expect(")")
                return .equatableObject(object, value: value)
            }
            try expect(")")
            switch word {
            case "object": return .object(object)
            case "model": return .model(object)
            default: return .observable(object)
            }
        case .identifier("environment"):
            try expect("(")
            let key = try parseEnvironmentKey()
            try expect(")")
            return .environment(key: key)
        case .identifier("stateObject"):
            try expect("(")
            try expect("model")
            try expect("(")
            let object = try expectInteger("an object number in 'stateObject(model(…))'")
            try expect(")")
            try expect(")")
            return .stateObject(object)
        case .identifier("environmentObject"):
            try expect("(")
            let type = try expectIdentifier("an object type in 'environmentObject(…)'")
            try expect(")")
            return .environmentObject(type: type)
        case .identifier(let type) where type.first?.isUppercase == true && type != "Binding":
            return try parseStructureValue(type)
        case .identifier("Binding"):
            try expect("(")
            skipNewlines()
            let getter = try expectClosure(after: "get")
            skipNewlines()
            try expect(",")
            skipNewlines()
            _ = try expectClosure(after: "set")
            skipNewlines()
            try expect(")")
            return .manualBinding(getter: getter)
        default:
            index -= 1
            throw failure(
                "expected a property value (an integer, true, false, a string, { … }, Binding(get:set:), $name, $0, "
                    + "object(n), object(n, equatable: v), model(n), observable(n), environment(\\.key), environmentObject(T), stateObject(model(n)), Type(field: v, …)), found \(describe(token))")
        }
    }

    /// `Type(field: value, …)`, each field an integer, `true`/`false` or a string, then optionally
    /// `== reads(field, …)`: a struct value and the fields its own `==` reads.
    private mutating func parseStructureValue(_ type: String) throws -> PropertySyntax.Value {
        try expect("(")
        var fields: [PropertySyntax] = []
        if !consume(")") {
            repeat {
                skipNewlines()
                let nameToken = current
                let name = try expectIdentifier("a field name in '\(type)(…)'")
                try expect(":")
                guard !fields.contains(where: { $0.name == name }) else {
                    throw Failure(message: "field '\(name)' is given twice", token: nameToken)
                }
                let valueToken = current
                index += 1
                switch valueToken.kind {
                case .integer(let value): fields.append(PropertySyntax(name, .integer(value)))
                case .string(let value): fields.append(PropertySyntax(name, .string(value)))
                case .identifier("true"): fields.append(PropertySyntax(name, .boolean(true)))
                case .identifier("false"): fields.append(PropertySyntax(name, .boolean(false)))
                default:
                    throw Failure(
                        message: "a field of a struct value is an integer, true, false or a string, found \(describe(valueToken))",
                        token: valueToken)
                }
                skipNewlines()
            } while consume(",")
            try expect(")")
        }
        guard consume("==") else { return .structure(type: type, fields: fields, reads: nil) }
        try expect("reads")
        try expect("(")
        var reads: [String] = []
        repeat {
            let token = current
            let name = try expectIdentifier("a field name in 'reads(…)'")
            guard fields.contains(where: { $0.name == name }) else {
                throw Failure(message: "'\(name)' is not a field of '\(type)'", token: token)
            }
            reads.append(name)
        } while consume(",")
        try expect(")")
        return .structure(type: type, fields: fields, reads: reads)
    }

    /// `\.key` in `environment(\.key)` and `.environment(\.key, v)`: the key's name.
    private mutating func parseEnvironmentKey() throws -> String {
        try expect("\\")
        try expect(".")
        return try expectIdentifier("an environment key after '\\.'")
    }

    /// `label: { … }` in `Binding(get:set:)`: the closure's text.
    private mutating func expectClosure(after label: String) throws -> String {
        try expect(label)
        try expect(":")
        guard case .closure(let body) = current.kind else { throw failure("expected '{' after '\(label):', found \(describe(current))") }
        index += 1
        return body
    }

    /// `reads(p, q / [0, 15, 25])`, `true` or `false`, after `==`.
    private mutating func parseEquality(properties: [PropertySyntax]) throws -> EqualitySyntax {
        let token = current
        switch try expectIdentifier("'reads(…)', 'true' or 'false' after '=='") {
        case "true": return .alwaysTrue
        case "false": return .alwaysFalse
        case "reads":
            try expect("(")
            var readings: [EqualitySyntax.Reading] = []
            repeat {
                let nameToken = current
                let name = try expectIdentifier("a property name in 'reads(…)'")
                guard let property = properties.first(where: { $0.name == name }) else {
                    throw Failure(message: "'==' reads '\(name)', which is not a stored property of this view", token: nameToken)
                }
                var thresholds: [Int] = []
                if consume("/") {
                    guard property.value.isNumber else {
                        throw Failure(message: "thresholds classify a number; '\(name)' is not one", token: nameToken)
                    }
                    try expect("[")
                    let first = current
                    repeat { thresholds.append(try expectInteger("an integer threshold")) } while consume(",")
                    try expect("]")
                    guard thresholds == thresholds.sorted() else { throw Failure(message: "thresholds must be ascending", token: first) }
                }
                readings.append(EqualitySyntax.Reading(name, thresholds: thresholds))
            } while consume(",")
            try expect(")")
            return .reads(readings)
        case let other:
            throw Failure(message: "expected 'reads(…)', 'true' or 'false' after '==', found '\(other)'", token: token)
        }
    }

    private mutating func parseLeaf(_ type: ViewType) throws -> Render {
        guard current.kind == .punctuation("(") else { return .leaf(type) }
        index += 1
        if case .string = current.kind {
            index += 1
            try expect(")")
            return .leaf(type)
        }
        guard current.kind == .identifier("state") else { throw failure("expected 'state:' or a string, found \(describe(current))") }
        index += 1
        try expect(":")
        let initialValue = try expectInteger("an initial value")
        try expect(")")
        return .stateful(type, initialValue: initialValue, label: nil)
    }

    private mutating func parseBlock() throws -> Piece {
        try expect("{")
        let body = try parseViewList()
        try expect("}")
        return body
    }

    private mutating func parseIf() throws -> Piece {
        let conditionToken = current
        let taken: Bool
        switch current.kind {
        case .identifier("true"): taken = true
        case .identifier("false"): taken = false
        default: throw failure("expected 'true' or 'false' after 'if', found \(describe(current))")
        }
        index += 1
        var readsTwice = false
        var transient = false
        while current.kind == .punctuation(",") {
            index += 1
            let flagToken = current
            switch try expectIdentifier("'twice' or 'transient'") {
            case "twice": readsTwice = true
            case "transient": transient = true
            case let other: throw Failure(message: "unknown condition flag '\(other)'; expected 'twice' or 'transient'", token: flagToken)
            }
        }
        let (thenArm, thenReads) = try parseArm()
        let saved = index
        skipNewlines()
        guard current.kind == .identifier("else") else {
            index = saved
            if readsTwice || transient {
                throw Failure(message: "'twice' and 'transient' need an 'else' arm", token: conditionToken)
            }
            if taken { addReads(thenReads) }
            let render = Render.optional(thenArm.render.program, taken ? thenArm.render : nil)
            return Piece(render: render, views: taken ? Self.prefixed(thenArm.views, .optional) : [])
        }
        index += 1
        let (elseArm, elseReads) = try parseArm()
        addReads(taken ? thenReads : elseReads)
        let active = taken ? thenArm : elseArm
        let render = Render.conditional(
            arm: taken, active: active.render, inactive: taken ? elseArm.render.program : thenArm.render.program,
            readsTwice: readsTwice, transient: transient)
        return Piece(
            render: render,
            views: Self.prefixed(active.views, .conditional(arm: taken, readsTwice: readsTwice, transient: transient)))
    }

    /// An `if`'s arm, and the reads written in it, which are taken out of the enclosing body's
    /// until the arm is known to be the one taken (a read in an arm not taken is not made).
    private mutating func parseArm() throws -> (Piece, [String]) {
        let before = bodyScopes.last?.reads.count ?? 0
        let arm = try parseBlock()
        guard !bodyScopes.isEmpty else { return (arm, []) }
        let reads = Array(bodyScopes[bodyScopes.count - 1].reads[before...])
        bodyScopes[bodyScopes.count - 1].reads.removeSubrange(before...)
        return (arm, reads)
    }

    private mutating func addReads(_ reads: [String]) {
        guard !bodyScopes.isEmpty else { return }
        bodyScopes[bodyScopes.count - 1].reads += reads
    }

    private mutating func parseForEach() throws -> Piece {
        let forEachToken = tokens[index - 1]
        try expect("(")
        var keys: [Key] = []
        let source: KeySource
        if case .integer(let lower) = current.kind, tokens[index + 1].kind == .punctuation("..<") {
            guard lower == 0 else { throw failure("a range must start at 0", cause: .unsupported) }
            index += 2
            let bound = current
            let count = try expectInteger("the range's upper bound")
            guard (0...Self.maximumRows).contains(count) else {
                throw Failure(message: "a range must have 0 to \(Self.maximumRows) rows, not \(count)", token: bound, cause: .limit)
            }
            keys = (0..<count).map(Key.int)
            source = try rangeSource()
        } else {
            try expect("[")
            while current.kind != .punctuation("]") {
                keys.append(try parseKey())
                if current.kind == .punctuation(",") { index += 1 } else { break }
            }
            try expect("]")
            if current.kind == .punctuation("."), tokens[index + 1].kind == .identifier("indices") {
                // `items.indices` is a `Range<Int>`: with `id: \.self` index keys, without it
                // SwiftUI's constant-range initializer (offset IDs), like `0..<n`.
                index += 2
                keys = keys.indices.map(Key.int)
                source = try rangeSource()
            } else if current.kind == .punctuation(",") {
                index += 1
                let pathToken = current
                try expect("id")
                try expect(":")
                try expect("\\")
                try expect(".")
                switch try expectIdentifier("'self' or a property name") {
                case "self": source = .self
                case "id": source = .keyPath
                case let other: throw Failure(message: "unsupported key path '\\.\(other)'", token: pathToken)
                }
            } else {
                source = .identifiable
            }
        }
        // Repeated keys are undefined behaviour under R8, where body evaluation has no meaning; a
        // constant range is defined while its row count stays the same, which identity scenarios
        // check and view trees do not, so a view tree refuses it.
        if readsViewTrees, let repeated = ForEachInstance.repeatedKeys(keys).first {
            throw Failure(
                message: "the ForEach repeats the key \(repeated): undefined behaviour (R8), which a view tree cannot hold",
                token: forEachToken, cause: .undefinedBehaviour)
        }
        if readsViewTrees, source == .constantRange {
            throw Failure(
                message: "a view tree does not check that a constant-range ForEach (no 'id:') keeps its row count (R8); "
                    + "write 'id: \\.self'",
                token: forEachToken, cause: .unsupported)
        }
        rowsBuilt += keys.count
        guard rowsBuilt <= Self.maximumViews else {
            throw failure("the render's ForEach loops have more than \(Self.maximumViews) rows in all", cause: .limit)
        }
        try expect(")")
        let open = current
        try expect("{")
        skipSeparators()
        forEachContents += 1
        defer { forEachContents -= 1 }
        let rows: [(key: Key, content: Piece)]
        let content: Program
        if current.kind == .identifier("case") {
            var sections: [(Key, Piece, RenderToken)] = []
            while current.kind == .identifier("case") {
                let caseToken = current
                index += 1
                let key = try parseKey()
                try expect(":")
                sections.append((key, try parseViewList(), caseToken))
            }
            guard sections.map(\.0) == keys else {
                throw Failure(message: "the 'case' keys must list the ForEach's keys in order", token: sections[0].2)
            }
            content = sections[0].1.render.program
            if let mismatch = sections.first(where: { $0.1.render.program != content }) {
                throw Failure(message: "every row must render the same content program", token: mismatch.2)
            }
            rows = sections.map { ($0.0, $0.1) }
        } else {
            let readsBefore = bodyScopes.last?.reads.count ?? 0
            let body = try parseViewList()
            // Content no row builds reads nothing.
            if keys.isEmpty, !bodyScopes.isEmpty { bodyScopes[bodyScopes.count - 1].reads.removeSubrange(readsBefore...) }
            content = body.render.program
            rows = keys.map { ($0, body) }
        }
        try expect("}")
        let perRow = rows.first.map { Self.count($0.content.views) } ?? 0
        guard perRow == 0 || rows.count <= Self.maximumViews / perRow else {
            throw Failure(message: "the ForEach builds more than \(Self.maximumViews) custom views", token: open, cause: .limit)
        }
        var views: [CustomViewSyntax] = []
        for (offset, row) in rows.enumerated() {
            let step = PathStep.forEach(source: source, key: row.key, offset: offset)
            views += Self.prefixed(Self.suffixed(row.content.views, row.key), step)
        }
        return Piece(
            render: .forEach(source, content: content, rows: rows.map { ForEachRow(key: $0.key, content: $0.content.render) }),
            views: views)
    }

    private mutating func parseKey() throws -> Key {
        switch current.kind {
        case .integer(let value):
            index += 1
            return .int(value)
        case .string(let value):
            index += 1
            return .string(value)
        default: throw failure("expected an integer or string key, found \(describe(current))")
        }
    }

    /// How a range's rows are keyed: `, id: \.self` gives index keys, nothing SwiftUI's
    /// constant-range initializer (offset IDs).
    private mutating func rangeSource() throws -> KeySource {
        guard current.kind == .punctuation(",") else { return .constantRange }
        index += 1
        try expectKeyPath("self")
        return .indices
    }

    private mutating func expectKeyPath(_ name: String) throws {
        try expect("id")
        try expect(":")
        try expect("\\")
        try expect(".")
        try expect(name)
    }

    private mutating func consume(_ text: String) -> Bool {
        guard current.kind == .punctuation(text) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ text: String) throws {
        switch current.kind {
        case .punctuation(text), .identifier(text): index += 1
        default: throw failure("expected '\(text)', found \(describe(current))")
        }
    }

    private mutating func expectIdentifier(_ what: String) throws -> String {
        guard case .identifier(let name) = current.kind else { throw failure("expected \(what), found \(describe(current))") }
        index += 1
        return name
    }

    private mutating func expectInteger(_ what: String) throws -> Int {
        guard case .integer(let value) = current.kind else { throw failure("expected \(what), found \(describe(current))") }
        index += 1
        return value
    }

    private func describe(_ token: RenderToken) -> String {
        switch token.kind {
        case .identifier(let name): return "'\(name)'"
        case .integer(let value): return "'\(value)'"
        case .string(let value): return "\"\(value)\""
        case .punctuation(let text): return "'\(text)'"
        case .closure: return "a closure"
        case .newline: return "a newline"
        case .end: return "the end of the input"
        }
    }
}
