/// Rewrites the two non-standard forms Z3 4.8.12 prints into standard SMT-LIB 2 (even in
/// `Z3_PRINT_SMTLIB2_COMPLIANT` mode), leaving everything else byte for byte:
/// - a datatype tester `(_ is (cons (Int IntList) IntList))` becomes `(_ is cons)`;
/// - an application of a recursive function `((_ len 0) x)` becomes `(len x)`, for the names
///   declared by `define-funs-rec` / `define-fun-rec` in the same text.
///
/// It reads the text as UTF-8 bytes: every character it splits at is ASCII, so no cut falls inside
/// a character (a script is megabytes, and a walk by `Character` was most of an export's cost).
enum SMTLIB2Normalizer {
    private enum Token: Equatable {
        case open, close
        case atom(String)
    }

    /// A token with the byte offsets of the text it came from.
    private struct Lexeme {
        let token: Token
        let range: Range<Int>
    }

    static func normalize(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let lexemes = lex(bytes)
        let recursive = recursiveFunctionNames(lexemes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copiedUpTo = 0
        var index = 0
        while index < lexemes.count {
            if let (replacement, next) = rewrite(at: index, lexemes, recursive) {
                output += bytes[copiedUpTo..<lexemes[index].range.lowerBound]
                output += replacement.utf8
                copiedUpTo = lexemes[next - 1].range.upperBound
                index = next
            } else {
                index += 1
            }
        }
        output += bytes[copiedUpTo...]
        return String(decoding: output, as: UTF8.self)
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
    private static func lex(_ bytes: [UInt8]) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        var index = 0
        func atom(from start: Int) {
            lexemes.append(Lexeme(token: .atom(String(decoding: bytes[start..<index], as: UTF8.self)), range: start..<index))
        }
        func next(_ byte: UInt8, from position: Int) -> Int? {
            bytes[position...].firstIndex(of: byte)
        }
        while index < bytes.count {
            let start = index
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                index += 1
                lexemes.append(Lexeme(token: byte == UInt8(ascii: "(") ? .open : .close, range: start..<index))
            case UInt8(ascii: ";"):
                index = next(UInt8(ascii: "\n"), from: index) ?? bytes.count
            case UInt8(ascii: "|"):
                index = next(UInt8(ascii: "|"), from: index + 1).map { $0 + 1 } ?? bytes.count
                atom(from: start)
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count {
                    let quote = bytes[index] == UInt8(ascii: "\"")
                    index += 1
                    // `""` inside a string literal is an escaped quote.
                    if quote {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            index += 1
                        } else {
                            break
                        }
                    }
                }
                atom(from: start)
            default:
                if let width = SMTLIB2Bytes.whitespaceWidth(bytes, at: index) {
                    index += width
                    continue
                }
                while index < bytes.count, !SMTLIB2Bytes.endsAtom(bytes[index]), SMTLIB2Bytes.whitespaceWidth(bytes, at: index) == nil {
                    index += 1
                }
                atom(from: start)
            }
        }
        return lexemes
    }
}
