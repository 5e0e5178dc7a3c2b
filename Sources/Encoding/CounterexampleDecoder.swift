import IdentityModel
import Z3Kit

/// Reads the paths of a counterexample out of a Z3 model.
struct CounterexampleDecoder {
    let encoder: LemmaEncoder

    /// A decoder for models of `encoder`'s query.
    init(encoder: LemmaEncoder) { self.encoder = encoder }

    /// Every path variable's path in `model`.
    func paths(in model: Z3Model) throws -> [DecodedPath] {
        try encoder.paths.indices.map { index in
            let symbols = encoder.paths[index]
            let length = try model.int(of: symbols.length)
            guard (0...64).contains(length) else { throw EncodingError.undecodable("path length \(length)") }
            let ctx = encoder.vocabulary.context
            let steps = try (0..<length).map { index in
                try step(try model.value(of: symbols.step(at: ctx.int(index))))
            }
            var firstRenderState: Int?
            var cacheKept: [Bool] = []
            var initials: [Int?] = []
            if encoder.lemma.readsStore {
                initials = try encoder.lemma.renders.indices.map { render in
                    try model.bool(of: encoder.rendered(index, in: render))
                        ? try model.int(of: encoder.store(index, render).initial) : nil
                }
                if try model.bool(of: encoder.rendered(index, in: 0)) {
                    firstRenderState = try model.int(of: encoder.store(index, 0).held)
                }
                cacheKept = try encoder.lemma.renders.indices.map { try model.bool(of: encoder.store(index, $0).cacheKept) }
            }
            return DecodedPath(
                name: symbols.name, steps: steps,
                leafType: encoder.symbols.viewType(try model.int(of: symbols.leafType)),
                initial: try model.int(of: symbols.initial), state: try model.int(of: symbols.state),
                rendered: try encoder.lemma.renders.indices.map { try model.bool(of: encoder.rendered(index, in: $0)) },
                firstRenderState: firstRenderState, cacheKept: cacheKept, initials: initials,
                set: encoder.lemma.mutations.contains(index) ? try model.int(of: encoder.setValue(index)) : nil
            )
        }
    }

    private func step(_ value: Z3Value) throws -> PathStep {
        guard case .datatype(let name, let fields) = value, let kind = IdentityVocabulary.kind(ofConstructor: name) else {
            throw EncodingError.undecodable("a step from \(value)")
        }
        let table = encoder.symbols
        func int(_ index: Int) throws -> Int {
            guard fields.indices.contains(index), case .int(let value) = fields[index] else {
                throw EncodingError.undecodable("field \(index) of \(value)")
            }
            return value
        }
        func bool(_ index: Int) throws -> Bool {
            guard fields.indices.contains(index), case .bool(let value) = fields[index] else {
                throw EncodingError.undecodable("field \(index) of \(value)")
            }
            return value
        }
        func constant(_ index: Int) throws -> String {
            guard fields.indices.contains(index), case .datatype(let name, _) = fields[index] else {
                throw EncodingError.undecodable("field \(index) of \(value)")
            }
            return name
        }
        switch kind {
        case .tuple: return .tuple(slot: try int(0), presentBefore: try int(1))
        case .conditional: return .conditional(arm: try bool(0), readsTwice: try bool(1), transient: try bool(2))
        case .optional: return .optional
        case .forEach:
            let name = try constant(0)
            guard let source = KeySource.allCases.first(where: { IdentityVocabulary.constructorName($0) == name }) else {
                throw EncodingError.undecodable("a key source \(name)")
            }
            return .forEach(source: source, key: table.key(try int(1)), offset: try int(2))
        case .explicitID: return .explicitID(table.key(try int(0)))
        case .modified: return .modified(table.modifier(try int(0)), value: try int(1))
        case .anyView: return .anyView(erased: table.viewType(try int(0)))
        case .container:
            let name = try constant(0)
            guard let container = ContainerKind(rawValue: name) else { throw EncodingError.undecodable("a container \(name)") }
            return .container(container)
        }
    }
}
