/// Puts the `declare-datatypes` commands of an exported SMT-LIB 2 script in dependency order.
///
/// Z3 4.8.12 orders the declarations it prints with a topological sort that does not collapse
/// cycles, so a group of mutually recursive datatypes (`NodeList`, `Node`, `RowList`) can come
/// before a datatype one of its members uses (`Source`), and z3 and cvc5 then reject the script.
/// This moves each `declare-datatypes` after those declaring the sorts it mentions, keeping their
/// order otherwise and every other character of the script.
enum DatatypeDeclarationOrder {
    /// `script` with its datatype declarations reordered (read as UTF-8 bytes, as
    /// `SMTLIB2Normalizer` reads it: every byte it splits at is ASCII).
    static func ordered(_ script: String) -> String {
        let bytes = Array(script.utf8)
        let commands = topLevelCommands(of: bytes)
        let prefix = Array("(declare-datatypes".utf8)
        let datatypes = commands.filter { bytes[$0].starts(with: prefix) }
        let declarations = datatypes.map { Declaration(text: bytes[$0]) }
        var pending = Array(declarations.indices)
        var order: [Int] = []
        while !pending.isEmpty {
            let waiting = Set(pending.flatMap { declarations[$0].declared })
            let next = pending.first { index in
                declarations[index].used.isDisjoint(with: waiting.subtracting(declarations[index].declared))
            } ?? pending[0]
            order.append(next)
            pending.removeAll { $0 == next }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        var slot = 0
        for command in commands {
            result += bytes[position..<command.lowerBound]
            if slot < datatypes.count, command == datatypes[slot] {
                result += declarations[order[slot]].text
                slot += 1
            } else {
                result += bytes[command]
            }
            position = command.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// One `declare-datatypes` command: the sorts it declares and the symbols it mentions.
    private struct Declaration {
        let text: ArraySlice<UInt8>
        let declared: Set<String>
        let used: Set<String>

        /// Reads `(declare-datatypes ((NAME ARITY) ...) (CONSTRUCTORS...))`.
        init(text: ArraySlice<UInt8>) {
            self.text = text
            let tokens = DatatypeDeclarationOrder.tokens(of: text)
            var declared: Set<String> = []
            var index = 3
            while index + 1 < tokens.count, tokens[index] == "(" {
                declared.insert(tokens[index + 1])
                index += 4
            }
            self.declared = declared
            used = Set(tokens[min(index, tokens.count)...].filter { $0 != "(" && $0 != ")" })
        }
    }

    /// The byte ranges of the top-level parenthesized commands, skipping comments, string
    /// literals and `|quoted symbols|`.
    private static func topLevelCommands(of bytes: [UInt8]) -> [Range<Int>] {
        var commands: [Range<Int>] = []
        var depth = 0
        var start = 0
        var closing: UInt8?
        for (index, byte) in bytes.enumerated() {
            if let close = closing {
                if byte == close { closing = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "|") {
                closing = byte
            } else if byte == UInt8(ascii: ";") {
                closing = UInt8(ascii: "\n")
            } else if byte == UInt8(ascii: "(") {
                if depth == 0 { start = index }
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { commands.append(start..<index + 1) }
            }
        }
        return commands
    }

    /// Parentheses and atoms of a command without string literals or quoted symbols.
    private static func tokens(of text: ArraySlice<UInt8>) -> [String] {
        let bytes = Array(text)
        var tokens: [String] = []
        var atomStart: Int?
        var index = 0
        func endAtom() {
            if let start = atomStart { tokens.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
            atomStart = nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            if let width = SMTLIB2Bytes.whitespaceWidth(bytes, at: index) {
                endAtom()
                index += width
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") {
                endAtom()
                tokens.append(byte == UInt8(ascii: "(") ? "(" : ")")
                index += 1
            } else {
                if atomStart == nil { atomStart = index }
                index += 1
            }
        }
        endAtom()
        return tokens
    }
}
