import IdentityModel

/// Parses the render block of an invalidation scenario into a `ViewNode` tree
/// (docs/invalidation.md, "Scenario syntax"):
///
/// ```
/// WeatherDashboard(state: 18) @dashboard {
///   VStack {
///     TemperatureRangeIndicator(temperatureCelsius: 18) == reads(temperatureCelsius / [0, 15, 25]) @plain
///     Row(onTap: { … }, isOn: $state, count: 3).equatable().id(2) @row
///   }
/// }
/// ```
///
/// A custom view is `Type(label: value, …)`, then optionally `== reads(…)`, `== true` or
/// `== false` (its custom `==`), `.equatable()`, `.id(k)`, a label `@name` and its own body in
/// braces. Values: an integer, `true`/`false`, a string (plain data); `{ }` (a closure without
/// context) or `{ … }` (with); `Binding(get: { … }, set: { … })`; `$name`, `$name.field`,
/// `$name[…]` (projected and key-path bindings, whose value snapshot is the enclosing view's state
/// when `name` is `state`, else 0); `object(n)`; `model(n)` (an observed dependency). `state: v`
/// declares the view's `@State` with initial value `v`. Bodies hold views, `VStack { … }` and the
/// other containers, `if true { … } else { … }` and `if false { … }`, separated by newlines or `;`.
/// The block holds exactly one view, the root, whose parent (the host) is taken to have run.
public struct ViewTreeParser {
    /// A parsed view before state values are known: the node and its declared initial state.
    public struct Parsed: Hashable, Sendable {
        /// The root of the tree; bindings that read a view's state (`$state`) hold the snapshot 0
        /// until `ViewTreeParser.withState` supplies the current value.
        public var root: ViewNode
        /// Each labelled view's `@State` initial value, for views that declare one.
        public var initialStates: [String: Int]
        /// For each view label, its properties that read the enclosing view's state (`$state`,
        /// `get: { state }`) and that view's label.
        public var stateReaders: [String: StateRead]
    }

    private let characters: [Character]
    private var index = 0
    private var line: Int
    private var column: Int
    private var initialStates: [String: Int] = [:]
    private var stateReaders: [String: StateRead] = [:]
    private var anonymous = 0
    /// How many bodies, containers and `if`s enclose the current item.
    private var depth = 0

    /// The deepest nesting accepted, as in render blocks: deeper input is an error, never a stack
    /// overflow (a fuzzed input nested about 1,500 deep crashed the parser).
    public static let maximumNesting = RenderParser.maximumNesting

    /// The properties of one view that read the state of the view whose body builds it.
    public struct StateRead: Hashable, Sendable {
        /// The label of the view whose `@State` they read.
        public var source: String
        /// The property names.
        public var properties: [String]

        /// Creates a record.
        public init(source: String, properties: [String]) {
            self.source = source
            self.properties = properties
        }
    }

    private init(_ text: String, line: Int, column: Int) {
        characters = Array(text)
        self.line = line
        self.column = column
    }

    /// Parses `text`, reporting positions as if it started at `line` and `column` (1-based).
    public static func parse(_ text: String, line: Int = 1, column: Int = 1) throws(ViewTreeSyntaxError) -> Parsed {
        var parser = ViewTreeParser(text, line: line, column: column)
        let items = try parser.parseItems(until: nil, enclosingLabel: "")
        guard items.count == 1, let root = items.first, root.steps.isEmpty else {
            throw ViewTreeSyntaxError(
                line: line, column: column,
                message: "an invalidation render holds exactly one custom view, the root, outside any container; found \(items.count)")
        }
        return Parsed(root: root, initialStates: parser.initialStates, stateReaders: parser.stateReaders)
    }

    /// The node with every property that reads a view's state set to that view's value in `states`.
    public static func withState(_ node: ViewNode, states: [String: Int], readers: [String: StateRead]) -> ViewNode {
        var copy = node
        if let read = readers[node.label], let value = states[read.source] {
            copy.value.properties = copy.value.properties.map { property in
                guard read.properties.contains(property.name) else { return property }
                return StoredProperty(property.name, property.value.withSnapshot(value))
            }
        }
        copy.children = node.children.map { withState($0, states: states, readers: readers) }
        return copy
    }

    // MARK: Scanning

    private var atEnd: Bool { index >= characters.count }
    private var peek: Character? { atEnd ? nil : characters[index] }

    private mutating func advance() {
        if characters[index].isNewline {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    /// Skips blanks and `//` comments; newlines too when `newlines` is true. Returns whether a
    /// newline was skipped.
    @discardableResult
    private mutating func skipBlanks(newlines: Bool = true) -> Bool {
        var sawNewline = false
        while let character = peek {
            if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while let next = peek, !next.isNewline { advance() }
            } else if character.isNewline {
                guard newlines else { return sawNewline }
                sawNewline = true
                advance()
            } else if character.isWhitespace {
                advance()
            } else {
                break
            }
        }
        return sawNewline
    }

    private func error(_ message: String) -> ViewTreeSyntaxError {
        ViewTreeSyntaxError(line: line, column: column, message: message)
    }

    private var found: String { peek.map { "'\($0)'" } ?? "the end of the block" }

    private mutating func consume(_ text: String) -> Bool {
        skipBlanks(newlines: false)
        let end = index + text.count
        guard end <= characters.count, String(characters[index..<end]) == text else { return false }
        for _ in 0..<text.count { advance() }
        return true
    }

    private mutating func expect(_ text: String, _ context: String) throws(ViewTreeSyntaxError) {
        guard consume(text) else { throw error("expected '\(text)' \(context), found \(found)") }
    }

    private mutating func identifier() -> String? {
        skipBlanks(newlines: false)
        guard let first = peek, first.isLetter || first == "_" else { return nil }
        var word = ""
        while let character = peek, character.isLetter || ("0"..."9").contains(character) || character == "_" {
            word.append(character)
            advance()
        }
        return word
    }

    private mutating func integer() throws(ViewTreeSyntaxError) -> Int? {
        skipBlanks(newlines: false)
        let negative = peek == "-"
        if negative { advance() }
        var digits = ""
        while let character = peek, ("0"..."9").contains(character) {
            digits.append(character)
            advance()
        }
        if digits.isEmpty {
            if negative { throw error("expected digits after '-'") }
            return nil
        }
        guard let value = Int(digits) else { throw error("integer '\(digits)' does not fit in Int") }
        return negative ? -value : value
    }

    /// The text between balanced braces (the opening brace already consumed), trimmed.
    private mutating func braced() throws(ViewTreeSyntaxError) -> String {
        var depth = 1
        var text = ""
        while let character = peek {
            advance()
            if character == "{" { depth += 1 }
            if character == "}" {
                depth -= 1
                if depth == 0 { return text.trimmingCharacters() }
            }
            text.append(character)
        }
        throw error("unterminated '{' in a closure")
    }

    // MARK: Grammar

    /// Items up to `closing` (or the end of the text): views, containers and `if`s.
    private mutating func parseItems(
        until closing: Character?, enclosingLabel: String
    ) throws(ViewTreeSyntaxError) -> [ViewNode] {
        guard depth < Self.maximumNesting else { throw error("views are nested more than \(Self.maximumNesting) deep") }
        depth += 1
        defer { depth -= 1 }
        var groups: [(present: Bool, nodes: [ViewNode])] = []
        while true {
            skipBlanks()
            while consume(";") { skipBlanks() }
            if let closing, peek == closing {
                advance()
                break
            }
            if atEnd {
                if closing != nil { throw error("expected '}' to close a body") }
                break
            }
            groups.append(try parseItem(enclosingLabel: enclosingLabel))
            let newline = skipBlanks(newlines: false) || peek?.isNewline == true
            if !newline, peek != ";", peek != closing, !atEnd {
                throw error("expected a newline or ';' after a view, found \(found)")
            }
        }
        guard groups.count > 1 else { return groups.first?.nodes ?? [] }
        var nodes: [ViewNode] = []
        var presentBefore = 0
        for (slot, group) in groups.enumerated() {
            nodes += group.nodes.map { prefixed($0, .tuple(slot: slot, presentBefore: presentBefore)) }
            if group.present { presentBefore += 1 }
        }
        return nodes
    }

    private func prefixed(_ node: ViewNode, _ step: PathStep) -> ViewNode {
        var copy = node
        copy.steps.insert(step, at: 0)
        return copy
    }

    /// One item: whether it renders something, and the custom views in it.
    private mutating func parseItem(enclosingLabel: String) throws(ViewTreeSyntaxError) -> (present: Bool, nodes: [ViewNode]) {
        let start = (line: line, column: column)
        guard let word = identifier() else { throw error("expected a view, found \(found)") }
        if word == "if" {
            guard let arm = identifier(), arm == "true" || arm == "false" else {
                throw error("expected 'true' or 'false' after 'if' (the arm taken)")
            }
            try expect("{", "after 'if \(arm)'")
            let thenItems = try parseItems(until: "}", enclosingLabel: enclosingLabel)
            skipBlanks(newlines: false)
            if consume("else") {
                try expect("{", "after 'else'")
                let elseItems = try parseItems(until: "}", enclosingLabel: enclosingLabel)
                let taken = arm == "true" ? thenItems : elseItems
                return (true, taken.map { prefixed($0, .conditional(arm: arm == "true")) })
            }
            return arm == "true" ? (true, thenItems.map { prefixed($0, .optional) }) : (false, [])
        }
        skipBlanks(newlines: false)
        if let container = ContainerKind(rawValue: word), peek == "{" {
            advance()
            let items = try parseItems(until: "}", enclosingLabel: enclosingLabel)
            return (true, items.map { prefixed($0, .container(container)) })
        }
        guard word.first?.isUppercase == true else {
            throw ViewTreeSyntaxError(line: start.line, column: start.column, message: "expected a view type (capitalised), found '\(word)'")
        }
        return (true, [try parseView(type: word, enclosingLabel: enclosingLabel)])
    }

    /// `Type(args) annotations @label { body }`, after the type.
    private mutating func parseView(type: String, enclosingLabel: String) throws(ViewTreeSyntaxError) -> ViewNode {
        try expect("(", "after the view type '\(type)' (a custom view lists its stored properties)")
        var properties: [StoredProperty] = []
        var state: Int?
        var readers: [String] = []
        skipBlanks()
        if !consume(")") {
            repeat {
                skipBlanks()
                guard let name = identifier() else { throw error("expected a property name, found \(found)") }
                try expect(":", "after the property name '\(name)'")
                if name == "state" {
                    guard let value = try integer() else { throw error("expected an integer after 'state:'") }
                    state = value
                } else {
                    guard !properties.contains(where: { $0.name == name }) else {
                        throw error("property '\(name)' is given twice")
                    }
                    let (value, readsState) = try parseValue(enclosingLabel: enclosingLabel)
                    properties.append(StoredProperty(name, value))
                    if readsState { readers.append(name) }
                }
                skipBlanks()
            } while consume(",")
            try expect(")", "after the properties of '\(type)'")
        }
        var equality: CustomEquality?
        var wrapped = false
        var steps: [PathStep] = []
        var label: String?
        while true {
            // A modifier may continue the view on the next line, as in Swift: `\n  .equatable()`.
            let saved = (index: index, line: line, column: column)
            skipBlanks()
            if peek != "." { (index, line, column) = saved }
            skipBlanks(newlines: false)
            if consume("==") {
                guard equality == nil else { throw error("a view has one custom '=='") }
                equality = try parseEquality(properties: properties)
            } else if peek == "." {
                let modifier = (line: line, column: column)
                if consume(".equatable(") {
                    try expect(")", "after '.equatable('")
                    guard equality != nil else {
                        throw ViewTreeSyntaxError(
                            line: modifier.line, column: modifier.column,
                            message: "'.equatable()' needs an Equatable view: write its '==' (`== reads(…)`, `== true`, `== false`) first")
                    }
                    wrapped = true
                    continue
                }
                guard consume(".id(") else {
                    throw error("expected '.equatable()' or '.id(…)': the only modifiers of a custom view here")
                }
                let key: Key
                if let value = try integer() {
                    key = .int(value)
                } else if let text = try stringLiteral() {
                    key = .string(text)
                } else {
                    throw error("expected an integer or string in '.id(…)'")
                }
                try expect(")", "after the id")
                steps.insert(.explicitID(key), at: 0)
            } else if consume("@") {
                guard let name = identifier() else { throw error("expected a label after '@'") }
                label = name
            } else {
                break
            }
        }
        let name = label ?? { anonymous += 1; return "_\(type)\(anonymous)" }()
        if let state { initialStates[name] = state }
        if !readers.isEmpty { stateReaders[name] = StateRead(source: enclosingLabel, properties: readers) }
        var children: [ViewNode] = []
        skipBlanks(newlines: false)
        if consume("{") {
            children = try parseItems(until: "}", enclosingLabel: name)
        }
        // A value that reads `state` holds a placeholder snapshot here; the runner supplies the
        // current one (`withState`).
        let value = ViewValue(
            ViewType(type), properties, equality: equality, isEquatableWrapped: wrapped, hasState: state != nil)
        return ViewNode(name, steps: steps, value: value, children: children)
    }

    private mutating func stringLiteral() throws(ViewTreeSyntaxError) -> String? {
        skipBlanks(newlines: false)
        guard peek == "\"" else { return nil }
        advance()
        var text = ""
        while let character = peek, character != "\"", !character.isNewline {
            text.append(character)
            advance()
        }
        guard peek == "\"" else { throw error("unterminated string") }
        advance()
        return text
    }

    /// One property value, and whether it reads the enclosing view's state.
    private mutating func parseValue(enclosingLabel: String) throws(ViewTreeSyntaxError) -> (PropertyValue, Bool) {
        skipBlanks(newlines: false)
        if let value = try integer() { return (.plain(value), false) }
        if let text = try stringLiteral() {
            return (.text(text), false)
        }
        if consume("{") {
            let body = try braced()
            return (.closure(capturesContext: !body.isEmpty), false)
        }
        if consume("$") {
            guard let base = identifier() else { throw error("expected a name after '$'") }
            let location = Self.location(of: base == "state" ? "\(enclosingLabel).state" : base)
            var keyPath = ""
            if consume(".") {
                guard let field = identifier() else { throw error("expected a field after '$\(base).'") }
                keyPath = field
            } else if peek == "[" {
                var depth = 0
                repeat {
                    if peek == "[" { depth += 1 }
                    if peek == "]" { depth -= 1 }
                    keyPath.append(peek!)
                    advance()
                } while depth > 0 && !atEnd && peek?.isNewline == false
                guard depth == 0 else { throw error("unterminated '[' in a key-path binding") }
            }
            let binding: PropertyValue = keyPath.isEmpty
                ? .projectedBinding(location: location, value: 0)
                : .keyPathBinding(location: location, keyPath: keyPath, value: 0)
            return (binding, base == "state")
        }
        guard let word = identifier() else { throw error("expected a property value, found \(found)") }
        switch word {
        case "true": return (.plain(1), false)
        case "false": return (.plain(0), false)
        case "object", "model":
            try expect("(", "after '\(word)'")
            guard let object = try integer() else { throw error("expected an object number in '\(word)(…)'") }
            try expect(")", "after the object number")
            return (word == "object" ? .reference(object: object) : .observed(object: object), false)
        case "Binding":
            try expect("(", "after 'Binding'")
            try expect("get", "in 'Binding(get:set:)'")
            try expect(":", "after 'get'")
            try expect("{", "after 'get:'")
            let getter = try braced()
            try expect(",", "after the getter")
            skipBlanks()
            try expect("set", "in 'Binding(get:set:)'")
            try expect(":", "after 'set'")
            try expect("{", "after 'set:'")
            _ = try braced()
            try expect(")", "after the setter")
            if getter == "state" { return (.manualBinding(value: 0), true) }
            return (.manualBinding(value: Int(getter) ?? 0), false)
        default:
            throw error("expected a property value (an integer, true, false, a string, { … }, Binding(get:set:), $name, object(n), model(n)), found '\(word)'")
        }
    }

    /// `reads(p, q / [0, 15, 25])`, `true` or `false`, after `==`.
    private mutating func parseEquality(properties: [StoredProperty]) throws(ViewTreeSyntaxError) -> CustomEquality {
        guard let word = identifier() else { throw error("expected 'reads(…)', 'true' or 'false' after '=='") }
        switch word {
        case "true": return .alwaysTrue
        case "false": return .alwaysFalse
        case "reads":
            try expect("(", "after 'reads'")
            var readings: [EqualityReading] = []
            repeat {
                skipBlanks()
                guard let name = identifier() else { throw error("expected a property name in 'reads(…)'") }
                guard properties.contains(where: { $0.name == name }) else {
                    throw error("'==' reads '\(name)', which is not a stored property of this view")
                }
                var thresholds: [Int] = []
                if consume("/") {
                    try expect("[", "after '/' (the thresholds of a classification)")
                    repeat {
                        guard let value = try integer() else { throw error("expected an integer threshold") }
                        thresholds.append(value)
                    } while consume(",")
                    try expect("]", "after the thresholds")
                    guard thresholds == thresholds.sorted() else { throw error("thresholds must be ascending") }
                }
                readings.append(EqualityReading(name, thresholds: thresholds))
                skipBlanks()
            } while consume(",")
            try expect(")", "after the readings")
            return .reads(readings)
        default:
            throw error("expected 'reads(…)', 'true' or 'false' after '==', found '\(word)'")
        }
    }

    /// A stable location number for the state named `name`.
    static func location(of name: String) -> Int {
        name.unicodeScalars.reduce(7) { ($0 &* 31) &+ Int($1.value) } & 0xFFFF
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
