/// The stable codes a command printed: the `[CODE]` that ends a line (a diagnostic's `E041`, a
/// usage error's `U005`, a refusal of `merge`'s `M013`, a run's end `X001`), so that tests assert
/// codes, not the words before them.
public enum PrintedCodes {
    /// The codes ending the lines of `text`, in order.
    public static func codes(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let code = line[line.index(after: open)..<line.index(before: line.endIndex)]
            guard code.count == 4, code.first?.isUppercase == true, code.dropFirst().allSatisfy(\.isNumber) else { return nil }
            return String(code)
        }
    }

    /// The line of `text` that ends with `[code]`, if any.
    public static func line(endingWith code: String, in text: String) -> String? {
        text.split(separator: "\n").map(String.init).first { $0.hasSuffix("[\(code)]") }
    }
}
