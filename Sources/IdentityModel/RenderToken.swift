/// A token of the render syntax with its position in the input (0-based line and column).
struct RenderToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case integer(Int)
        case string(String)
        /// One of `{ } ( ) [ ] , ; : . @ \` or `..<`.
        case punctuation(String)
        case newline
        case end
    }

    var kind: Kind
    var line: Int
    var column: Int
}

/// Splits render syntax into tokens; `//` comments run to the end of the line.
struct RenderLexer {
    enum Failure: Error {
        case unexpectedCharacter(Character, line: Int, column: Int)
        case unterminatedString(line: Int, column: Int)
    }

    static func tokens(of text: String) throws -> [RenderToken] {
        var tokens: [RenderToken] = []
        let characters = Array(text)
        var index = 0
        var line = 0
        var column = 0
        func advance() {
            if characters[index] == "\n" {
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
            func emit(_ kind: RenderToken.Kind) { tokens.append(RenderToken(kind: kind, line: startLine, column: startColumn)) }
            if character == "\n" {
                emit(.newline)
                advance()
            } else if character.isWhitespace {
                advance()
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, characters[index] != "\n" { advance() }
            } else if character.isLetter || character == "_" {
                var word = ""
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    word.append(characters[index])
                    advance()
                }
                emit(.identifier(word))
            } else if character.isNumber || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber) {
                var digits = String(character)
                advance()
                while index < characters.count, characters[index].isNumber {
                    digits.append(characters[index])
                    advance()
                }
                emit(.integer(Int(digits) ?? 0))
            } else if character == "\"" {
                advance()
                var value = ""
                while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
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
            } else if "{}()[],;:.@\\".contains(character) {
                advance()
                emit(.punctuation(String(character)))
            } else {
                throw Failure.unexpectedCharacter(character, line: startLine, column: startColumn)
            }
        }
        tokens.append(RenderToken(kind: .end, line: line, column: column))
        return tokens
    }
}
