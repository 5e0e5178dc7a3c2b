import IdentityModel
import Invalidation

/// Looks for misspelt view types across the renders of a scenario: a type written in one render
/// only, within a small edit distance of a type another render writes, is likely a typo that made
/// a new type (and so a new identity). A type written in one render only with no name that close
/// is taken as a view inserted on purpose and gets no warning, and so are numbered names.
enum ViewTypeSpelling {
    /// The most edits (insertions, deletions, substitutions, swaps of neighbours) between two names
    /// of these lengths for one to count as a misspelling of the other: none below three
    /// characters, one up to six, two from seven.
    static func maximumDistance(_ a: String, _ b: String) -> Int { min(2, (max(a.count, b.count) + 1) / 4) }

    /// The most distinct view types a scenario's renders may write for W002 to be looked for.
    static let maximumTypes = 500
    /// The longest type name W002 compares.
    static let maximumNameLength = 64

    /// W002 for each type written in exactly one of `renders` (each a block and the types it
    /// writes) whose nearest name in another render is within `maximumDistance`. When both names of
    /// a pair are each in one render only, only the one in the later render is warned about.
    static func warnings(renders: [(block: RawBlock, types: Set<ViewType>)]) -> [Diagnostic] {
        guard renders.count > 1 else { return [] }
        var rendersOf: [String: [Int]] = [:]
        for (index, render) in renders.enumerated() {
            for type in render.types where type != .emptyView && type.rawValue.count <= maximumNameLength {
                rendersOf[type.rawValue, default: []].append(index)
            }
        }
        // Every name is compared with every other: past this many the check would cost more than it is worth.
        guard rendersOf.count <= maximumTypes else { return [] }
        var diagnostics: [Diagnostic] = []
        for (name, indices) in rendersOf.sorted(by: { $0.key < $1.key }) where indices.count == 1 {
            let render = indices[0]
            let near = rendersOf
                .compactMap { other, otherIndices -> (name: String, distance: Int, renders: [Int])? in
                    guard other != name, otherIndices.contains(where: { $0 != render }), !areNumbered(name, other) else { return nil }
                    guard let distance = distance(name, other, limit: maximumDistance(name, other)) else { return nil }
                    // Of two names each in one render only, the later render's is the suspect.
                    if otherIndices.count == 1, otherIndices[0] > render { return nil }
                    return (other, distance, otherIndices)
                }
                .min { ($0.distance, $0.name) < ($1.distance, $1.name) }
            guard let near, let location = firstOccurrence(of: name, in: renders[render].block) else { continue }
            let others = near.renders.filter { $0 != render }.map { "\($0 + 1)" }
            var notes = [Diagnostic.Note(
                "'\(near.name)' is written in render\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")); "
                    + "a type no other render writes is a new type, so its view gets a new identity")]
            if let nearLocation = firstOccurrence(of: near.name, in: renders[near.renders.first { $0 != render } ?? render].block) {
                notes.append(Diagnostic.Note("'\(near.name)' is written here", at: nearLocation))
            }
            diagnostics.append(Diagnostic(
                .viewTypeInOneRender,
                "view type '\(name)' appears only in render \(render + 1) of \(renders.count); did you mean '\(near.name)'?",
                at: location, notes: notes))
        }
        return diagnostics
    }

    /// Whether two names differ only in a trailing number (`View0` and `View1`, `Row` and `Row2`):
    /// numbered types are distinct on purpose (the checker's counterexamples write them so).
    static func areNumbered(_ a: String, _ b: String) -> Bool {
        func stem(_ name: String) -> Substring {
            var stem = Substring(name)
            while let last = stem.last, last.isASCII, last.isNumber { stem = stem.dropLast() }
            return stem
        }
        return stem(a) == stem(b)
    }

    /// Every view type a program writes, in taken and untaken arms alike.
    static func types(of program: Program) -> Set<ViewType> {
        switch program {
        case .leaf(let type), .stateful(let type, _): return [type]
        case .tuple(let children): return children.reduce(into: []) { $0.formUnion(types(of: $1)) }
        case let .conditional(then, otherwise, _): return types(of: then).union(types(of: otherwise))
        case .optional(let content), .forEach(_, let content), .explicitID(let content), .modified(let content, _),
            .anyView(let content), .container(_, let content):
            return types(of: content)
        }
    }

    /// Every view type of a view tree (an invalidation scenario's render).
    static func types(of node: ViewNode) -> Set<ViewType> {
        node.children.reduce(into: [node.value.type]) { $0.formUnion(types(of: $1)) }
    }

    /// The number of insertions, deletions, substitutions and swaps of neighbouring characters
    /// that turn `a` into `b` (optimal string alignment), or `nil` when it exceeds `limit`. Only
    /// the band of `limit` cells either side of the diagonal is computed, so a comparison costs
    /// the length times `2 limit + 1`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return nil }
        let beyond = limit + 1
        var previous2 = [Int](repeating: beyond, count: b.count + 1)
        var previous = (0...b.count).map { $0 <= limit ? $0 : beyond }
        for i in stride(from: 1, through: a.count, by: 1) {
            var row = [Int](repeating: beyond, count: b.count + 1)
            if i <= limit { row[0] = i }
            for j in stride(from: max(1, i - limit), through: min(b.count, i + limit), by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, previous2[j - 2] + 1) }
                row[j] = min(best, beyond)
            }
            previous2 = previous
            previous = row
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// Where `name` is first written in `block` as a whole word, outside string literals and `//`
    /// comments.
    static func firstOccurrence(of name: String, in block: RawBlock) -> SourceLocation? {
        let text = block.text
        var index = text.startIndex
        func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                index = text[text.index(after: index)...].firstIndex { $0 == "\"" || $0.isNewline }.map { text.index(after: $0) }
                    ?? text.endIndex
            } else if text[index...].hasPrefix("//") {
                index = text[index...].firstIndex(where: \.isNewline) ?? text.endIndex
            } else if isWordCharacter(character) {
                let end = text[index...].firstIndex { !isWordCharacter($0) } ?? text.endIndex
                if text[index..<end] == name { return block.location(of: index) }
                index = end
            } else {
                index = text.index(after: index)
            }
        }
        return nil
    }
}
