import IdentityModel

/// Seeded random programs and renders that respect where the syntax can write each construct.
struct RandomRenders {
    private var seed: UInt64

    init(seed: UInt64) { self.seed = seed }

    private mutating func next(_ bound: Int) -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int((seed >> 33) % UInt64(bound))
    }

    private mutating func bool() -> Bool { next(2) == 0 }

    /// A program of at most `depth` levels; `inBlock` allows a tuple (a `@ViewBuilder` block).
    mutating func program(depth: Int, inBlock: Bool = true) -> Program {
        let leaves: [Program] = [.leaf(.text), .leaf(.spacer), .stateful("Counter", label: nil), .stateful("Toggle", label: "t")]
        if depth <= 1 { return leaves[next(leaves.count)] }
        switch next(inBlock ? 10 : 9) {
        case 0: return leaves[next(leaves.count)]
        case 1: return .conditional(then: program(depth: depth - 1), else: program(depth: depth - 1), readsTwice: bool())
        case 2: return .optional(program(depth: depth - 1))
        case 3: return .forEach(KeySource.allCases[next(5)], content: program(depth: depth - 1))
        case 4: return .explicitID(program(depth: depth - 1, inBlock: false))
        case 5: return .modified(program(depth: depth - 1, inBlock: false), ["padding", "matchedGeometryEffect", "opacity"][next(3)])
        case 6:
            // An AnyView directly inside another half the time: R5's unwrapping (`AnyView.init`).
            let content = program(depth: depth - 1, inBlock: false)
            return .anyView(depth > 2 && bool() ? .anyView(content) : content)
        case 7, 8: return .container(ContainerKind.allCases[next(7)], program(depth: depth - 1))
        default:
            return .tuple((0..<(2 + next(2))).map { _ in program(depth: depth - 1, inBlock: false) })
        }
    }

    /// A random render of `program`.
    mutating func render(of program: Program) -> Render {
        switch program {
        case .leaf(let type): return .leaf(type)
        case let .stateful(type, label): return .stateful(type, initialValue: next(3), label: label)
        case .tuple(let children): return .tuple(children.map { render(of: $0) })
        case let .conditional(then, otherwise, readsTwice):
            let arm = bool()
            return .conditional(
                arm: arm, active: render(of: arm ? then : otherwise), inactive: arm ? otherwise : then,
                readsTwice: readsTwice, transient: bool())
        case .optional(let content): return .optional(content, bool() ? render(of: content) : nil)
        case let .forEach(source, content):
            let count = next(3)
            let keys: [Key] =
                source.keysAreOffsets
                ? (0..<count).map(Key.int) : Array([Key.int(1), .int(2), .string("a"), .int(7)].shuffledBy(&self).prefix(count))
            let uniform = bool()
            let shared = render(of: content)
            return .forEach(source, content: content, rows: keys.map { ForEachRow(key: $0, content: uniform ? shared : render(of: content)) })
        case .explicitID(let content): return .explicitID(bool() ? .int(next(3)) : .string("k\(next(2))"), render(of: content))
        case let .modified(content, modifier): return .modified(render(of: content), modifier, value: next(9))
        case .anyView(let content): return .anyView(render(of: content))
        case let .container(kind, content): return .container(kind, render(of: content))
        }
    }

    fileprivate mutating func shuffle<T>(_ items: [T]) -> [T] {
        var items = items
        for index in items.indices.reversed() where index > 0 { items.swapAt(index, next(index + 1)) }
        return items
    }
}

extension Array {
    fileprivate func shuffledBy(_ random: inout RandomRenders) -> [Element] { random.shuffle(self) }
}
