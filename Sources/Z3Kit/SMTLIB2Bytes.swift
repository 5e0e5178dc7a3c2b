/// The byte classes the readers of Z3's SMT-LIB 2 text (`SMTLIB2Normalizer`,
/// `DatatypeDeclarationOrder`) split at, over the text's UTF-8 bytes.
enum SMTLIB2Bytes {
    /// Whether `byte` ends an atom: a parenthesis, the start of a comment, a quoted symbol or a
    /// string literal.
    static func endsAtom(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "\""), UInt8(ascii: ";"): true
        default: false
        }
    }

    /// The number of bytes of the whitespace character starting at `index`, or `nil` when none
    /// starts there. Whitespace is Unicode's, as `Character.isWhitespace` has it, though Z3 prints
    /// none but ASCII outside quoted symbols and string literals; a continuation byte starts none.
    static func whitespaceWidth(_ bytes: [UInt8], at index: Int) -> Int? {
        let byte = bytes[index]
        if byte < 0x80 {
            return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : nil
        }
        let width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0
        guard width > 0, index + width <= bytes.count else { return nil }
        var scalars = String(decoding: bytes[index..<index + width], as: UTF8.self).unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalar.properties.isWhitespace else { return nil }
        return width
    }
}
