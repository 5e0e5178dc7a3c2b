import LemmaLogic

/// Parses a lemma file into a `LemmaFile`, reporting syntax errors as diagnostics.
///
/// Newlines are insignificant; `;` may separate statements. After an error the parser skips to
/// the next statement keyword, `;`, `}` or item, so one file can report several errors. It never
/// fails: any input yields a (possibly partial) `LemmaFile` and diagnostics.
package struct Parser {
    private struct Failure: Error {}

    private static let lemmaStatements = [
        "summary", "source", "rules", "expect", "scope", "renders", "forall", "assume", "show", "mutate", "invalidation",
        "use",
    ]
    private static let scenarioStatements = [
        "summary", "source", "rules", "invalidation", "expect", "render", "set", "signal", "send", "check",
    ]
    /// How deeply a formula may nest. Each parenthesis, `!`, quantifier, `=>`, call argument and
    /// step index is one level, and so is every '&&' and '||' of a chain (the chain is a tree of
    /// that depth, and every later pass walks it recursively): 200 parentheses and 200 links of a
    /// chain are both accepted, 201 of either refused.
    static let maximumDepth = 200

    private let tokens: [Token]
    private var position = 0
    private var previousEnd: SourceLocation
    private var depth = 0
    private var diagnostics: [Diagnostic] = []
    private let blockIsUnterminated: Bool
    private var predicates: [NamedPredicate] = []
    private var imports: [LemmaImport] = []
    private let isCancelled: () -> Bool

    private init(tokens: [Token], blockIsUnterminated: Bool, isCancelled: @escaping () -> Bool) {
        self.tokens = tokens
        self.previousEnd = tokens[0].range.start
        self.blockIsUnterminated = blockIsUnterminated
        self.isCancelled = isCancelled
    }

    /// Lexes and parses `source`; diagnostics (lexical and syntactic) are sorted by position and
    /// annotated with their source lines. Once `isCancelled` says yes (asked before each item and
    /// every few thousand tokens) the rest of the file is skipped.
    package static func parse(
        _ source: SourceFile, isCancelled: @escaping () -> Bool = { false }
    ) -> (file: LemmaFile, diagnostics: [Diagnostic]) {
        let (tokens, lexical) = Lexer.tokenize(source, isCancelled: isCancelled)
        var parser = Parser(
            tokens: tokens, blockIsUnterminated: lexical.contains { $0.id == .unterminatedRenderBlock },
            isCancelled: isCancelled)
        var items = parser.parseItems()
        if isCancelled() { return (LemmaFile(source: source, items: items), []) }
        let lexicalByOffset = DiagnosticsByOffset(lexical)
        for index in items.indices {
            let inside = lexicalByOffset.inside(items[index].range)
            guard !inside.isEmpty else { continue }
            switch items[index] {
            case .lemma(var lemma):
                lemma.hasSyntaxErrors = true
                items[index] = .lemma(lemma)
            case .scenario(var scenario):
                scenario.hasSyntaxErrors = true
                scenario.hasUnterminatedBlock = inside.contains { $0.id == .unterminatedRenderBlock }
                items[index] = .scenario(scenario)
            }
        }
        let diagnostics = DiagnosticsByOffset(lexical + parser.diagnostics).all.map(source.annotate)
        var file = LemmaFile(source: source, items: items)
        file.predicates = parser.predicates
        file.imports = parser.imports
        return (file, diagnostics)
    }

    // MARK: Token access

    private var current: Token { tokens[position] }

    private func token(ahead: Int) -> Token { tokens[min(position + ahead, tokens.count - 1)] }

    private var atEnd: Bool { current.kind == .endOfFile }

    @discardableResult
    private mutating func advance() -> Token {
        let token = current
        if position < tokens.count - 1 {
            position += 1
            previousEnd = token.range.end
        }
        return token
    }

    private mutating func consume(_ mark: Punctuation) -> Token? {
        current.isPunctuation(mark) ? advance() : nil
    }

    private func isWord(_ word: String, ahead: Int = 0) -> Bool { token(ahead: ahead).identifier == word }

    private func range(from start: SourceLocation) -> SourceRange { SourceRange(start: start, end: previousEnd) }

    private mutating func fail(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []
    ) -> Failure {
        diagnostics.append(Diagnostic(id, message, at: location ?? current.range.start, notes: notes))
        return Failure()
    }

    private mutating func expect(_ mark: Punctuation, _ context: String) throws -> Token {
        if let token = consume(mark) { return token }
        throw fail(.expectedToken, "expected '\(mark.rawValue)' \(context)")
    }

    private mutating func expectIdentifier(_ what: String) throws -> Located<String> {
        guard let name = current.identifier else { throw fail(.expectedToken, "expected \(what)") }
        return Located(name, at: advance().range)
    }

    private mutating func expectWord(_ word: String, _ context: String) throws {
        guard isWord(word) else { throw fail(.expectedToken, "expected '\(word)' \(context)") }
        advance()
    }

    private mutating func expectInteger(_ context: String) throws -> Int {
        guard case .integer(let value) = current.kind else { throw fail(.expectedToken, "expected an integer \(context)") }
        advance()
        return value
    }

    // MARK: Items

    private var atItemStart: Bool {
        (isWord("lemma") || isWord("scenario")) && token(ahead: 1).identifier != nil
            && token(ahead: 2).isPunctuation(.leftBrace)
    }

    private mutating func parseItems() -> [LemmaFile.Item] {
        var items: [LemmaFile.Item] = []
        while !atEnd, !isCancelled() {
            if isWord("lemma") || isWord("scenario") {
                if let item = parseItem() { items.append(item) }
            } else if isWord("predicate") || isWord("import") {
                parseDefinition()
            } else {
                diagnostics.append(Diagnostic(
                    .expectedItem, "expected 'lemma', 'scenario', 'predicate' or 'import', found \(current.spelling)", at: current.range.start))
                skipToNextItem()
            }
        }
        return items
    }

    private mutating func skipToNextItem() {
        advance()
        while !atEnd, !isWord("lemma"), !isWord("scenario"), !isWord("predicate"), !isWord("import") { advance() }
    }

    /// `predicate NAME(p, …) = FORMULA` or `import "FILE"`; after an error, skips to the next item.
    private mutating func parseDefinition() {
        let keyword = advance()
        do {
            if keyword.identifier == "import" {
                guard case .string(let path) = current.kind else {
                    throw fail(.expectedToken, "expected a file name in quotes after 'import'")
                }
                imports.append(LemmaImport(path: Located(path, at: advance().range)))
                return
            }
            let name = try expectIdentifier("a predicate name after 'predicate'")
            _ = try expect(.leftParen, "after predicate name '\(name.value)'")
            var parameters: [Located<String>] = []
            if consume(.rightParen) == nil {
                repeat {
                    parameters.append(try expectIdentifier("a parameter name (a path) of predicate '\(name.value)'"))
                } while consume(.comma) != nil
                _ = try expect(.rightParen, "after the parameters of predicate '\(name.value)'")
            }
            _ = try expect(.assign, "and a formula after 'predicate \(name.value)(…)'")
            let body = try parseFormula()
            predicates.append(NamedPredicate(
                name: name, parameters: parameters, body: body, range: range(from: keyword.range.start)))
        } catch {
            if !atEnd { skipToNextItem() }
        }
    }

    private mutating func parseItem() -> LemmaFile.Item? {
        let keyword = advance()
        let isLemma = keyword.identifier == "lemma"
        let kindName = isLemma ? "lemma" : "scenario"
        guard let name = current.identifier else {
            _ = fail(.expectedToken, "expected a name after '\(kindName)'")
            if !atEnd { skipToNextItem() }
            return nil
        }
        let nameToken = advance()
        guard consume(.leftBrace) != nil else {
            _ = fail(.expectedToken, "expected '{' after \(kindName) name '\(name)'")
            if !atEnd { skipToNextItem() }
            return nil
        }
        var builder = ItemBuilder(
            isLemma: isLemma, header: ItemHeader(name: Located(name, at: nameToken.range)),
            defaultRenders: ["before", "after"].map { Located($0, at: nameToken.range) })
        while true {
            if consume(.semicolon) != nil { continue }
            if consume(.rightBrace) != nil { break }
            if atEnd || atItemStart {
                if !(atEnd && blockIsUnterminated) {
                    _ = fail(
                        .expectedToken, "expected '}' at the end of \(kindName) '\(name)'",
                        notes: [Diagnostic.Note("\(kindName) '\(name)' starts here", at: keyword.range.start)])
                }
                builder.hasSyntaxErrors = true
                break
            }
            do {
                try parseStatement(into: &builder)
            } catch {
                builder.hasSyntaxErrors = true
                synchronize()
            }
        }
        return builder.item(range: range(from: keyword.range.start))
    }

    private func isStatementStart(ahead: Int) -> Bool {
        let token = token(ahead: ahead)
        if case .renderBlock = token.kind { return true }
        guard let word = token.identifier,
            Self.lemmaStatements.contains(word) || Self.scenarioStatements.contains(word)
        else { return false }
        if ahead + position > 0, tokens[position + ahead - 1].isPunctuation(.dot) { return false }
        let next = self.token(ahead: ahead + 1)
        if word == "forall" { return next.identifier != nil && self.token(ahead: ahead + 2).isPunctuation(.colon) }
        return !next.isPunctuation(.dot) && !next.isPunctuation(.leftBracket)
    }

    private mutating func synchronize() {
        while !atEnd, !current.isPunctuation(.rightBrace), !atItemStart, !isStatementStart(ahead: 0) {
            if consume(.semicolon) != nil { return }
            advance()
        }
    }

    // MARK: Statements

    private mutating func parseStatement(into builder: inout ItemBuilder) throws {
        let start = current.range.start
        if case .renderBlock(let block) = current.kind {
            advance()
            guard !builder.isLemma else {
                throw fail(.misplacedStatement, "'render' is only allowed in a scenario", at: start)
            }
            builder.steps.append(ScenarioStep(.render(block), at: range(from: start)))
            return
        }
        guard let word = current.identifier else {
            advance()
            throw fail(.unknownStatement, "expected a statement, found \(tokens[position - 1].spelling)", at: start)
        }
        let allowed = builder.isLemma ? Self.lemmaStatements : Self.scenarioStatements
        guard allowed.contains(word) else {
            advance()
            if Self.lemmaStatements.contains(word) || Self.scenarioStatements.contains(word) {
                let owner = builder.isLemma ? "scenario" : "lemma"
                throw fail(.misplacedStatement, "'\(word)' is only allowed in a \(owner)", at: start)
            }
            throw fail(
                .unknownStatement,
                "unknown statement '\(word)'; expected one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))",
                at: start)
        }
        let keyword = advance()
        switch word {
        case "summary":
            guard case .string(let text) = current.kind else {
                throw fail(.expectedToken, "expected a string after 'summary'")
            }
            let value = Located(text, at: advance().range)
            if builder.noteHeader(word, at: keyword.range, diagnostics: &diagnostics) { builder.header.summary = value }
        case "source":
            repeat {
                builder.header.sources.append(try parseSourceReference())
            } while consume(.comma) != nil
        case "rules":
            let name = try expectIdentifier("a rule set name after 'rules'")
            if builder.noteHeader(word, at: keyword.range, diagnostics: &diagnostics) { builder.header.ruleSet = name }
        case "expect":
            let name = try expectIdentifier("'holds' or 'refuted' after 'expect'")
            guard let value = Expectation(rawValue: name.value) else {
                throw fail(
                    .unknownExpectation, "unknown expectation '\(name.value)'; expected 'holds' or 'refuted'",
                    at: name.range.start)
            }
            var refutedBy: [Located<String>] = []
            if isWord("by") {
                advance()
                repeat {
                    refutedBy.append(try expectIdentifier("a check name after 'by'"))
                } while consume(.comma) != nil
            }
            if builder.noteHeader(word, at: keyword.range, diagnostics: &diagnostics) {
                builder.header.expectation = Located(value, at: name.range)
                builder.header.refutedBy = refutedBy
            }
        case "scope":
            let word = try expectIdentifier("'bounded' after 'scope'")
            guard word.value == "bounded" else {
                throw fail(.expectedToken, "expected 'bounded' after 'scope' (a lemma is unbounded unless it says so)", at: word.range.start)
            }
            guard case .string(let reason) = current.kind else {
                throw fail(.expectedToken, "expected a string after 'scope bounded': why this lemma can only be proved bounded")
            }
            let value = Located(reason, at: advance().range)
            if builder.noteHeader("scope", at: keyword.range, diagnostics: &diagnostics) {
                builder.boundedByDesign = value
            }
        case "renders":
            let (names, anyProgram) = try parseRenders()
            if builder.noteHeader(word, at: keyword.range, diagnostics: &diagnostics) {
                builder.renders = names
                builder.anyProgram = anyProgram
            }
        case "forall":
            repeat {
                builder.binders.append(try parseBinder())
            } while consume(.comma) != nil
        case "assume":
            builder.assumptions.append(try parseFormula())
        case "use":
            let name = try expectIdentifier("a lemma name after 'use'")
            _ = try expect(.leftParen, "after 'use \(name.value)': the paths that take the places of its 'forall' paths")
            var arguments: [Located<String>] = []
            if consume(.rightParen) == nil {
                repeat {
                    arguments.append(try expectIdentifier("a path of this lemma in 'use \(name.value)(…)'"))
                } while consume(.comma) != nil
                _ = try expect(.rightParen, "after the paths of 'use \(name.value)'")
            }
            builder.uses.append(LemmaUse(name: name, arguments: arguments, range: range(from: start)))
        case "mutate":
            repeat {
                let path = try expectIdentifier("a path name after 'mutate'")
                var after: Located<String>?
                if isWord("after") {
                    advance()
                    after = try expectIdentifier("a render name after 'mutate \(path.value) after'")
                }
                builder.mutations.append(LemmaMutation(path: path, after: after))
            } while consume(.comma) != nil
        case "show":
            let formula = try parseFormula()
            if builder.noteHeader(word, at: keyword.range, diagnostics: &diagnostics) { builder.conclusion = formula }
        case "invalidation":
            let name = try expectIdentifier("an invalidation rule set name after 'invalidation'")
            if builder.noteHeader(word, at: keyword.range, diagnostics: &diagnostics) { builder.invalidation = name }
        case "set" where isWord("observable") && token(ahead: 1).isPunctuation(.leftParen):
            advance()
            advance()
            let object = try expectInteger("after 'observable(' in 'set'")
            _ = try expect(.rightParen, "after the object number in 'set observable(n).p'")
            _ = try expect(.dot, "after 'observable(n)' in 'set'")
            let property = try expectIdentifier("a property name after 'observable(n).'")
            _ = try expect(.assign, "after the property in 'set'")
            let value = try expectInteger("after '=' in 'set'")
            builder.steps.append(ScenarioStep(
                .setObservable(object: object, property: property.value, value: value), at: range(from: start)))
        case "set":
            let label = try parseLabel()
            _ = try expect(.assign, "after the label in 'set'")
            let value = try expectInteger("after '=' in 'set'")
            if isWord("unread") {
                advance()
                builder.steps.append(ScenarioStep(.setUnread(label, value), at: range(from: start)))
            } else {
                builder.steps.append(ScenarioStep(.set(label, value), at: range(from: start)))
            }
        case "signal":
            builder.steps.append(ScenarioStep(.signal(try parseLabel()), at: range(from: start)))
        case "send":
            try expectWord("model", "after 'send': 'send model(n)'")
            _ = try expect(.leftParen, "after 'model' in 'send'")
            let number = try expectInteger("in 'send model(…)'")
            _ = try expect(.rightParen, "after the object number in 'send'")
            if isWord("unobserved") {
                advance()
                builder.steps.append(ScenarioStep(.sendUnobserved(number), at: range(from: start)))
            } else {
                builder.steps.append(ScenarioStep(.send(number), at: range(from: start)))
            }
        case "check":
            var name: Located<String>?
            if current.identifier != nil, token(ahead: 1).isPunctuation(.colon) {
                name = Located(current.identifier ?? "", at: advance().range)
                advance()
            }
            builder.steps.append(ScenarioStep(try parseCheck(), name: name, at: range(from: start)))
        default:  // "render" not followed by '{'
            throw fail(.expectedToken, "expected '{' after 'render'")
        }
    }

    private mutating func parseSourceReference() throws -> Located<SourceReference> {
        let token = current
        if case .string(let text) = token.kind {
            advance()
            return Located(.text(text), at: token.range)
        }
        if let word = token.identifier, word.first == "R" || word.first == "I", word.count <= 7,
            let number = Int(word.dropFirst()), word.dropFirst().allSatisfy(\.isNumber)
        {
            advance()
            return Located(word.first == "R" ? .rule(number) : .invalidationRule(number), at: token.range)
        }
        throw fail(
            .expectedToken,
            "expected a rule (R1 to R10, I1 to I\(Checker.invalidationRuleNumbers.upperBound)) or a string after 'source'")
    }

    private mutating func parseRenders() throws -> ([Located<String>], Bool) {
        var names: [Located<String>] = []
        while true {
            if isWord("any"), isWord("program", ahead: 1) {
                advance()
                advance()
                return (names, true)
            }
            names.append(try expectIdentifier("a render name after 'renders'"))
            if consume(.comma) == nil, !isWord("any") { return (names, false) }
        }
    }

    private mutating func parseBinder() throws -> PathBinder {
        let name = try expectIdentifier("a path name after 'forall'")
        _ = try expect(.colon, "after path binder '\(name.value)'")
        try expectWord("path", "after '\(name.value):'")
        try expectWord("in", "after '\(name.value): path'")
        let render = try expectIdentifier("a render name after 'in'")
        return PathBinder(name: name, render: render, range: range(from: name.range.start))
    }

    private mutating func parseLabel() throws -> ScenarioLabel {
        let name = try expectIdentifier("a view label")
        var keys: [ScenarioLabel.Key] = []
        while consume(.leftBracket) != nil {
            switch current.kind {
            case .integer(let value): keys.append(.integer(value))
            case .string(let value): keys.append(.string(value))
            default: throw fail(.expectedToken, "expected an integer or string key after '['")
            }
            advance()
            _ = try expect(.rightBracket, "after the key of label '\(name.value)'")
        }
        return ScenarioLabel(name: name.value, keys: keys, range: range(from: name.range.start))
    }

    private mutating func parseCheck() throws -> ScenarioStep.Kind {
        let next = token(ahead: 1)
        let nextIsOutcome = next.identifier.flatMap(CheckOutcome.init(rawValue:)) != nil
        if isWord("undefined"), !next.isPunctuation(.leftBracket), !next.isPunctuation(.equal), !nextIsOutcome {
            advance()
            return .undefined
        }
        let label = try parseLabel()
        if consume(.equal) != nil {
            return .value(label, try expectInteger("after '==' in 'check'"))
        }
        guard let word = current.identifier else {
            throw fail(.expectedToken, "expected an outcome or '==' after label '\(label)'")
        }
        if word == "evaluated" || word == "skipped" {
            advance()
            var reason: Located<String>?
            if isWord("because") {
                advance()
                if let equal = consume(.equal) {
                    reason = Located("==", at: equal.range)
                } else {
                    reason = try expectIdentifier("a reason after 'because' (identity, state, dependency, equal, parent, ==, or a property name)")
                }
            }
            return .evaluation(label, EvaluationCheck(evaluated: word == "evaluated", reason: reason))
        }
        guard let outcome = CheckOutcome(rawValue: word) else {
            throw fail(
                .unknownOutcome,
                "unknown outcome '\(word)'; expected one of \((CheckOutcome.allCases.map(\.rawValue) + ["evaluated", "skipped"]).joined(separator: ", "))")
        }
        advance()
        return .outcome(label, outcome)
    }

    // MARK: Formulas

    private mutating func nested<T>(_ body: (inout Parser) throws -> T) throws -> T {
        try deepen()
        defer { depth -= 1 }
        return try body(&self)
    }

    /// One level deeper, or `E013` past `maximumDepth`.
    private mutating func deepen() throws {
        guard depth < Self.maximumDepth else {
            throw fail(
                .nestingTooDeep,
                "formula is nested too deeply (at most \(Self.maximumDepth) levels: each parenthesis, '!', quantifier, '=>', and each '&&' or '||' of a chain counts as one)")
        }
        depth += 1
    }

    /// formula := implication ('<=>' implication)?
    ///
    /// `<=>` is the loosest operator (Lemmas/README.md): `a => b <=> c` is `(a => b) <=> c` and
    /// `a <=> b => c` is `a <=> (b => c)`; it does not chain.
    private mutating func parseFormula() throws -> Formula {
        let lhs = try parseImplication()
        guard consume(.iff) != nil else { return lhs }
        let rhs = try parseImplication()
        if current.isPunctuation(.iff) {
            throw fail(.expectedToken, "'<=>' does not chain: add parentheses")
        }
        return .iff(lhs, rhs, lhs.range.extended(to: rhs.range))
    }

    /// implication := or ('=>' implication)?   (right-associative; each '=>' is a level)
    private mutating func parseImplication() throws -> Formula {
        let lhs = try parseOr()
        guard consume(.implies) != nil else { return lhs }
        let rhs = try nested { try $0.parseImplication() }
        return .implies(lhs, rhs, lhs.range.extended(to: rhs.range))
    }

    private mutating func parseOr() throws -> Formula {
        var lhs = try parseAnd()
        var links = 0
        defer { depth -= links }
        while consume(.or) != nil {
            try deepen()
            links += 1
            let rhs = try parseAnd()
            lhs = .or(lhs, rhs, lhs.range.extended(to: rhs.range))
        }
        return lhs
    }

    private mutating func parseAnd() throws -> Formula {
        var lhs = try parseUnary()
        var links = 0
        defer { depth -= links }
        while consume(.and) != nil {
            try deepen()
            links += 1
            let rhs = try parseUnary()
            lhs = .and(lhs, rhs, lhs.range.extended(to: rhs.range))
        }
        return lhs
    }

    /// unary := '!' unary | quantifier | atom   (each '!' and each quantifier is a level)
    private mutating func parseUnary() throws -> Formula {
        let start = current.range.start
        if consume(.not) != nil {
            let body = try nested { try $0.parseUnary() }
            return .not(body, range(from: start))
        }
        if let word = current.identifier, let quantifier = Quantifier(rawValue: word) {
            advance()
            let index = try expectIdentifier("an index name after '\(word)'")
            if consume(.colon) != nil {
                try expectWord("path", "after '\(word) \(index.value):'")
                try expectWord("in", "after '\(word) \(index.value): path'")
                let render = try expectIdentifier("a render name after '\(word) \(index.value): path in'")
                _ = try expect(.colon, "after '\(word) \(index.value): path in \(render.value)'")
                let body = try nested { try $0.parseFormula() }
                return .pathQuantified(quantifier, path: index, render: render, body: body, range(from: start))
            }
            try expectWord("in", "after '\(word) \(index.value)'")
            let path = try expectIdentifier("a path after '\(word) \(index.value) in'")
            _ = try expect(.colon, "after '\(word) \(index.value) in \(path.value)'")
            let body = try nested { try $0.parseFormula() }
            return .quantified(quantifier, index: index, path: path, body: body, range(from: start))
        }
        return try parseAtom()
    }

    private var comparisonOperator: ComparisonOperator? {
        if case .punctuation(let mark) = current.kind { return ComparisonOperator(mark) }
        return nil
    }

    private func isComparison(_ token: Token) -> Bool {
        if case .punctuation(let mark) = token.kind { return ComparisonOperator(mark) != nil }
        return false
    }

    private mutating func parseAtom() throws -> Formula {
        let start = current.range.start
        if consume(.leftParen) != nil {
            let formula = try nested { try $0.parseFormula() }
            _ = try expect(.rightParen, "to close '('")
            return formula
        }
        if let word = current.identifier, word == "true" || word == "false", !isComparison(token(ahead: 1)) {
            advance()
            return .constant(word == "true", range(from: start))
        }
        let lhs = try parseTerm()
        guard let op = comparisonOperator else {
            if case .call(let name, let arguments, let range) = lhs {
                return .predicate(name: name, arguments: arguments, range)
            }
            throw fail(.expectedToken, "expected a comparison operator after '\(lhs)'")
        }
        advance()
        let rhs = try parseTerm()
        return .comparison(op, lhs, rhs, range(from: start))
    }

    private mutating func parseTerm() throws -> Term {
        let token = current
        let start = token.range.start
        switch token.kind {
        case .integer(let value):
            advance()
            return .integer(value, token.range)
        case .string(let value):
            advance()
            return .string(value, token.range)
        case .punctuation(.dot):
            advance()
            let name = try expectIdentifier("a case name after '.'")
            return .enumCase(name, range(from: start))
        case .identifier where isStatementStart(ahead: 0):
            throw fail(.expectedToken, "expected a term, found \(token.spelling)")
        case .identifier(let word) where word == "true" || word == "false":
            advance()
            return .boolean(word == "true", token.range)
        case .identifier(let word):
            advance()
            let name = Located(word, at: token.range)
            if consume(.leftParen) != nil {
                var arguments: [Term] = []
                if consume(.rightParen) == nil {
                    repeat {
                        arguments.append(try nested { try $0.parseTerm() })
                    } while consume(.comma) != nil
                    _ = try expect(.rightParen, "after the arguments of '\(word)'")
                }
                return .call(name: name, arguments: arguments, range(from: start))
            }
            if consume(.dot) != nil {
                let field = try expectIdentifier("a field name after '\(word).'")
                let term = Term.pathField(path: name, field: field, range(from: start))
                guard current.isPunctuation(.plus) || current.isPunctuation(.minus) else { return term }
                let sign = advance().isPunctuation(.plus) ? 1 : -1
                let amount = try expectInteger("after '\(sign > 0 ? "+" : "-")' in arithmetic on '\(word).\(field.value)'")
                return .shifted(term, amount.multipliedReportingOverflow(by: sign).partialValue, range(from: start))
            }
            if consume(.leftBracket) != nil {
                let index = try nested { try $0.parseTerm() }
                _ = try expect(.rightBracket, "after the step index of '\(word)'")
                _ = try expect(.dot, "and a step field after '\(word)[\(index)]'")
                let field = try expectIdentifier("a step field after '\(word)[\(index)].'")
                return .stepField(path: name, index: index, field: field, range(from: start))
            }
            if current.isPunctuation(.plus) || current.isPunctuation(.minus) {
                let sign = advance().isPunctuation(.plus) ? 1 : -1
                let amountRange = current.range
                let amount = try expectInteger("after '\(sign > 0 ? "+" : "-")' in index arithmetic")
                return .offset(
                    name, Located(amount.multipliedReportingOverflow(by: sign).partialValue, at: amountRange), range(from: start))
            }
            return .variable(name)
        default:
            throw fail(.expectedToken, "expected a term, found \(token.spelling)")
        }
    }
}
