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
    private var index = 0
    private var depth = 0
    private var rowsBuilt = 0
    private let baseLine: Int
    private let baseColumn: Int

    /// Parses `text`, reporting positions as if the text started at `line` and `column` (1-based)
    /// of an enclosing file.
    public static func parse(_ text: String, line: Int = 1, column: Int = 1) throws -> Render {
        do {
            var parser = RenderParser(tokens: try RenderLexer.tokens(of: text), baseLine: line, baseColumn: column)
            return try parser.parseDocument()
        } catch let failure as RenderLexer.Failure {
            switch failure {
            case let .unexpectedCharacter(character, line: tokenLine, column: tokenColumn):
                throw syntaxError("unexpected character '\(character)'", tokenLine, tokenColumn, line, column)
            case let .unterminatedString(line: tokenLine, column: tokenColumn):
                throw syntaxError("unterminated string", tokenLine, tokenColumn, line, column)
            case let .integerOverflow(digits, line: tokenLine, column: tokenColumn):
                throw syntaxError("integer '\(digits)' does not fit in Int", tokenLine, tokenColumn, line, column)
            }
        } catch let failure as Failure {
            throw syntaxError(failure.message, failure.token.line, failure.token.column, line, column)
        }
    }

    private static func syntaxError(_ message: String, _ tokenLine: Int, _ tokenColumn: Int, _ line: Int, _ column: Int)
        -> RenderSyntaxError
    {
        RenderSyntaxError(
            line: line + tokenLine, column: tokenLine == 0 ? column + tokenColumn : tokenColumn + 1, message: message)
    }

    /// A parse failure at a token.
    private struct Failure: Error {
        var message: String
        var token: RenderToken
    }

    private init(tokens: [RenderToken], baseLine: Int, baseColumn: Int) {
        self.tokens = tokens
        self.baseLine = baseLine
        self.baseColumn = baseColumn
    }

    private var current: RenderToken { tokens[index] }

    private func failure(_ message: String) -> Failure { Failure(message: message, token: current) }

    private mutating func parseDocument() throws -> Render {
        skipSeparators()
        let first = current
        let render = try parseViewList()
        skipSeparators()
        guard current.kind == .end else { throw failure("expected a view, found \(describe(current))") }
        guard render.viewCount(upTo: Self.maximumViews) != nil else {
            throw Failure(
                message: "the render has more than \(Self.maximumViews) views (each ForEach row counts with its content)",
                token: first)
        }
        return render
    }

    /// Views separated by newlines or `;`, up to `}`, `)`, `case` or the end.
    private mutating func parseViewList() throws -> Render {
        var views: [Render] = []
        while true {
            skipSeparators()
            switch current.kind {
            case .end, .punctuation("}"), .punctuation(")"), .identifier("case"): return list(views)
            default: views.append(try parseView())
            }
            switch current.kind {
            case .newline, .punctuation(";"), .end, .punctuation("}"), .punctuation(")"), .identifier("case"): continue
            default: throw failure("expected a newline or ';' after a view, found \(describe(current))")
            }
        }
    }

    private func list(_ views: [Render]) -> Render {
        switch views.count {
        case 0: return .leaf(.emptyView)
        case 1: return views[0]
        default: return .tuple(views)
        }
    }

    private mutating func skipSeparators() {
        while current.kind == .newline || current.kind == .punctuation(";") { index += 1 }
    }

    private mutating func skipNewlines() {
        while current.kind == .newline { index += 1 }
    }

    private mutating func parseView() throws -> Render {
        guard depth < Self.maximumNesting else { throw failure("views are nested more than \(Self.maximumNesting) deep") }
        depth += 1
        defer { depth -= 1 }
        var render = try parsePrimary()
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
                throw failure("views and modifiers are nested more than \(Self.maximumNesting) deep")
            }
            index += 1
            render = try parseModifier(on: render)
        }
        if current.kind == .punctuation("@") {
            index += 1
            let labelToken = current
            let label = try expectIdentifier("a label after '@'")
            guard let labelled = Self.labelling(render, label) else {
                throw Failure(message: "'@\(label)' must follow a view with state", token: labelToken)
            }
            render = labelled
        }
        return render
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

    private mutating func parseModifier(on content: Render) throws -> Render {
        let name = try expectIdentifier("a modifier name after '.'")
        try expect("(")
        if name == "id" {
            let id = try parseKey()
            try expect(")")
            return .explicitID(id, content)
        }
        var value = 0
        if case .identifier = current.kind, tokens[index + 1].kind == .punctuation(":") { index += 2 }
        if case .integer(let number) = current.kind {
            value = number
            index += 1
        }
        try expect(")")
        return .modified(content, Modifier(name), value: value)
    }

    private mutating func parsePrimary() throws -> Render {
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
            return .anyView(content)
        case .identifier(let name):
            index += 1
            if let container = ContainerKind(rawValue: name) { return .container(container, try parseBlock()) }
            return try parseLeaf(ViewType(name))
        default:
            throw failure("expected a view, found \(describe(token))")
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

    private mutating func parseBlock() throws -> Render {
        try expect("{")
        let body = try parseViewList()
        try expect("}")
        return body
    }

    private mutating func parseIf() throws -> Render {
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
        let thenArm = try parseBlock()
        let saved = index
        skipNewlines()
        guard current.kind == .identifier("else") else {
            index = saved
            if readsTwice || transient {
                throw Failure(message: "'twice' and 'transient' need an 'else' arm", token: conditionToken)
            }
            return .optional(thenArm.program, taken ? thenArm : nil)
        }
        index += 1
        let elseArm = try parseBlock()
        return .conditional(
            arm: taken, active: taken ? thenArm : elseArm, inactive: taken ? elseArm.program : thenArm.program,
            readsTwice: readsTwice, transient: transient)
    }

    private mutating func parseForEach() throws -> Render {
        try expect("(")
        var keys: [Key] = []
        let source: KeySource
        if case .integer(let lower) = current.kind, tokens[index + 1].kind == .punctuation("..<") {
            guard lower == 0 else { throw failure("a range must start at 0") }
            index += 2
            let bound = current
            let count = try expectInteger("the range's upper bound")
            guard (0...Self.maximumRows).contains(count) else {
                throw Failure(message: "a range must have 0 to \(Self.maximumRows) rows, not \(count)", token: bound)
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
        rowsBuilt += keys.count
        guard rowsBuilt <= Self.maximumViews else {
            throw failure("the render's ForEach loops have more than \(Self.maximumViews) rows in all")
        }
        try expect(")")
        try expect("{")
        skipSeparators()
        let rows: [ForEachRow]
        let content: Program
        if current.kind == .identifier("case") {
            var sections: [(Key, Render, RenderToken)] = []
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
            content = sections[0].1.program
            if let mismatch = sections.first(where: { $0.1.program != content }) {
                throw Failure(message: "every row must render the same content program", token: mismatch.2)
            }
            rows = sections.map { ForEachRow(key: $0.0, content: $0.1) }
        } else {
            let body = try parseViewList()
            content = body.program
            rows = keys.map { ForEachRow(key: $0, content: body) }
        }
        try expect("}")
        return .forEach(source, content: content, rows: rows)
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
        case .newline: return "a newline"
        case .end: return "the end of the input"
        }
    }
}
