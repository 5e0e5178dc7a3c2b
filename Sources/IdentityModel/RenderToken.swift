/// A token of the render syntax with its position in the input (0-based line and column).
struct RenderToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case integer(Int)
        case string(String)
        /// One of `{ } ( ) [ ] , ; : . @ \ / $`, `..<` or `==`.
        case punctuation(String)
        /// A closure value, `{ … }` after a property's `:`: its text between the braces, trimmed.
        /// Its inside is not render syntax (`{ print("tapped") }`), so it is one token.
        case closure(String)
        case newline
        case end
    }

    var kind: Kind
    var line: Int
    var column: Int
    /// The index of its first character in the text.
    var offset: Int
}

/// Splits render syntax into tokens; `//` comments run to the end of the line. A `{` right after a
/// `:` opens a closure value (`onTap: { … }`, `get: { 1 }`), read as one token up to its balanced `}`.
struct RenderLexer {
    enum Failure: Error {
        case unexpectedCharacter(Character, line: Int, column: Int)
        case unterminatedString(line: Int, column: Int)
        case unterminatedClosure(line: Int, column: Int)
        case integerOverflow(String, line: Int, column: Int)
    }

    /// `0`-`9` only: other Unicode digits (`٣`) are not integers here.
    private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

    /// Whether `text` is one word the lexer reads as an identifier (a name a render can write).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || isDigit($0) || $0 == "_" }
    }

    static func tokens(of text: String) throws -> [RenderToken] {
        var tokens: [RenderToken] = []
        let characters = Array(text)
        var index = 0
        var line = 0
        var column = 0
        func advance() {
            if characters[index].isNewline {
                line += 1
                column = 0
            } else {
                column += 1
            }
            index += 1
        }
        while index < characters.count {
            let character = characters[index]
            let startLine = line
            let startColumn = column
            let startIndex = index
            func emit(_ kind: RenderToken.Kind) {
                tokens.append(RenderToken(kind: kind, line: startLine, column: startColumn, offset: startIndex))
            }
            if character.isNewline {
                emit(.newline)
                advance()
            } else if character.isWhitespace {
                advance()
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, !characters[index].isNewline { advance() }
            } else if character.isLetter || character == "_" {
                var word = ""
                while index < characters.count, characters[index].isLetter || Self.isDigit(characters[index]) || characters[index] == "_" {
                    word.append(characters[index])
                    advance()
                }
                emit(.identifier(word))
            } else if Self.isDigit(character) || (character == "-" && index + 1 < characters.count && Self.isDigit(characters[index + 1])) {
                var digits = String(character)
                advance()
                while index < characters.count, Self.isDigit(characters[index]) {
                    digits.append(characters[index])
                    advance()
                }
                guard let value = Int(digits) else { throw Failure.integerOverflow(digits, line: startLine, column: startColumn) }
                emit(.integer(value))
            } else if character == "\"" {
                advance()
                var value = ""
                while index < characters.count, characters[index] != "\"", !characters[index].isNewline {
                    value.append(characters[index])
                    advance()
                }
                guard index < characters.count, characters[index] == "\"" else {
                    throw Failure.unterminatedString(line: startLine, column: startColumn)
                }
                advance()
                emit(.string(value))
            } else if character == ".", index + 2 < characters.count, characters[index + 1] == ".", characters[index + 2] == "<" {
                advance()
                advance()
                advance()
                emit(.punctuation("..<"))
            } else if character == "{", tokens.last?.kind == .punctuation(":") {
                advance()
                var depth = 1
                var body = ""
                var inString = false
                while index < characters.count {
                    let next = characters[index]
                    // A brace inside a string (`{ print("}") }`) neither opens nor closes.
                    if next == "\"" { inString.toggle() }
                    if next.isNewline { inString = false }
                    if !inString, next == "{" { depth += 1 }
                    if !inString, next == "}" { depth -= 1 }
                    if depth == 0 { break }
                    body.append(next)
                    advance()
                }
                guard index < characters.count else { throw Failure.unterminatedClosure(line: startLine, column: startColumn) }
                advance()
                emit(.closure(String(body.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())))
            } else if character == "=", index + 1 < characters.count, characters[index + 1] == "=" {
                advance()
                advance()
                emit(.punctuation("=="))
            } else if "{}()[],;:.@\\/$=".contains(character) {
                advance()
                emit(.punctuation(String(character)))
            } else {
                throw Failure.unexpectedCharacter(character, line: startLine, column: startColumn)
            }
        }
        tokens.append(RenderToken(kind: .end, line: line, column: column, offset: index))
        return tokens
    }
}
