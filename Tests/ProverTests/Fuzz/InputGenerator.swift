import Foundation

/// Structure-aware inputs for the lemma language and the render syntax: an item of the seed corpus
/// (the shipped lemma set, the malformed examples, the crash corpus) with one to three mutations
/// drawn from the edge cases that broke the front end before: deep nesting of views and formulas,
/// long chains, huge numbers and ranges, many paths, non-ASCII text, control bytes, CRLF, stray
/// bytes and truncation. Input `n` of seed `s` is the same on every run.
struct InputGenerator {
    /// The seed items, one lemma or scenario each (or a whole file that has none).
    let items: [String]
    let seed: UInt64

    /// A generator over the items of every `.lemma` file in `folders`.
    init(seed: UInt64, folders: [URL]) {
        self.seed = seed
        var items: [String] = []
        for folder in folders {
            let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { $0.pathExtension == "lemma" }
                .sorted { $0.path < $1.path }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                items += Self.split(String(decoding: data, as: UTF8.self))
            }
        }
        self.items = items
    }

    /// The items of a file: each `lemma` or `scenario` starting at the beginning of a line, up to
    /// the next one; the whole text if it has none.
    static func split(_ text: String) -> [String] {
        var items: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if (line.hasPrefix("lemma ") || line.hasPrefix("scenario ")), current.contains(where: { $0.hasPrefix("lemma ") || $0.hasPrefix("scenario ") }) {
                items.append(current.joined(separator: "\n"))
                current = []
            }
            current.append(line)
        }
        items.append(current.joined(separator: "\n"))
        return items.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// Input number `number`.
    func input(_ number: Int) -> [UInt8] {
        var random = SplitMix(seed: seed, number: number)
        var text = items[Int.random(in: 0..<items.count, using: &random)]
        if Int.random(in: 0..<8, using: &random) == 0 {
            text += "\n" + items[Int.random(in: 0..<items.count, using: &random)]
        }
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            bytes = mutate(bytes, &random)
        }
        return bytes
    }

    private static let nestings = [2, 50, 199, 200, 201, 255, 256, 257, 1_000, 10_000]
    private static let numbers = [
        "0", "-1", "1000000", "10000", "10001", "10000000", "2147483648", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "99999999999999999999999999",
    ]
    private static let nonASCII = ["é", "😀", "\u{202E}", "٣", "\u{200D}", "\u{FEFF}", "İ", "e\u{0301}", "中文", "\u{2028}"]
    private static let wrappers: [(String, String)] = [
        ("VStack { ", " }"), ("AnyView(", ")"), ("ForEach([1, 2], id: \\.self) { ", " }"), ("if true { ", " } else { Spacer }"),
        ("Group { ", " }"), ("(", ").padding(1)"), ("LazyVStack { ", " }"), ("ForEach(0..<3) { ", " }"),
    ]

    private func mutate(_ bytes: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        switch Int.random(in: 0..<14, using: &random) {
        case 0: return Array(nestRender(text, &random).utf8)
        case 1: return Array(nestFormula(text, &random).utf8)
        case 2: return Array(chain(text, &random).utf8)
        case 3: return Array(replaceNumber(text, &random).utf8)
        case 4: return Array(addRange(text, &random).utf8)
        case 5: return Array(manyPaths(text, &random).utf8)
        case 6: return insert(Array(Self.nonASCII.randomElement(using: &random)!.utf8), into: bytes, &random)
        case 7:
            // Control bytes, most often inside a string literal, where they reach the reports.
            let control = [UInt8.random(in: 0...0x1F, using: &random), 0x7F, 0x1B, 0x00].randomElement(using: &random)!
            if let quote = bytes.indices.filter({ bytes[$0] == UInt8(ascii: "\"") }).randomElement(using: &random), Bool.random(using: &random) {
                var result = bytes
                result.insert(control, at: quote + 1)
                return result
            }
            return insert([control], into: bytes, &random)
        case 8:
            text = Bool.random(using: &random) ? text.replacingOccurrences(of: "\n", with: "\r\n") : text.replacingOccurrences(of: "\n", with: "\r")
            return Array(text.utf8)
        case 9: return Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case 10: return Array(editLines(text, &random).utf8)
        case 11:
            let long = Bool.random(using: &random)
                ? String(repeating: "x", count: 20_000) : "\"" + String(repeating: "s", count: 20_000) + "\""
            return insert(Array(long.utf8), into: bytes, &random)
        case 12:
            guard !bytes.isEmpty else { return bytes }
            var result = bytes
            let start = Int.random(in: 0..<result.count, using: &random)
            for index in start..<min(result.count, start + Int.random(in: 1...8, using: &random)) {
                result[index] = UInt8.random(in: 0...255, using: &random)
            }
            return result
        default: return Array(relabel(text, &random).utf8)
        }
    }

    private func insert(_ inserted: [UInt8], into bytes: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var result = bytes
        result.insert(contentsOf: inserted, at: Int.random(in: 0...bytes.count, using: &random))
        return result
    }

    /// Wraps the content of a render block (or the whole text) in views nested many deep.
    private func nestRender(_ text: String, _ random: inout SplitMix) -> String {
        let depth = Self.nestings.randomElement(using: &random)!
        let (open, close) = Self.wrappers.randomElement(using: &random)!
        guard let block = text.range(of: "render {") else {
            return "scenario deep {\n  source R2; rules runtime; expect holds\n  render { "
                + String(repeating: open, count: depth) + "Counter(state: 0) @a" + String(repeating: close, count: depth)
                + " }\n  check a survives\n}\n" + text
        }
        return text.replacingCharacters(in: block, with: "render { " + String(repeating: open, count: depth) + "Counter(state: 0)"
            + String(repeating: close, count: depth) + "\n")
    }

    /// Parentheses, negations or quantifiers nested many deep around the `show` formula.
    private func nestFormula(_ text: String, _ random: inout SplitMix) -> String {
        guard let show = text.range(of: "show ") else { return text }
        let depth = Self.nestings.randomElement(using: &random)!
        let prefix: String
        switch Int.random(in: 0..<3, using: &random) {
        case 0: prefix = String(repeating: "(", count: depth)
        case 1: prefix = String(repeating: "!", count: depth)
        default: prefix = String(repeating: "exists i in p: ", count: depth)
        }
        return text.replacingCharacters(in: show, with: "show " + prefix)
    }

    /// A long chain of '&&', '||' or '=>' in front of the `show` formula.
    private func chain(_ text: String, _ random: inout SplitMix) -> String {
        guard let show = text.range(of: "show ") else { return text }
        let link = ["p.length >= 0 && ", "true || ", "p.length == 1 => ", "sameView(p, p) && "].randomElement(using: &random)!
        return text.replacingCharacters(in: show, with: "show " + String(repeating: link, count: Self.nestings.randomElement(using: &random)!))
    }

    private func replaceNumber(_ text: String, _ random: inout SplitMix) -> String {
        let digits = text.ranges(of: /-?[0-9]+/)
        guard let target = digits.randomElement(using: &random) else { return text }
        return text.replacingCharacters(in: target, with: Self.numbers.randomElement(using: &random)!)
    }

    /// A range ForEach (possibly nested) of a tricky size inside a render block.
    private func addRange(_ text: String, _ random: inout SplitMix) -> String {
        let count = [0, 1, 999, 9_999, 10_000, 10_001, 10_000_000].randomElement(using: &random)!
        let nesting = Int.random(in: 1...4, using: &random)
        let loop = String(repeating: "ForEach(0..<\(count)) { ", count: nesting) + "Row(state: 0)" + String(repeating: " }", count: nesting)
        guard let block = text.range(of: "render {") else { return text + "\nscenario ranges {\n  source R8; rules runtime; expect holds\n  render { \(loop) }\n}\n" }
        return text.replacingCharacters(in: block, with: "render {\n" + loop + "\n")
    }

    /// The `forall` of a lemma with a tricky number of paths.
    private func manyPaths(_ text: String, _ random: inout SplitMix) -> String {
        guard let forall = text.range(of: "forall ") else { return text }
        let count = [1, 7, 8, 9, 20, 30, 200].randomElement(using: &random)!
        let binders = (0..<count).map { "x\($0): path in \(Bool.random(using: &random) ? "before" : "after")" }.joined(separator: ", ")
        return text.replacingCharacters(in: forall, with: "forall \(binders), ")
    }

    /// Deletes, duplicates or swaps lines, or brings in a line of another item.
    private func editLines(_ text: String, _ random: inout SplitMix) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return text }
        let index = Int.random(in: 0..<lines.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: lines.remove(at: index)
        case 1: lines.insert(lines[index], at: index)
        case 2: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
        default:
            let other = items.randomElement(using: &random)!.split(separator: "\n").map(String.init)
            if let line = other.randomElement(using: &random) { lines.insert(line, at: index) }
        }
        return lines.joined(separator: "\n")
    }

    /// Every `@label` and the labels `set`/`check` name renamed alike, or one label given twice.
    private func relabel(_ text: String, _ random: inout SplitMix) -> String {
        let labels = text.ranges(of: /@[a-zA-Z_]+/)
        guard let target = labels.randomElement(using: &random) else { return text }
        let replacement = ["@a", "@row", "@é", "@", "@x\u{7}"].randomElement(using: &random)!
        return text.replacingCharacters(in: target, with: replacement)
    }
}
