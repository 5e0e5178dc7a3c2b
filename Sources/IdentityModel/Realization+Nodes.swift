/// The realization of one node of the program at a time.
///
/// A node is realized for all its instances at once: the renders of the program, or at a node below
/// a `ForEach` every row of every render. Each instance holds the specs that pass it (all have taken
/// `depth` steps), and the node's renders are renders of one program, so every row of a `ForEach` is
/// a render of its content program and every render a render of the root program.
extension Realization {
    /// A realized tuple or `ForEach` has fewer children than this; a larger slot or offset would only
    /// make an unreadable render, so it is reported as unrealizable.
    package static let widthLimit = 1000

    /// The node's program and one render of it per instance. An instance no spec passes repeats the
    /// first render some spec passes, or is `armFiller` when no spec passes the node at all: the
    /// arm of an `if` no path takes is `Spacer`, or `EmptyView` where the `if` must show nothing.
    static func realize(
        _ instances: [[RealizationSpec]], depth: Int, armFiller: ViewType = .spacer
    ) throws -> (program: Program, renders: [Render]) {
        let bound = instances.filter { !$0.isEmpty }
        let renders = try bound.isEmpty ? [] : node(bound, depth: depth, armFiller: armFiller)
        let filler = renders.first ?? .leaf(armFiller)
        return (filler.program, spread(renders, over: instances, filler: filler))
    }

    /// `renders`, one per instance a spec passes, in order, and `filler` for each other instance.
    private static func spread(_ renders: [Render], over instances: [[RealizationSpec]], filler: Render) -> [Render] {
        var next = renders.makeIterator()
        return instances.map { $0.isEmpty ? filler : next.next() ?? filler }
    }

    /// One render per instance, each passed by at least one spec.
    private static func node(_ instances: [[RealizationSpec]], depth: Int, armFiller: ViewType) throws -> [Render] {
        let specs = Array(instances.joined())
        if let ending = specs.first(where: { $0.steps.count == depth }) { return try leaves(instances, like: ending, depth: depth) }
        let steps = specs.map { $0.steps[depth] }
        let shape = nodeShape(steps[0])
        if let other = steps.first(where: { nodeShape($0) != shape }) {
            throw RealizationError(step: depth, message: "paths pass both \(steps[0]) and \(other) at one node")
        }
        switch shape {
        case .tuple:
            return try tuples(instances, depth: depth, armFiller: armFiller)
        case .conditional(_, let readsTwice, _):
            let arms = try instances.map { specs in
                try agreed(specs.map { try conditionalFields($0.steps[depth], depth).arm }, depth, "arms of one if")
            }
            let thens = try realize(zip(instances, arms).map { $1 ? $0 : [] }, depth: depth + 1, armFiller: armFiller)
            let elses = try realize(zip(instances, arms).map { $1 ? [] : $0 }, depth: depth + 1, armFiller: armFiller)
            return try instances.indices.map { index in
                let transient = try agreed(
                    instances[index].map { try conditionalFields($0.steps[depth], depth).transient }, depth, "transient flags")
                let arm = arms[index]
                return .conditional(
                    arm: arm, active: arm ? thens.renders[index] : elses.renders[index],
                    inactive: arm ? elses.program : thens.program, readsTwice: readsTwice, transient: transient)
            }
        case .optional:
            let content = try realize(instances, depth: depth + 1, armFiller: armFiller)
            return content.renders.map { .optional(content.program, $0) }
        case .forEach(let source, _, _):
            return try forEaches(instances, source: source, depth: depth, armFiller: armFiller)
        case .explicitID:
            return try zip(instances, realize(instances, depth: depth + 1, armFiller: armFiller).renders).map { specs, content in
                let id = try agreed(specs.map { try field($0.steps[depth], depth) { if case .explicitID(let id) = $0 { id } else { nil } } }, depth, "ids")
                return .explicitID(id, content)
            }
        case .modified(let modifier, _):
            return try zip(instances, realize(instances, depth: depth + 1, armFiller: armFiller).renders).map { specs, content in
                let values = try specs.map { try field($0.steps[depth], depth) { if case .modified(_, let value) = $0 { value } else { nil } } }
                return .modified(content, modifier, value: try agreed(values, depth, "values of \(modifier)"))
            }
        case .anyView:
            // The erased type is whatever the realized content is: a solver's path names it only
            // as a number (the static type of the content only as far as the paths determine it),
            // so replay compares paths without it and re-reads the real type.
            return try realize(instances, depth: depth + 1, armFiller: armFiller).renders.map { .anyView($0) }
        case .container(let container):
            return try realize(instances, depth: depth + 1, armFiller: armFiller).renders.map { .container(container, $0) }
        }
    }

    /// What every path through one node of the program has in common: the static fields, except the
    /// tuple slot and the `if` arm, which choose a child, and `AnyView`'s erased type, which is read
    /// off the realized content.
    private static func nodeShape(_ step: PathStep) -> PathStep {
        switch step.staticPart {
        case .tuple: return .tuple(slot: 0, presentBefore: 0)
        case .conditional(_, let readsTwice, _): return .conditional(arm: false, readsTwice: readsTwice)
        case .anyView: return .anyView(erased: .anyView)
        case let shape: return shape
        }
    }

    /// A field of `step`, whose kind the node's shape has fixed: `read` gives nil only for a step of
    /// another kind, which the shape check has already excluded.
    private static func field<Value>(_ step: PathStep, _ depth: Int, _ read: (PathStep) -> Value?) throws -> Value {
        guard let value = read(step) else {
            throw RealizationError(step: depth, message: "a path passes \(step) where the others pass another construct")
        }
        return value
    }

    private static func tupleFields(_ step: PathStep, _ depth: Int) throws -> (slot: Int, presentBefore: Int) {
        try field(step, depth) { if case .tuple(let slot, let presentBefore) = $0 { (slot, presentBefore) } else { nil } }
    }

    private static func conditionalFields(_ step: PathStep, _ depth: Int) throws -> (arm: Bool, transient: Bool) {
        try field(step, depth) { if case .conditional(let arm, _, let transient) = $0 { (arm, transient) } else { nil } }
    }

    private static func rowFields(_ step: PathStep, _ depth: Int) throws -> (key: Key, offset: Int) {
        try field(step, depth) { if case .forEach(_, let key, let offset) = $0 { (key, offset) } else { nil } }
    }

    /// The one value the paths of one instance give a dynamic field: one render has one value.
    private static func agreed<Value: Equatable>(_ values: [Value], _ depth: Int, _ what: String) throws -> Value {
        guard let first = values.first, values.allSatisfy({ $0 == first }) else {
            throw RealizationError(step: depth, message: "one render cannot have different \(what) here")
        }
        return first
    }

    /// The stateful leaf every spec ends at, of the type of `ending`'s. Its label is in the program,
    /// so when specs with different labels end here it is `view`.
    private static func leaves(_ instances: [[RealizationSpec]], like ending: RealizationSpec, depth: Int) throws -> [Render] {
        let specs = Array(instances.joined())
        let leaf = ending.leaf
        if let other = specs.first(where: { $0.steps.count != depth || $0.leaf != leaf }) {
            let what = other.steps.count == depth ? "ends at a \(other.leaf)" : "passes \(other.steps[depth])"
            throw RealizationError(step: depth, message: "a path ends at a \(leaf) where another \(what)")
        }
        let label = Set(specs.map(\.label)).count == 1 ? ending.label : "view"
        return try instances.map { specs in
            .stateful(leaf, initialValue: try agreed(specs.map(\.initial), depth, "initial values of one view"), label: label)
        }
    }

    /// A tuple per instance holding every slot some path passes, with optional `Spacer`s at the other
    /// slots below the last and a trailing `Spacer` when only slot 0 is passed.
    private static func tuples(_ instances: [[RealizationSpec]], depth: Int, armFiller: ViewType) throws -> [Render] {
        let slots = Set(try instances.joined().map { try tupleFields($0.steps[depth], depth).slot })
        guard let lowest = slots.min(), let highest = slots.max(), lowest >= 0, highest < widthLimit else {
            throw RealizationError(step: depth, message: "tuple slots \(slots.sorted()) are out of range")
        }
        func contents(armFiller: ViewType) throws -> [Int: [Render]] {
            var contents: [Int: [Render]] = [:]
            for slot in slots {
                let passing = try instances.map { try $0.filter { try tupleFields($0.steps[depth], depth).slot == slot } }
                contents[slot] = try realize(passing, depth: depth + 1, armFiller: armFiller).renders
            }
            return contents
        }
        func tuples(_ contents: [Int: [Render]]) throws -> [Render] {
            try instances.indices.map { index in
                var children = (0...max(highest, 1)).map { slot in
                    contents[slot]?[index] ?? (slot > highest ? .leaf(.spacer) : .optional(.leaf(.spacer), nil))
                }
                try setPresence(&children, for: instances[index], contents: contents, depth: depth)
                return .tuple(children)
            }
        }
        let first = try contents(armFiller: armFiller)
        do {
            return try tuples(first)
        } catch is RealizationError where armFiller != .emptyView {
            // A repeated `if` whose other arm no path takes can show nothing only if that arm does.
            return try tuples(try contents(armFiller: .emptyView))
        }
    }

    /// Shows or hides the children no path of this instance passes so that each passed slot has its
    /// `presentBefore` present siblings before it: the lowest optional `Spacer`s are shown, or the
    /// lowest repeated contents that have an absent render are hidden.
    private static func setPresence(
        _ children: inout [Render], for specs: [RealizationSpec], contents: [Int: [Render]], depth: Int
    ) throws {
        var required: [Int: Int] = [:]
        for (slot, presentBefore) in try specs.map({ try tupleFields($0.steps[depth], depth) }) {
            if let known = required[slot], known != presentBefore {
                throw RealizationError(
                    step: depth, message: "one render cannot have \(known) and \(presentBefore) siblings before slot \(slot)")
            }
            required[slot] = presentBefore
        }
        var start = 0
        for (target, presentBefore) in required.sorted(by: { $0.key < $1.key }) {
            var surplus = children[..<target].filter(\.isPresent).count - presentBefore
            for slot in start..<target where surplus != 0 {
                if surplus > 0, contents[slot] != nil, let absent = absentRender(of: children[slot].program) {
                    children[slot] = absent
                    surplus -= 1
                } else if surplus < 0, contents[slot] == nil {
                    children[slot] = .optional(.leaf(.spacer), .leaf(.spacer))
                    surplus += 1
                }
            }
            guard surplus == 0 else {
                throw RealizationError(step: depth, message: "slot \(target) cannot have \(presentBefore) present siblings before it")
            }
            start = target + 1
        }
    }

    /// A render of `program` that shows nothing, if there is one.
    private static func absentRender(of program: Program) -> Render? {
        switch program {
        case .optional(let content): return .optional(content, nil)
        case let .forEach(source, content) where source != .constantRange: return .forEach(source, content: content, rows: [])
        case .leaf(.emptyView): return .leaf(.emptyView)
        case .tuple(let children):
            let absent = children.compactMap(absentRender(of:))
            return absent.count == children.count ? .tuple(absent) : nil
        case let .conditional(then, otherwise, readsTwice):
            if let absent = absentRender(of: then) {
                return .conditional(arm: true, active: absent, inactive: otherwise, readsTwice: readsTwice, transient: false)
            }
            return absentRender(of: otherwise).map {
                .conditional(arm: false, active: $0, inactive: then, readsTwice: readsTwice, transient: false)
            }
        default: return nil
        }
    }

    /// A `ForEach` per instance with a row at each offset a path passes, keyed as the path says, and
    /// filler rows below the last, with fresh keys and the content of the instance's first row a path
    /// passes; a constant range has as many rows in every instance. All rows a path passes, in all
    /// instances, are realized as instances of the content.
    private static func forEaches(
        _ instances: [[RealizationSpec]], source: KeySource, depth: Int, armFiller: ViewType
    ) throws -> [Render] {
        let keyed = try instances.map { try rowKeys($0, source: source, depth: depth) }
        let longest = keyed.map { ($0.keys.max() ?? -1) + 1 }.max() ?? 0
        let rows = try zip(instances, keyed).map { specs, keys in
            try (0..<(source == .constantRange ? longest : (keys.keys.max() ?? -1) + 1)).map { offset in
                try specs.filter { try rowFields($0.steps[depth], depth).offset == offset }
            }
        }
        let content = try realize(rows.flatMap { $0.filter { !$0.isEmpty } }, depth: depth + 1, armFiller: armFiller)
        var remaining = content.renders[...]
        return zip(rows, keyed).map { rows, keys in
            let passed = Array(remaining.prefix(rows.filter { !$0.isEmpty }.count))
            remaining = remaining.dropFirst(passed.count)
            let contents = spread(passed, over: rows, filler: passed.first ?? .leaf(armFiller))
            let rowKeys = filledKeys(keys, count: rows.count, source: source)
            return .forEach(source, content: content.program, rows: zip(rowKeys, contents).map(ForEachRow.init))
        }
    }

    /// The key of each row the paths of one instance pass, by offset.
    private static func rowKeys(_ specs: [RealizationSpec], source: KeySource, depth: Int) throws -> [Int: Key] {
        var keys: [Int: Key] = [:]
        var offsets: [Key: Int] = [:]
        for (key, offset) in try specs.map({ try rowFields($0.steps[depth], depth) }) {
            guard offset >= 0, offset < widthLimit else {
                throw RealizationError(step: depth, message: "row offset \(offset) is out of range")
            }
            if source.keysAreOffsets, key != .int(offset) {
                throw RealizationError(step: depth, message: "a \(source) ForEach row's key must be its offset \(offset)")
            }
            if let other = keys[offset], other != key {
                throw RealizationError(step: depth, message: "one render cannot have keys \(other) and \(key) at offset \(offset)")
            }
            if let other = offsets[key], other != offset {
                throw RealizationError(step: depth, message: "one render cannot have key \(key) at offsets \(other) and \(offset)")
            }
            keys[offset] = key
            offsets[key] = offset
        }
        return keys
    }

    /// The keys of `count` rows: the given ones, and at other offsets the offset itself for index
    /// keys or else the first unused keys of the kind of the row with the lowest given offset.
    private static func filledKeys(_ keys: [Int: Key], count: Int, source: KeySource) -> [Key] {
        let used = Set(keys.values)
        var isString = false
        if let lowest = keys.keys.min(), case .string = keys[lowest] { isString = true }
        var candidate = 0
        func fresh() -> Key {
            while true {
                let key: Key = isString ? .string("k\(candidate)") : .int(candidate)
                candidate += 1
                if !used.contains(key) { return key }
            }
        }
        return (0..<count).map { offset in keys[offset] ?? (source.keysAreOffsets ? .int(offset) : fresh()) }
    }
}
