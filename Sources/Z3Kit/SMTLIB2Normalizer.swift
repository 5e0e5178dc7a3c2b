/// Rewrites the two non-standard forms Z3 4.8.12 prints into standard SMT-LIB 2 (even in
/// `Z3_PRINT_SMTLIB2_COMPLIANT` mode), leaving everything else byte for byte:
/// - a datatype tester `(_ is (cons (Int IntList) IntList))` becomes `(_ is cons)`;
/// - an application of a recursive function `((_ len 0) x)` becomes `(len x)`, for the names
///   declared by `define-funs-rec` / `define-fun-rec` in the same text.
enum SMTLIB2Normalizer {
    private enum Token: Equatable {
        case open, close
        case atom(String)
    }

    /// A token with the range of text it came from.
    private struct Lexeme {
        let token: Token
        let range: Range<String.Index>
    }

    static func normalize(_ text: String) -> String {
        let lexemes = lex(text)
        let recursive = recursiveFunctionNames(lexemes)
        var output = ""
        var copiedUpTo = text.startIndex
        var index = 0
        while index < lexemes.count {
            if let (replacement, next) = rewrite(at: index, lexemes, recursive) {
                output += text[copiedUpTo..<lexemes[index].range.lowerBound]
                output += replacement
                copiedUpTo = lexemes[next - 1].range.upperBound
                index = next
            } else {
                index += 1
            }
        }
        return output + text[copiedUpTo...]
    }

    /// A replacement for the form starting at `index` and the index after it, if it is one of
    /// the two forms.
    private static func rewrite(at index: Int, _ lexemes: [Lexeme], _ recursive: Set<String>) -> (String, Int)? {
        func token(_ offset: Int) -> Token? {
            index + offset < lexemes.count ? lexemes[index + offset].token : nil
        }
        guard token(0) == .open, token(1) == .atom("_") else { return nil }
        // (_ is (NAME ...)) -> (_ is NAME)
        if token(2) == .atom("is"), token(3) == .open, case .atom(let name)? = token(4) {
            var depth = 1
            var next = index + 5
            while next < lexemes.count, depth > 0 {
                if lexemes[next].token == .open { depth += 1 }
                if lexemes[next].token == .close { depth -= 1 }
                next += 1
            }
            guard depth == 0, token(next - index) == .close else { return nil }
            return ("(_ is \(name))", next + 1)
        }
        // (_ NAME INDEX) -> NAME, for recursive functions
        if case .atom(let name)? = token(2), recursive.contains(name),
           case .atom(let number)? = token(3), number.allSatisfy(\.isNumber), token(4) == .close {
            return (name, index + 5)
        }
        return nil
    }

    /// The names defined by `(define-funs-rec ((NAME ...) ...) ...)` and `(define-fun-rec NAME ...)`.
    private static func recursiveFunctionNames(_ lexemes: [Lexeme]) -> Set<String> {
        var names: Set<String> = []
        for (index, lexeme) in lexemes.enumerated() {
            if lexeme.token == .atom("define-fun-rec"), index + 1 < lexemes.count,
               case .atom(let name) = lexemes[index + 1].token {
                names.insert(name)
            }
            guard lexeme.token == .atom("define-funs-rec"), index + 1 < lexemes.count,
                  lexemes[index + 1].token == .open else { continue }
            // Each declaration is `(NAME ((x S) ...) R)` at depth 1 of the following list.
            var depth = 1
            var next = index + 2
            while next < lexemes.count, depth > 0 {
                switch lexemes[next].token {
                case .open:
                    if depth == 1, next + 1 < lexemes.count, case .atom(let name) = lexemes[next + 1].token {
                        names.insert(name)
                    }
                    depth += 1
                case .close:
                    depth -= 1
                case .atom:
                    break
                }
                next += 1
            }
        }
        return names
    }

    /// Splits SMT-LIB text into parentheses and atoms, skipping whitespace and comments; string
    /// literals and `|quoted symbols|` are single atoms.
    private static func lex(_ text: String) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        var index = text.startIndex
        func atom(from start: String.Index) {
            lexemes.append(Lexeme(token: .atom(String(text[start..<index])), range: start..<index))
        }
        while index < text.endIndex {
            let start = index
            let character = text[index]
            switch character {
            case "(", ")":
                index = text.index(after: index)
                lexemes.append(Lexeme(token: character == "(" ? .open : .close, range: start..<index))
            case ";":
                index = text[index...].firstIndex(of: "\n") ?? text.endIndex
            case "|":
                let after = text.index(after: index)
                index = text[after...].firstIndex(of: "|").map { text.index(after: $0) } ?? text.endIndex
                atom(from: start)
            case "\"":
                index = text.index(after: index)
                while index < text.endIndex {
                    let quote = text[index] == "\""
                    index = text.index(after: index)
                    // `""` inside a string literal is an escaped quote.
                    if quote {
                        if index < text.endIndex, text[index] == "\"" {
                            index = text.index(after: index)
                        } else {
                            break
                        }
                    }
                }
                atom(from: start)
            case _ where character.isWhitespace:
                index = text.index(after: index)
            default:
                while index < text.endIndex, !"()|\";".contains(text[index]), !text[index].isWhitespace {
                    index = text.index(after: index)
                }
                atom(from: start)
            }
        }
        return lexemes
    }
}
