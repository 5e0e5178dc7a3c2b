/// Splits a lemma file into tokens, reporting lexical errors as diagnostics and never failing.
///
/// `render` followed by `{` (after optional whitespace) becomes one `.renderBlock` token holding
/// the brace-balanced raw text; braces inside string literals and `//` comments do not count.
package struct Lexer {
    /// Every mark by its first byte, longest first, so that `=>` wins over `=`.
    private static let marksByFirstByte = Dictionary(
        grouping: Punctuation.allCases.sorted { $0.rawValue.utf8.count > $1.rawValue.utf8.count },
        by: { $0.rawValue.utf8.first! })

    private let source: SourceFile
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    private var tokens: [Token] = []
    private var diagnostics: [Diagnostic] = []

    /// The UTF-8 byte-order mark some editors write first: skipped, not a character of the file.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Creates a lexer over `source`.
    package init(source: SourceFile) {
        self.source = source
        self.bytes = source.bytes
        if bytes.starts(with: Self.byteOrderMark) { offset = Self.byteOrderMark.count }
    }

    /// How many tokens or stray characters the lexer reads between two questions to `isCancelled`.
    private static let pollInterval = 4096

    /// All tokens, ending with `.endOfFile`, and the lexical diagnostics; once `isCancelled` says
    /// yes (asked every `pollInterval` tokens) the rest of the file is skipped.
    package static func tokenize(
        _ source: SourceFile, isCancelled: () -> Bool = { false }
    ) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(source: source)
        lexer.run(isCancelled: isCancelled)
        return (lexer.tokens, lexer.diagnostics)
    }

    private var location: SourceLocation {
        SourceLocation(file: source.path, line: line, column: column, offset: offset)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    private mutating func advance() {
        guard offset < bytes.count else { return }
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func run(isCancelled: () -> Bool) {
        var read = 0
        while true {
            skipTrivia()
            let start = location
            read += 1
            guard let byte = peek(), read % Self.pollInterval != 0 || !isCancelled() else {
                tokens.append(Token(.endOfFile, at: SourceRange(start: start, end: start)))
                return
            }
            if Self.isIdentifierStart(byte) {
                lexIdentifier(start)
            } else if Self.isDigit(byte) || (byte == UInt8(ascii: "-") && startsNegativeLiteral) {
                lexInteger(start)
            } else if byte == UInt8(ascii: "\"") {
                lexString(start)
            } else if let mark = matchPunctuation() {
                for _ in 0..<mark.rawValue.utf8.count { advance() }
                append(.punctuation(mark), from: start)
            } else {
                advance()
                while let next = peek(), next & 0xC0 == 0x80 { advance() }
                let text = String(decoding: bytes[start.offset..<offset], as: UTF8.self)
                diagnostics.append(Diagnostic(.unexpectedCharacter, "unexpected character '\(text)'", at: start))
            }
        }
    }

    private mutating func append(_ kind: Token.Kind, from start: SourceLocation) {
        tokens.append(Token(kind, at: SourceRange(start: start, end: location)))
    }

    private mutating func skipTrivia() {
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                advance()
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            } else {
                return
            }
        }
    }

    /// A `-` directly followed by a digit is a sign unless the previous token ends a value
    /// (`i - 1` is a subtraction, `set x = -1` a negative literal).
    private var startsNegativeLiteral: Bool {
        guard let next = peek(1), Self.isDigit(next) else { return false }
        switch tokens.last?.kind {
        case .identifier, .integer, .string, .punctuation(.rightBracket), .punctuation(.rightParen):
            return false
        default:
            return true
        }
    }

    private func matchPunctuation() -> Punctuation? {
        guard let byte = peek(), let marks = Self.marksByFirstByte[byte] else { return nil }
        return marks.first { mark in
            mark.rawValue.utf8.enumerated().allSatisfy { peek($0.offset) == $0.element }
        }
    }

    private mutating func lexIdentifier(_ start: SourceLocation) {
        while let byte = peek(), Self.isIdentifierStart(byte) || Self.isDigit(byte) { advance() }
        let name = String(decoding: bytes[start.offset..<offset], as: UTF8.self)
        if name == "render", let brace = offsetOfBraceAfterWhitespace() {
            while offset < brace { advance() }
            lexRenderBlock(start)
        } else {
            append(.identifier(name), from: start)
        }
    }

    private func offsetOfBraceAfterWhitespace() -> Int? {
        var index = offset
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
            .contains(bytes[index])
        {
            index += 1
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: "{") ? index : nil
    }

    private mutating func lexRenderBlock(_ start: SourceLocation) {
        let brace = location
        advance()
        let textStart = location
        var depth = 1
        var textEnd = bytes.count
        scan: while let byte = peek() {
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    textEnd = offset
                    advance()
                    break scan
                }
            case UInt8(ascii: "\""):
                advance()
                while let next = peek(), next != UInt8(ascii: "\""), next != UInt8(ascii: "\n") {
                    if next == UInt8(ascii: "\\") { advance() }
                    advance()
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
                continue scan
            default:
                break
            }
            advance()
        }
        if depth > 0 {
            diagnostics.append(Diagnostic(
                .unterminatedRenderBlock, "unterminated render block: expected '}' to match this '{'", at: brace))
        }
        let text = String(decoding: bytes[textStart.offset..<textEnd], as: UTF8.self)
        append(.renderBlock(RawBlock(text: text, start: textStart)), from: start)
    }

    private mutating func lexInteger(_ start: SourceLocation) {
        if peek() == UInt8(ascii: "-") { advance() }
        while let byte = peek(), Self.isDigit(byte) { advance() }
        let text = String(decoding: bytes[start.offset..<offset], as: UTF8.self)
        if let value = Int(text) {
            append(.integer(value), from: start)
        } else {
            diagnostics.append(Diagnostic(.integerOverflow, "integer literal '\(text)' does not fit in Int", at: start))
            append(.integer(0), from: start)
        }
    }

    private mutating func lexString(_ start: SourceLocation) {
        advance()
        var value: [UInt8] = []
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                diagnostics.append(Diagnostic(
                    .unterminatedString, "unterminated string literal: expected '\"' before the end of the line",
                    at: start))
                break
            }
            if byte == UInt8(ascii: "\"") {
                advance()
                break
            }
            if byte == UInt8(ascii: "\\") {
                let escapeStart = location
                advance()
                if let escaped = lexEscape() {
                    value += escaped
                } else {
                    diagnostics.append(Diagnostic(.invalidEscape, "invalid escape sequence in string literal", at: escapeStart))
                }
                continue
            }
            value.append(byte)
            advance()
        }
        append(.string(String(decoding: value, as: UTF8.self)), from: start)
    }

    /// Reads the escape after a backslash; `nil` (having consumed one character at most) if invalid.
    private mutating func lexEscape() -> [UInt8]? {
        guard let byte = peek(), byte != UInt8(ascii: "\n") else { return nil }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
            UInt8(ascii: "n"): UInt8(ascii: "\n"), UInt8(ascii: "t"): UInt8(ascii: "\t"),
            UInt8(ascii: "r"): UInt8(ascii: "\r"), UInt8(ascii: "0"): 0,
        ]
        advance()
        if let mapped = simple[byte] { return [mapped] }
        guard byte == UInt8(ascii: "u"), peek() == UInt8(ascii: "{") else { return nil }
        advance()
        var hex = ""
        while let digit = peek(), digit != UInt8(ascii: "}"), digit != UInt8(ascii: "\""), hex.count < 9 {
            hex.append(Character(Unicode.Scalar(digit)))
            advance()
        }
        guard peek() == UInt8(ascii: "}") else { return nil }
        advance()
        guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
