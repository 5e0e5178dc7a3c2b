/// Puts the `declare-datatypes` commands of an exported SMT-LIB 2 script in dependency order.
///
/// Z3 4.8.12 orders the declarations it prints with a topological sort that does not collapse
/// cycles, so a group of mutually recursive datatypes (`NodeList`, `Node`, `RowList`) can come
/// before a datatype one of its members uses (`Source`), and z3 and cvc5 then reject the script.
/// This moves each `declare-datatypes` after those declaring the sorts it mentions, keeping their
/// order otherwise and every other character of the script.
enum DatatypeDeclarationOrder {
    /// `script` with its datatype declarations reordered.
    static func ordered(_ script: String) -> String {
        let commands = topLevelCommands(of: script)
        let datatypes = commands.filter { script[$0].hasPrefix("(declare-datatypes") }
        let declarations = datatypes.map { Declaration(text: String(script[$0])) }
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
        var result = ""
        var position = script.startIndex
        var slot = 0
        for command in commands {
            result += script[position..<command.lowerBound]
            if slot < datatypes.count, command == datatypes[slot] {
                result += declarations[order[slot]].text
                slot += 1
            } else {
                result += script[command]
            }
            position = command.upperBound
        }
        return result + script[position...]
    }

    /// One `declare-datatypes` command: the sorts it declares and the symbols it mentions.
    private struct Declaration {
        let text: String
        let declared: Set<String>
        let used: Set<String>

        /// Reads `(declare-datatypes ((NAME ARITY) ...) (CONSTRUCTORS...))`.
        init(text: String) {
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

    /// The ranges of the top-level parenthesized commands, skipping comments, string literals and
    /// `|quoted symbols|`.
    private static func topLevelCommands(of script: String) -> [Range<String.Index>] {
        var commands: [Range<String.Index>] = []
        var depth = 0
        var start = script.startIndex
        var index = script.startIndex
        var closing: Character?
        while index < script.endIndex {
            let character = script[index]
            if let close = closing {
                if character == close { closing = nil }
            } else if character == "\"" || character == "|" {
                closing = character
            } else if character == ";" {
                closing = "\n"
            } else if character == "(" {
                if depth == 0 { start = index }
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { commands.append(start..<script.index(after: index)) }
            }
            index = script.index(after: index)
        }
        return commands
    }

    /// Parentheses and atoms of a command without string literals or quoted symbols.
    private static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var atom = ""
        for character in text {
            if character == "(" || character == ")" || character.isWhitespace {
                if !atom.isEmpty { tokens.append(atom) }
                atom = ""
                if !character.isWhitespace { tokens.append(String(character)) }
            } else {
                atom.append(character)
            }
        }
        if !atom.isEmpty { tokens.append(atom) }
        return tokens
    }
}
