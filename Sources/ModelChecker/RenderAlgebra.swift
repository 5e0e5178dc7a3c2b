import IdentityModel

/// What to build for each construct while enumerating the renders of a program: `Render` values,
/// or compact summaries for the checker. Both walk the choices in the same order.
protocol RenderAlgebra {
    associatedtype Value
    func stateful(_ type: ViewType, label: String?, initialValue: Int) -> Value
    func leaf(_ type: ViewType) -> Value
    func tuple(_ children: [Value]) -> Value
    func conditional(arm: Bool, active: Value, inactive: Program, readsTwice: Bool, transient: Bool) -> Value
    func optional(_ content: Program, _ value: Value?) -> Value
    func forEach(_ source: KeySource, content: Program, keys: [Key], row: Value?) -> Value
    func explicitID(_ id: Key, _ content: Value) -> Value
    func modified(_ content: Value, _ modifier: Modifier, value: Int) -> Value
    func anyView(_ content: Value, erased: ViewType) -> Value
    func container(_ kind: ContainerKind, _ content: Value) -> Value
}

extension ProgramEnumerator {
    /// Every render of `program` built with `algebra`: initial values of stateful views, arms,
    /// optional presence, `ForEach` rows (distinct keys, one shared content render), `.id` values
    /// from the key values, modifier values 0 and 1.
    func enumerate<A: RenderAlgebra>(_ program: Program, _ algebra: A, cache: EnumerationCache<A.Value>? = nil) -> [A.Value] {
        switch program {
        case .leaf, .stateful: break
        default:
            if let cache { return cache.values(of: program) { enumerate(program, algebra, cacheBelow: cache) } }
        }
        return enumerate(program, algebra, cacheBelow: cache)
    }

    /// `enumerate(_:_:cache:)` of `program` itself, with `cache` for its parts only.
    func enumerate<A: RenderAlgebra>(_ program: Program, _ algebra: A, cacheBelow cache: EnumerationCache<A.Value>?) -> [A.Value] {
        switch program {
        case .leaf(let type): return [algebra.leaf(type)]
        case let .stateful(type, label):
            return (0..<bounds.initialValues).map { algebra.stateful(type, label: label, initialValue: $0) }
        case .tuple(let children):
            // Every choice of one render per child, the last child's varying fastest.
            let options = children.map { enumerate($0, algebra, cache: cache) }
            guard !options.contains(where: { $0.isEmpty }) else { return [] }
            var result: [A.Value] = []
            result.reserveCapacity(options.reduce(1) { $0 * $1.count })
            var choice = Array(repeating: 0, count: options.count)
            while true {
                result.append(algebra.tuple(options.indices.map { options[$0][choice[$0]] }))
                var position = options.count - 1
                while position >= 0, choice[position] == options[position].count - 1 {
                    choice[position] = 0
                    position -= 1
                }
                guard position >= 0 else { return result }
                choice[position] += 1
            }
        case let .conditional(then, otherwise, readsTwice):
            // A twice-read condition may also see a transient value during the render (Finding 4).
            let reads = readsTwice ? [false, true] : [false]
            return reads.flatMap { transient in
                enumerate(then, algebra, cache: cache).map {
                    algebra.conditional(arm: true, active: $0, inactive: otherwise, readsTwice: readsTwice, transient: transient)
                }
                    + enumerate(otherwise, algebra, cache: cache).map {
                        algebra.conditional(arm: false, active: $0, inactive: then, readsTwice: readsTwice, transient: transient)
                    }
            }
        case .optional(let content):
            return [algebra.optional(content, nil)] + enumerate(content, algebra, cache: cache).map { algebra.optional(content, $0) }
        case let .forEach(source, content):
            let rows = enumerate(content, algebra, cache: cache)
            return keySequences(source).flatMap { keys in
                keys.isEmpty
                    ? [algebra.forEach(source, content: content, keys: [], row: nil)]
                    : rows.map { algebra.forEach(source, content: content, keys: keys, row: $0) }
            }
        case .explicitID(let content):
            let contents = enumerate(content, algebra, cache: cache)
            return bounds.keys.flatMap { key in contents.map { algebra.explicitID(key, $0) } }
        case let .modified(content, modifier):
            let contents = enumerate(content, algebra, cache: cache)
            return [0, 1].flatMap { value in contents.map { algebra.modified($0, modifier, value: value) } }
        case .anyView(let content):
            let contents = bounds.anyViewContents ? siblingVariants(of: content) : [content]
            return contents.flatMap { content in
                let erased = content.staticType
                return enumerate(content, algebra, cache: cache).map { algebra.anyView($0, erased: erased) }
            }
        case let .container(kind, content): return enumerate(content, algebra, cache: cache).map { algebra.container(kind, $0) }
        }
    }

    /// `program` and every program that differs from it only in tuple siblings (each a stateful
    /// leaf or an optional one), `program` first: the contents `--any-view-contents` lets an
    /// `AnyView` wrap.
    func siblingVariants(of program: Program) -> [Program] {
        let sibling = Program.stateful(bounds.viewTypeTags[0], label: nil)
        switch program {
        case .leaf, .stateful: return [program]
        case .tuple(let children):
            var result: [[Program]] = [[]]
            for child in children {
                let options = child == sibling || child == .optional(sibling) ? [child, child == sibling ? .optional(sibling) : sibling]
                    : siblingVariants(of: child)
                result = result.flatMap { prefix in options.map { prefix + [$0] } }
            }
            return result.map(Program.tuple)
        case let .conditional(then, otherwise, readsTwice):
            return siblingVariants(of: then).map { .conditional(then: $0, else: otherwise, readsTwice: readsTwice) }
        case .optional(let content): return siblingVariants(of: content).map(Program.optional)
        case let .forEach(source, content): return siblingVariants(of: content).map { .forEach(source, content: $0) }
        case .explicitID(let content): return siblingVariants(of: content).map(Program.explicitID)
        case let .modified(content, modifier): return siblingVariants(of: content).map { .modified($0, modifier) }
        case .anyView: return [program]
        case let .container(kind, content): return siblingVariants(of: content).map { .container(kind, $0) }
        }
    }

    /// The row key sequences of a `ForEach`: distinct keys (or, with `duplicateKeys`, any keys), at
    /// most `branching` rows.
    func keySequences(_ source: KeySource) -> [[Key]] {
        if source.keysAreOffsets { return (0...bounds.branching).map { (0..<$0).map(Key.int) } }
        var result: [[Key]] = [[]]
        var frontier: [[Key]] = [[]]
        for _ in 0..<(bounds.duplicateKeys ? bounds.branching : min(bounds.branching, bounds.keyValues)) {
            frontier = frontier.flatMap { prefix in bounds.keys.filter { bounds.duplicateKeys || !prefix.contains($0) }.map { prefix + [$0] } }
            result += frontier
        }
        return result
    }
}

/// Builds `Render` values.
struct RenderBuilder: RenderAlgebra {
    func stateful(_ type: ViewType, label: String?, initialValue: Int) -> Render {
        .stateful(type, initialValue: initialValue, label: label)
    }
    func leaf(_ type: ViewType) -> Render { .leaf(type) }
    func tuple(_ children: [Render]) -> Render { .tuple(children) }
    func conditional(arm: Bool, active: Render, inactive: Program, readsTwice: Bool, transient: Bool) -> Render {
        .conditional(arm: arm, active: active, inactive: inactive, readsTwice: readsTwice, transient: transient)
    }
    func optional(_ content: Program, _ value: Render?) -> Render { .optional(content, value) }
    func forEach(_ source: KeySource, content: Program, keys: [Key], row: Render?) -> Render {
        .forEach(source, content: content, rows: row.map { row in keys.map { ForEachRow(key: $0, content: row) } } ?? [])
    }
    func explicitID(_ id: Key, _ content: Render) -> Render { .explicitID(id, content) }
    func modified(_ content: Render, _ modifier: Modifier, value: Int) -> Render { .modified(content, modifier, value: value) }
    func anyView(_ content: Render, erased: ViewType) -> Render { .anyView(content) }
    func container(_ kind: ContainerKind, _ content: Render) -> Render { .container(kind, content) }
}
