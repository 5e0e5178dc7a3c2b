import Foundation

/// Structure-aware inputs for the lemma language and the render syntax: an item of the seed corpus
/// (the shipped lemma set, the malformed examples, the crash corpus) with one to three mutations
/// drawn from the edge cases that broke the front end before: deep nesting of views and formulas,
/// long chains, huge numbers and ranges, many paths, non-ASCII text, control bytes, CRLF, stray
/// bytes and truncation; and from the syntax added since: predicates (recursive, of the wrong
/// arity, deep or doubling chains), `use`, `mutate`, path quantifiers, invalidation headers,
/// `childOf` and many renders, byte-order marks, a long line of bad tokens. Some inputs also
/// import generated files (in cycles, missing, outside the lemma root) and some bring a rule-set
/// file for `--rules` (unknown options and values, bases in cycles). Input `n` of seed `s` is the
/// same on every run.
struct InputGenerator {
    /// The seed items, one lemma or scenario each (or a whole file that has none).
    let items: [String]
    let seed: UInt64
    /// The names of the seed items' lemmas, for `use`.
    let lemmaNames: [String]

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
        lemmaNames = items.flatMap { $0.matches(of: /lemma ([A-Za-z0-9_]+) \{/).map { String($0.output.1) } }
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
    func input(_ number: Int) -> FuzzInput {
        var random = SplitMix(seed: seed, number: number)
        var input = FuzzInput(main: mainFile(&random))
        if Int.random(in: 0..<5, using: &random) == 0 { addImports(to: &input, &random) }
        if Int.random(in: 0..<5, using: &random) == 0 { input.companions[FuzzInput.rulesPath] = rulesFile(&random) }
        return input
    }

    /// The lemma file under test: one or two items, mutated one to three times.
    private func mainFile(_ random: inout SplitMix) -> [UInt8] {
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
        ("Group { ", " }"), ("(", ").padding(1)"), ("LazyVStack { ", " }"), ("ForEach(0..<3) { ", " }"), ("(", ").id(7)"),
    ]

    private func mutate(_ bytes: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        switch Int.random(in: 0..<22, using: &random) {
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
        case 13: return Array(relabel(text, &random).utf8)
        case 14: return Array(callPredicate(text, &random).utf8)
        case 15: return Array(useLemma(text, &random).utf8)
        case 16: return Array(mutateStatement(text, &random).utf8)
        case 17: return Array(quantifyPaths(text, &random).utf8)
        case 18: return Array(invalidationHeaders(text, &random).utf8)
        case 19: return byteOrderMark(bytes, &random)
        case 20:
            // Bad tokens on one line (memory once grew with tokens times line length).
            let tokens = [") ", "] ", ", ", "== ", "@ ", "{ ", "=> ", ". ", "\\ "]
            let line = (0..<Int.random(in: 1_000...10_000, using: &random)).map { _ in tokens.randomElement(using: &random)! }.joined()
            return insert(Array(("\n" + line + "\n").utf8), into: bytes, &random)
        default: return Array(importLines(text, &random).utf8)
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

    private static let predicateDefinitions = [
        "predicate pf(a, b) = sameView(a, b) && forall i in a: a[i].slot == b[i].slot",
        "predicate pg(a) = pg(a)",
        "predicate pf(a, b) = pg(b, a)\npredicate pg(a, b) = pf(a, b)",
        "predicate sameView(a, b) = true",
        "predicate pf(a, b) = exists z: path in after: survives(a, z) && resets(b, z)",
        "predicate pe() = true",
        "predicate pd(a, a) = survives(a, a)",
        "predicate pk(a, b) = evaluated(a, after) && childOf(b, a)",
        "predicate pf(a, b) = exists i in a: a[i].key == b[i].key\npredicate pf(a, b) = true",
        "predicate pf(a, b) = p.length == 1",
        "predicate pf(a, b) =",
        "predicate (a) = true",
    ]
    private static let predicateCalls = [
        "pf(p, q)", "pf(q, p)", "pg(p)", "pf(p)", "pf(p, q, p)", "pf(1, p)", "pf(before, p)", "pe()", "pk(p, q)", "pd(p, p)",
        "!pf(p, q)", "pf(p, pf(p, q))", "nothing(p, q)", "c199(p, q)", "d24(p, q)",
    ]

    /// A predicate definition (or a chain of 200, or one doubling 25 times) and a call in front of
    /// the `show` formula or as an assumption.
    private func callPredicate(_ text: String, _ random: inout SplitMix) -> String {
        let definition: String
        switch Int.random(in: 0..<6, using: &random) {
        case 0: definition = "predicate c0(a, b) = sameView(a, b)\n" + (1..<200).map { "predicate c\($0)(a, b) = c\($0 - 1)(a, b)" }.joined(separator: "\n")
        case 1: definition = "predicate d0(a, b) = survives(a, b)\n" + (1..<25).map { "predicate d\($0)(a, b) = d\($0 - 1)(a, b) && d\($0 - 1)(b, a)" }.joined(separator: "\n")
        default: definition = Self.predicateDefinitions.randomElement(using: &random)!
        }
        let call = Self.predicateCalls.randomElement(using: &random)!
        var result = text
        if let show = result.range(of: "show ") {
            result.replaceSubrange(show, with: Bool.random(using: &random) ? "show \(call) && " : "assume \(call)\n  show ")
        }
        return Bool.random(using: &random) ? definition + "\n" + result : result + "\n" + definition + "\n"
    }

    /// A `use` of a lemma of the corpus, of the item's own lemma (a cycle) or of no lemma, with
    /// any number of arguments.
    private func useLemma(_ text: String, _ random: inout SplitMix) -> String {
        guard let show = text.range(of: "show ") else { return text }
        let own = text.firstMatch(of: /lemma ([A-Za-z0-9_]+) \{/).map { String($0.output.1) }
        let name = [lemmaNames.randomElement(using: &random), own, "no_such_lemma", "seed001_experiment_1"].compactMap { $0 }.randomElement(using: &random)!
        let arguments = ["", "p", "p, q", "q, p", "p, q, p", "p, 1", "before, after"].randomElement(using: &random)!
        return text.replacingCharacters(in: show, with: "use \(name)(\(arguments))\n  show ")
    }

    /// `mutate` statements, valid or not, and `p.set` in the conclusion.
    private func mutateStatement(_ text: String, _ random: inout SplitMix) -> String {
        guard let show = text.range(of: "show ") else { return text }
        let statement = ["mutate p", "mutate p, q", "mutate q", "mutate p\n  mutate p", "mutate zz", "mutate before", "mutate", "mutate p,"]
            .randomElement(using: &random)!
        let conclusion = ["", "p.set == q.state || ", "q.set == 3 && ", "p.set + 1 == p.state => "].randomElement(using: &random)!
        return text.replacingCharacters(in: show, with: "\(statement)\n  show \(conclusion)")
    }

    /// Path quantifiers in front of the `show` formula, in either position, some nested many deep.
    private func quantifyPaths(_ text: String, _ random: inout SplitMix) -> String {
        guard let show = text.range(of: "show ") else { return text }
        let quantifier = [
            "forall z: path in after: ", "exists z: path in before: ", "!exists z: path in after: survives(p, z) => ",
            "(forall z: path in after: resets(p, z)) <=> ", "forall p: path in after: ", "exists i in p: forall z: path in after: ",
            "forall z: path in nowhere: ", "true && forall z: path in after: ", "exists z: path in after: survives(z, p) && ",
        ].randomElement(using: &random)!
        let depth = Bool.random(using: &random) ? 1 : Self.nestings.randomElement(using: &random)!
        return text.replacingCharacters(in: show, with: "show " + String(repeating: quantifier, count: depth))
    }

    /// The invalidation header, the `renders` list or a `childOf` assumption changed.
    private func invalidationHeaders(_ text: String, _ random: inout SplitMix) -> String {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let count = [1, 2, 3, 6, 7, 40].randomElement(using: &random)!
            var names = (0..<count).map { "r\($0)" }
            if Bool.random(using: &random) { names.append(names[0]) }
            let list = names.joined(separator: ", ") + (Bool.random(using: &random) ? ", any program" : "")
            if let renders = text.firstRange(of: /renders [^\n]*/) { return text.replacingCharacters(in: renders, with: "renders " + list) }
            return text.replacingOccurrences(of: "forall ", with: "renders \(list)\n  forall ")
        case 1:
            let name = ["runtime", "seed003", "design", "layoutsPending", "bogus", "runtime invalidation runtime", ""].randomElement(using: &random)!
            if let header = text.firstRange(of: /invalidation [A-Za-z0-9_]+/) { return text.replacingCharacters(in: header, with: "invalidation " + name) }
            return text.replacingOccurrences(of: "rules runtime", with: "rules runtime; invalidation \(name)")
        default:
            guard let show = text.range(of: "show ") else { return text }
            let assumption = ["childOf(q, p)", "childOf(p, p)", "childOf(p)", "childOf(q, p) && childOf(p, q)", "stateRead(p, after) && !signalled(q, before)"]
                .randomElement(using: &random)!
            return text.replacingCharacters(in: show, with: "assume \(assumption)\n  show ")
        }
    }

    /// A UTF-8 byte-order mark at the start (once or twice) or anywhere else.
    private func byteOrderMark(_ bytes: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return mark + bytes
        case 1: return mark + mark + bytes
        default: return insert(mark, into: bytes, &random)
        }
    }

    private static let importTargets = [
        "a.lemma", "sub/b.lemma", "../a.lemma", "b.lemma", "../outside.lemma", "../../outside.lemma", "fuzz.lemma", "../fuzz.lemma",
        "missing.lemma", "/etc/hostname", "", ".", "sub", "../run.rules", "a.lemma\u{0}", "é.lemma",
        String(repeating: "../", count: 300) + "a.lemma",
    ]

    /// `import` lines at the top (the files they name exist only when `addImports` made them).
    private func importLines(_ text: String, _ random: inout SplitMix) -> String {
        let lines = (0..<Int.random(in: 1...3, using: &random)).map { _ in "import \"\(Self.importTargets.randomElement(using: &random)!)\"" }
        return lines.joined(separator: "\n") + "\n" + text
    }

    /// One to three files around the main one (inside the lemma root, in a subfolder of it, or
    /// outside it), each an item with predicates and imports of its own, and imports of them in
    /// the main file: cycles, missing files and escapes from the root among them.
    private func addImports(to input: inout FuzzInput, _ random: inout SplitMix) {
        let places = ["lemmas/a.lemma", "lemmas/sub/b.lemma", "outside.lemma"]
        for place in places.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)) {
            var text = importLines(items.randomElement(using: &random)!, &random)
            if Bool.random(using: &random) { text = Self.predicateDefinitions.randomElement(using: &random)! + "\n" + text }
            var bytes = Array(text.utf8)
            if Int.random(in: 0..<3, using: &random) == 0 { bytes = mutate(bytes, &random) }
            input.companions[place] = bytes
        }
        input.main = Array(importLines(String(decoding: input.main, as: UTF8.self), &random).utf8)
    }

    private static let ruleOptions = [
        "anyView", "lazyRetention", "lazyEviction", "atomicBodyReads", "retainingContainers", "mutation", "customEquality",
        "closures", "bindings", "layouts", "invalidationMutation", "bogus", "",
    ]
    private static let ruleValues = [
        "erasedType", "opaque", "true", "false", "[LazyVStack, List]", "[]", "[VStack, VStack]", "[Bogus]", "neverEqual", "byContext",
        "locationAndValue", "locationOnly", "ready", "pending", "unlessPOD", "onlyEquatableView", "1", "\"x\"", "[", "", "none",
    ]
    private static let ruleBases = [
        "runtime", "documented", "ios18_0", "ios18_4", "evicting", "seed003", "design", "layoutsPending", "nothing", "",
        "runtime invalidation design", "documented invalidation seed003",
    ]

    /// A rule-set file of one to three blocks `b0`, `b1`, `b2`, whose bases may be each other
    /// (in cycles) or no rule set, with options and values valid or not; sometimes with a
    /// byte-order mark, a mutation, or not a rule-set file at all.
    private func rulesFile(_ random: inout SplitMix) -> [UInt8] {
        var blocks: [String] = []
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let name = Int.random(in: 0..<8, using: &random) == 0 ? ["runtime", "b0", "", "1"].randomElement(using: &random)! : "b\(index)"
            let options = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                "    \(Self.ruleOptions.randomElement(using: &random)!): \(Self.ruleValues.randomElement(using: &random)!)"
            }
            let base = Bool.random(using: &random) ? "b\(Int.random(in: 0...2, using: &random))" : Self.ruleBases.randomElement(using: &random)!
            blocks.append("rules \(name) from \(base) {\n" + options.joined(separator: "\n") + "\n}")
        }
        var bytes = Array(blocks.joined(separator: "\n").utf8)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: bytes = [0xEF, 0xBB, 0xBF] + bytes
        case 1: bytes = mutate(bytes, &random)
        case 2: bytes = Array(items.randomElement(using: &random)!.utf8)
        default: break
        }
        return bytes
    }
}
