import IdentityModel
import LemmaLogic
import Z3Kit

/// Translates a lemma into Z3 terms at the path level: the axioms that define every path variable
/// (well-formed steps, identity as the pointwise map of the rules, the state store), the
/// constraints tying paths to one program, and the negated statement. Unsat proves the lemma for
/// paths of every length, hence (by the reduction, Proofs/README.md) for trees of every depth and
/// branching.
final class LemmaEncoder {
    let lemma: LemmaSpec
    let vocabulary: IdentityVocabulary
    let rules: RuleEncoding
    let contentTypes: ContentTypes
    /// Whether the query says what AnyView's erased type is (`contentTypeAxioms`).
    let assertsContentTypes: Bool
    private(set) var symbols = SymbolTable()
    private(set) var paths: [PathSymbols] = []
    let generations: [Z3Term]
    var context: Z3Context { vocabulary.context }
    private var usesAddress: Set<Int> = []
    private var boundIndices: [Int: Z3Term] = [:]
    /// Definitions of the rendered addresses that `sameAddress` reads, filled while encoding.
    private(set) var addressAxioms: [Z3Term] = []

    /// Prepares the symbols of `lemma` in `context`; with `contentTypes`, the query also says what
    /// AnyView's erased type is.
    init(lemma: LemmaSpec, context: Z3Context, contentTypes: Bool = false) throws {
        self.lemma = lemma
        assertsContentTypes = contentTypes
        vocabulary = try IdentityVocabulary(context: context)
        rules = try RuleEncoding(rules: lemma.rules, vocabulary: vocabulary)
        self.contentTypes = ContentTypes(vocabulary: vocabulary)
        generations = lemma.renders.indices.map { context.int($0 + 1) }
        paths = lemma.paths.map { PathSymbols(name: $0.name, vocabulary: vocabulary) }
    }

    /// Everything to assert: the definitions of the paths and the negation of the lemma.
    func query() throws -> [Z3Term] {
        let negated = try encode(lemma.statement).not()
        var assertions: [Z3Term] = []
        for index in paths.indices { assertions += try definition(of: index) }
        assertions += try programConstraints()
        assertions += try oneTreeConstraints()
        if lemma.readsStore { assertions += try lifecycleConstraints() }
        assertions += addressAxioms
        assertions.append(negated)
        return assertions
    }

    /// A bound on the total length of all paths, used to shrink counterexamples.
    func totalLength() -> Z3Term {
        paths.dropFirst().reduce(paths.first?.length ?? context.int(0)) { $0 + $1.length }
    }

    /// Every slot, sibling count, offset, key, id, modifier argument, view type and state value in
    /// `0 ... bound`: asked for after a counterexample is found, so the one shown reads like code.
    func smallValues(_ bound: Int) throws -> Z3Term {
        let zero = context.int(0)
        let limit = context.int(bound)
        func small(_ term: Z3Term) -> Z3Term { context.and([term.ge(zero), term.le(limit)]) }
        var constraints: [Z3Term] = []
        for path in paths {
            constraints += [small(path.leafType), small(path.initial), small(path.state)]
            constraints.append(try forEachStep(of: path) { i in
                let step = path.step(at: i)
                let fields: [(StepKind, [StepField])] = [
                    (.tuple, [.slot, .presentBefore]), (.forEach, [.key, .offset]), (.explicitID, [.id]), (.modified, [.value]),
                ]
                return self.context.and(try fields.map { kind, fields in
                    self.vocabulary.isStep(kind, step).implies(
                        self.context.and(try fields.map { small(try self.vocabulary.field($0, of: step)) }))
                })
            })
        }
        for mutated in lemma.mutations { constraints.append(small(setValue(mutated))) }
        return context.and(constraints)
    }

    // MARK: Path definitions

    func indexVariable(_ name: String) -> Z3Term { context.const(name, context.intSort) }

    func inRange(_ index: Z3Term, _ path: PathSymbols, inclusive: Bool = false) -> Z3Term {
        let upper = inclusive ? index.le(path.length) : index.lt(path.length)
        return context.and([index.ge(context.int(0)), upper])
    }

    /// `∀ i ∈ [0, length). body(i)`, with `step(i)` as the trigger.
    func forEachStep(of path: PathSymbols, _ body: (Z3Term) throws -> Z3Term) throws -> Z3Term {
        let i = indexVariable("i")
        let stepAt = path.step(at: i)
        return context.forall([i], inRange(i, path).implies(try body(i)), patterns: [[stepAt]])
    }

    private func definition(of index: Int) throws -> [Z3Term] {
        let path = paths[index]
        let generation = generations[lemma.paths[index].render]
        var axioms: [Z3Term] = [path.length.ge(context.int(0))]
        axioms.append(try forEachStep(of: path) { i in try self.wellFormed(path.step(at: i)) })
        axioms.append(try forEachStep(of: path) { i in
            path.element(at: i).eq(try self.rules.element(of: path.step(at: i), generation: generation))
        })
        axioms += leafTypeAxioms(of: path)
        return axioms + (try contentTypeAxioms(of: path))
    }

    /// The leaf's element is its type's, and the leaf is never a construct (`AnyView(state: 0)` is
    /// not a view): its type is not the number of `AnyView`, `ForEach` or a container. AnyView is
    /// numbered first, so that a fact naming it later cannot give the leaf its number.
    func leafTypeAxioms(of path: PathSymbols) -> [Z3Term] {
        _ = symbols.number(for: ViewType.anyView)
        return [path.element(at: path.length).eq(rules.leafElement(type: path.leafType))]
            + symbols.viewTypeNumbers(where: { !$0.canBeStatefulLeaf }).map { path.leafType.eq(context.int($0)).not() }
    }

    /// The static type of the view at each depth of `path` (`ContentTypes`), which an `AnyView`
    /// step's `erased` field is: only in a query asked for with `contentTypes` (they cost a query up
    /// to ten times its resource count, so `SolverRoute` asks again with them only when a model
    /// through an AnyView did not fit a tree), and only when every name the lemma uses is atomic
    /// (its literals are interned by then: `query()` encodes the statement first).
    func contentTypeAxioms(of path: PathSymbols) throws -> [Z3Term] {
        guard assertsContentTypes, symbols.namesAreAtomic else { return [] }
        let anyView = context.int(symbols.number(for: ViewType.anyView))
        return [
            path.viewType(at: path.length).eq(path.leafType),
            contentTypes.has(path.leafType, .atomic),
            contentTypes.has(anyView, .atomic),
            try forEachStep(of: path) { i in
                try self.contentTypes.construct(
                    path.step(at: i), outer: path.viewType(at: i), content: path.viewType(at: i + 1), anyView: anyView)
            },
        ]
    }

    /// Constraints every step of a real render satisfies; under R5's unwrapping no `AnyView` step
    /// erases `AnyView` (the walk passes `AnyView(AnyView(v))` as one step erasing `v`'s type).
    func wellFormed(_ step: Z3Term) throws -> Z3Term {
        let zero = context.int(0)
        let slot = try vocabulary.field(.slot, of: step)
        let present = try vocabulary.field(.presentBefore, of: step)
        let tupleOK = context.and([slot.ge(zero), present.ge(zero), present.le(slot)])
        let offset = try vocabulary.field(.offset, of: step)
        let source = try vocabulary.field(.source, of: step)
        let positional = context.or([source.eq(vocabulary.term(.indices)), source.eq(vocabulary.term(.constantRange))])
        let forEachOK = context.and([
            offset.ge(zero), positional.implies(try vocabulary.field(.key, of: step).eq(offset)),
        ])
        var facts = [vocabulary.isStep(.tuple, step).implies(tupleOK), vocabulary.isStep(.forEach, step).implies(forEachOK)]
        // A modifier is one a render can write: not the number of a name the lemma wrote that none
        // can (`"a b"`), which would print a tree that does not parse. The lemma's literals are
        // interned by now (`query()` encodes the statement first).
        let unwritable = try symbols.modifierNumbers(where: { !$0.isWritable }).map {
            try vocabulary.field(.modifier, of: step).eq(context.int($0)).not()
        }
        if !unwritable.isEmpty { facts.append(vocabulary.isStep(.modified, step).implies(context.and(unwritable))) }
        if rules.rules.r5UnwrapsAnyView(erased: .anyView) {
            let anyView = context.int(symbols.number(for: ViewType.anyView))
            facts.append(vocabulary.isStep(.anyView, step).implies(try vocabulary.field(.erased, of: step).eq(anyView).not()))
        }
        return context.and(facts)
    }

    /// Paths in different renders of one program share their static steps down to where the
    /// program branches (a tuple slot or an if/else arm), or end at the same leaf. A program's AnyView
    /// wraps one content program (IdentityModel), so AnyView is not a branch point: a render whose
    /// AnyView wraps another type is a render of another program (`renders …, any program`).
    func programConstraints() throws -> [Z3Term] {
        guard !lemma.anyProgram else { return [] }
        var constraints: [Z3Term] = []
        for a in paths.indices {
            for b in paths.indices where a < b && lemma.paths[a].render != lemma.paths[b].render {
                constraints.append(try compatible(paths[a], paths[b]))
            }
        }
        return constraints
    }

    /// Two paths in one render are one view (equal in every step, leaf and value), or walk one tree
    /// down to the node where they part: the lowest common ancestor of two leaves of a render renders
    /// several children, so it is a tuple (two slots; the later one has the earlier one, which
    /// renders a stateful view, among its present siblings) or a `ForEach` (two rows, whose keys
    /// differ in a defined render). Every pair of stateful leaves of a real render satisfies this.
    func oneTreeConstraints() throws -> [Z3Term] {
        var constraints: [Z3Term] = []
        for a in paths.indices {
            for b in paths.indices where a < b && lemma.paths[a].render == lemma.paths[b].render {
                constraints.append(try oneTree(paths[a], paths[b]))
            }
        }
        return constraints
    }

    private func oneTree(_ p: PathSymbols, _ q: PathSymbols) throws -> Z3Term {
        let split = context.const("\(p.name)^\(q.name).split", context.intSort)
        let i = indexVariable("i")
        let sharedPrefix = context.forall(
            [i],
            context.and([i.ge(context.int(0)), i.lt(split)]).implies(p.step(at: i).eq(q.step(at: i))),
            patterns: [[p.step(at: i)], [q.step(at: i)]]
        )
        let sameView = context.and([
            split.eq(p.length), split.eq(q.length), p.leafType.eq(q.leafType), p.initial.eq(q.initial),
            p.state.eq(q.state),
        ])
        let part = context.and([split.lt(p.length), split.lt(q.length), try siblings(p.step(at: split), q.step(at: split))])
        return context.and([split.ge(context.int(0)), sharedPrefix, context.or([sameView, part])])
    }

    /// Two children of one node of one render. Two rows of one `ForEach` have different keys only
    /// where duplicate keys are undefined behaviour: under `duplicateKeysMerged` a render with
    /// duplicate keys is defined, and its rows share a key.
    private func siblings(_ a: Z3Term, _ b: Z3Term) throws -> Z3Term {
        func ordered(_ x: Z3Term, _ y: Z3Term) throws -> Z3Term {
            context.and([
                try vocabulary.field(.slot, of: x).lt(try vocabulary.field(.slot, of: y)),
                try vocabulary.field(.presentBefore, of: y).ge(try vocabulary.field(.presentBefore, of: x) + context.int(1)),
            ])
        }
        let tupleSiblings = context.and([vocabulary.isStep(.tuple, a), vocabulary.isStep(.tuple, b), context.or([try ordered(a, b), try ordered(b, a)])])
        let rows = context.and([
            vocabulary.isStep(.forEach, a), vocabulary.isStep(.forEach, b), try vocabulary.field(.source, of: a).eq(try vocabulary.field(.source, of: b)),
            try vocabulary.field(.offset, of: a).neq(try vocabulary.field(.offset, of: b)),
            lemma.rules.mutation == .duplicateKeysMerged
                ? context.bool(true) : try vocabulary.field(.key, of: a).neq(try vocabulary.field(.key, of: b)),
        ])
        return context.or([tupleSiblings, rows])
    }

    private func compatible(_ p: PathSymbols, _ q: PathSymbols) throws -> Z3Term {
        let split = context.const("\(p.name)~\(q.name).split", context.intSort)
        let i = indexVariable("i")
        let sharedPrefix = context.forall(
            [i],
            context.and([i.ge(context.int(0)), i.lt(split)])
                .implies(try staticEqual(p.step(at: i), q.step(at: i))),
            patterns: [[p.step(at: i)], [q.step(at: i)]]
        )
        let sameLeaf = context.and([split.eq(p.length), split.eq(q.length), p.leafType.eq(q.leafType)])
        let branch = context.and([
            split.lt(p.length), split.lt(q.length),
            try branches(p.step(at: split), q.step(at: split)),
        ])
        return context.and([split.ge(context.int(0)), sharedPrefix, context.or([sameLeaf, branch])])
    }

    /// Two steps that are one node of the program taking different children.
    private func branches(_ a: Z3Term, _ b: Z3Term) throws -> Z3Term {
        let options: [(StepKind, StepField)] = [(.tuple, .slot), (.conditional, .arm)]
        return context.or(try options.map { kind, field in
            context.and([
                vocabulary.isStep(kind, a), vocabulary.isStep(kind, b),
                try vocabulary.field(field, of: a).neq(try vocabulary.field(field, of: b)),
            ])
        })
    }

    /// Same construct with the same static fields (the step table's static column).
    func staticEqual(_ a: Z3Term, _ b: Z3Term) throws -> Z3Term {
        var cases: [Z3Term] = []
        for kind in StepKind.allCases {
            let fields = StepField.allCases.filter { $0.owner == kind && $0.isStatic }
            let equal = try fields.map { try vocabulary.field($0, of: a).eq(try vocabulary.field($0, of: b)) }
            cases.append(context.and([vocabulary.isStep(kind, a), vocabulary.isStep(kind, b)] + equal))
        }
        return context.or(cases)
    }

    // MARK: Formulas

    /// The Z3 formula of `formula`.
    func encode(_ formula: LogicFormula) throws -> Z3Term {
        switch formula {
        case .constant(let value): return context.bool(value)
        case .not(let body): return try encode(body).not()
        case .and(let parts): return context.and(try parts.map(encode))
        case .or(let parts): return context.or(try parts.map(encode))
        case .implies(let lhs, let rhs): return try encode(lhs).implies(try encode(rhs))
        case .exists(let variable, let path, let body):
            return try quantified(existential: true, variable, path, body)
        case .forall(let variable, let path, let body):
            return try quantified(existential: false, variable, path, body)
        case .compare(let op, let lhs, let rhs): return try compare(op, lhs, rhs)
        case .sameView(let a, let b): return try sameView(paths[a], paths[b])
        case .sameAddress(let a, let b): return try sameAddress(a, b)
        case .rendered(let path, let render): return rendered(path, in: render)
        }
    }

    private func quantified(existential: Bool, _ variable: Int, _ path: Int, _ body: LogicFormula) throws -> Z3Term {
        let name = lemma.indexNames.indices.contains(variable) ? lemma.indexNames[variable] : "i\(variable)"
        let i = indexVariable(name)
        let saved = boundIndices[variable]
        boundIndices[variable] = i
        defer { boundIndices[variable] = saved }
        let range = inRange(i, paths[path])
        let inner = try encode(body)
        return existential
            ? context.exists([i], range.and(inner))
            : context.forall([i], range.implies(inner))
    }

    private func sameView(_ p: PathSymbols, _ q: PathSymbols) throws -> Z3Term {
        let i = indexVariable("i")
        let steps = context.forall(
            [i], inRange(i, p).implies(try staticEqual(p.step(at: i), q.step(at: i))),
            patterns: [[p.step(at: i)], [q.step(at: i)]]
        )
        return context.and([p.length.eq(q.length), p.leafType.eq(q.leafType), steps])
    }

    /// Identities are equal: same length, equal elements (written out: Z3 handles this better than
    /// extensionality).
    func identityEqual(_ p: PathSymbols, _ q: PathSymbols) -> Z3Term {
        let j = indexVariable("j")
        let elements = context.forall(
            [j], inRange(j, p, inclusive: true).implies(p.element(at: j).eq(q.element(at: j))),
            patterns: [[p.element(at: j)], [q.element(at: j)]]
        )
        return context.and([p.length.eq(q.length), elements])
    }

    private func sameAddress(_ a: Int, _ b: Int) throws -> Z3Term {
        try defineAddress(a)
        try defineAddress(b)
        let p = paths[a]
        let q = paths[b]
        let m = indexVariable("m")
        let countP = p.addressCount.apply([p.length])
        let entries = context.forall(
            [m],
            context.and([m.ge(context.int(0)), m.lt(countP)])
                .implies(p.address.apply([m]).eq(q.address.apply([m]))),
            patterns: [[p.address.apply([m])], [q.address.apply([m])]]
        )
        return context.and([
            p.leafType.eq(q.leafType), countP.eq(q.addressCount.apply([q.length])), entries,
        ])
    }

    /// Defines the rendered address of a path: a tuple step contributes its `presentBefore`, a
    /// ForEach row its offset; other steps are transparent.
    private func defineAddress(_ index: Int) throws {
        guard usesAddress.insert(index).inserted else { return }
        let path = paths[index]
        addressAxioms.append(path.addressCount.apply([context.int(0)]).eq(context.int(0)))
        addressAxioms.append(try forEachStep(of: path) { i in
            let step = path.step(at: i)
            let contributes = vocabulary.isStep(.tuple, step).or(vocabulary.isStep(.forEach, step))
            let value = self.context.ite(
                vocabulary.isStep(.tuple, step), then: try vocabulary.field(.presentBefore, of: step), else: try vocabulary.field(.offset, of: step))
            let count = path.addressCount.apply([i])
            let next = path.addressCount.apply([i + 1])
            return self.context.and([
                next.eq(self.context.ite(contributes, then: count + 1, else: count)),
                contributes.implies(path.address.apply([count]).eq(value)),
            ])
        })
    }

    private func compare(_ op: Comparison, _ lhs: LogicTerm, _ rhs: LogicTerm) throws -> Z3Term {
        if lhs.sort == .identity, case .pathField(let a, _) = lhs, case .pathField(let b, _) = rhs {
            let equal = identityEqual(paths[a], paths[b])
            return op == .equal ? equal : equal.not()
        }
        if lhs.sort == .kind {
            let (defined, equal) = try kindEqual(lhs, rhs)
            return defined.and(op == .equal ? equal : equal.not())
        }
        let (leftDefined, left) = try value(lhs)
        let (rightDefined, right) = try value(rhs)
        let relation: Z3Term
        switch op {
        case .equal: relation = left.eq(right)
        case .notEqual: relation = left.neq(right)
        case .less: relation = left.lt(right)
        case .lessOrEqual: relation = left.le(right)
        case .greater: relation = left.gt(right)
        case .greaterOrEqual: relation = left.ge(right)
        }
        return context.and([leftDefined, rightDefined, relation])
    }

    private func index(_ term: IndexTerm) throws -> Z3Term {
        guard let variable = term.variable else { return context.int(term.offset) }
        guard let bound = boundIndices[variable] else { throw EncodingError.undecodable("unbound index i\(variable)") }
        return term.offset == 0 ? bound : bound + term.offset
    }

    /// The step a term reads and the condition that it exists.
    private func stepAt(_ path: Int, _ indexTerm: IndexTerm) throws -> (Z3Term, Z3Term) {
        let position = try index(indexTerm)
        return (inRange(position, paths[path]), paths[path].step(at: position))
    }

    private func kindEqual(_ lhs: LogicTerm, _ rhs: LogicTerm) throws -> (Z3Term, Z3Term) {
        func tester(_ term: LogicTerm) throws -> (Z3Term, (StepKind) throws -> Z3Term) {
            switch term {
            case .kind(let kind):
                let truth = context.bool(true)
                return (truth, { self.context.bool($0 == kind) })
            case .stepField(let path, let position, .kind):
                let (defined, step) = try stepAt(path, position)
                return (defined, { self.vocabulary.isStep($0, step) })
            default:
                throw EncodingError.undecodable("a kind term \(term)")
            }
        }
        let (leftDefined, left) = try tester(lhs)
        let (rightDefined, right) = try tester(rhs)
        let equal = context.or(try StepKind.allCases.map { try left($0).and(try right($0)) })
        return (leftDefined.and(rightDefined), equal)
    }

    /// The value of a term and the condition under which it is defined.
    private func value(_ term: LogicTerm) throws -> (Z3Term, Z3Term) {
        let truth = context.bool(true)
        switch term {
        case .int(let value): return (truth, context.int(value))
        case .bool(let value): return (truth, context.bool(value))
        case .key(let key): return (truth, context.int(symbols.number(for: key)))
        case .viewType(let type): return (truth, context.int(symbols.number(for: type)))
        case .modifier(let modifier): return (truth, context.int(symbols.number(for: modifier)))
        case .container(let container): return (truth, vocabulary.term(container))
        case .source(let source): return (truth, vocabulary.term(source))
        case .kind: throw EncodingError.undecodable("a kind outside a comparison")
        case .index(let position): return (truth, try index(position))
        case .pathField(let path, let field):
            let symbols = paths[path]
            switch field {
            case .length: return (truth, symbols.length)
            case .leafType: return (truth, symbols.leafType)
            case .initial: return (truth, symbols.initial)
            case .state: return (truth, symbols.state)
            case .set: return (truth, setValue(path))
            case .identity: throw EncodingError.undecodable("an identity outside == or !=")
            }
        case .stepField(let path, let position, let field):
            let (defined, step) = try stepAt(path, position)
            guard let owner = field.owner else { throw EncodingError.undecodable("a kind outside a comparison") }
            return (defined.and(vocabulary.isStep(owner, step)), try vocabulary.field(field, of: step))
        case .elem(let path, let position):
            let (defined, _) = try stepAt(path, position)
            return (defined, paths[path].element(at: try index(position)))
        case .shifted(let inner, let amount):
            let (defined, term) = try value(inner)
            return (defined, term + amount)
        }
    }
}
