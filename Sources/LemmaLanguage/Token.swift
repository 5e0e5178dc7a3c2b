/// One lexical unit of a lemma file.
package struct Token: Hashable, Sendable {
    /// What the token is.
    package enum Kind: Hashable, Sendable {
        /// A name: `lemma`, `p`, `sameView`, `R4`, … (keywords are contextual identifiers).
        case identifier(String)
        /// An integer literal, possibly negative.
        case integer(Int)
        /// A string literal with its escapes resolved.
        case string(String)
        /// `render { … }` with the raw text between the braces.
        case renderBlock(RawBlock)
        /// An operator or a punctuation mark.
        case punctuation(Punctuation)
        /// The end of the file.
        case endOfFile
    }

    /// What the token is.
    package var kind: Kind
    /// Where it was written.
    package var range: SourceRange

    /// Creates a token.
    package init(_ kind: Kind, at range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The identifier's text, if this is an identifier.
    package var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    /// Whether this token is the punctuation mark `mark`.
    package func isPunctuation(_ mark: Punctuation) -> Bool { kind == .punctuation(mark) }

    /// A short human-readable spelling for diagnostics: `'=>'`, `identifier 'p'`, `end of file`.
    package var spelling: String {
        switch kind {
        case .identifier(let name): return "'\(name)'"
        case .integer(let value): return "'\(value)'"
        case .string: return "string literal"
        case .renderBlock: return "render block"
        case .punctuation(let mark): return "'\(mark.rawValue)'"
        case .endOfFile: return "end of file"
        }
    }
}
