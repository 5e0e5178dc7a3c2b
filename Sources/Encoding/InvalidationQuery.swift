import Invalidation
import LemmaLogic
import Z3Kit

/// An invalidation lemma's negation at the path level in its own `SolverSession`: the full check,
/// and what the solver route does with a model (shrink, decode to views, block). Models stay opaque.
package final class InvalidationQuery {
    /// What one check answered.
    package typealias Answer = QueryAnswer<InvalidationModel>

    /// The most properties a decoded view may have.
    package static let maximumDecodedProperties = 16

    package let lemma: InvalidationLemmaSpec
    /// The query as a self-contained SMT-LIB 2 script, when it was asked for.
    package let script: String?
    let session: SolverSession
    let encoding: InvalidationEncoding

    /// Encodes `lemma`'s negation in a fresh session.
    package init(lemma: InvalidationLemmaSpec, budget: SolverBudget, exportScript: Bool = false) throws {
        self.lemma = lemma
        session = try SolverSession(budget: budget)
        encoding = InvalidationEncoding(lemma: lemma, context: session.context)
        session.assert(try encoding.query())
        script = exportScript ? try session.script() : nil
    }

    /// Z3's resource count of the last check.
    package var lastResourceCount: Int? { session.lastResourceCount }

    /// The full query, within `budget` (default: the session's).
    package func check(budget: SolverBudget? = nil) throws -> Answer {
        answer(try session.check(budget: budget))
    }

    /// A model of the query whose views have the fewest properties, trying small counts first,
    /// with small values and, for a path declared the child of another, the survival a tree gives
    /// it (`InvalidationEncoding.treeShaped`) if one fits, else without it.
    package func shrink(_ model: InvalidationModel, budget: SolverBudget) throws -> InvalidationModel {
        let context = session.context
        var sum = context.int(0)
        // A surviving identity keeps its type, so its properties count once; a new identity at a
        // later transition may be another type (FINDINGS 46), whose properties count too.
        for history in encoding.histories {
            sum = sum + history[0].props
            for view in history.dropFirst() { sum = sum + context.ite(view.survives, then: context.int(0), else: view.props) }
            // So do a new identity's earlier properties where they are its own (`propsOld`).
            for view in history {
                if let propsOld = view.propsOld { sum = sum + context.ite(view.survives, then: context.int(0), else: propsOld) }
            }
        }
        let shaped = encoding.treeShaped()
        let stable = encoding.typeStable()
        // A total beyond Int (Z3's integers are unbounded) tries every limit; decoding refuses it.
        let found: Int
        do { found = try model.model.int(of: sum) } catch is Z3IntegerBeyondInt { found = .max }
        func shrunk(preferring preferred: [Z3Term]) throws -> InvalidationModel? {
            for limit in 0...3 where limit <= found {
                let shrunk: InvalidationModel? = try session.withScope {
                    session.assert(sum <= limit)
                    if !preferred.isEmpty { session.assert(context.and(preferred)) }
                    let small: InvalidationModel? = try session.withScope {
                        session.assert(encoding.smallValues(2))
                        if case .sat(let small) = try session.check(budget: budget) { return InvalidationModel(model: small) }
                        return nil
                    }
                    if let small { return small }
                    if case .sat(let model) = try session.check(budget: budget) { return InvalidationModel(model: model) }
                    return nil
                }
                if let shrunk { return shrunk }
            }
            return nil
        }
        // A place that keeps its type first (FINDINGS 46 lets a new identity change it), then any.
        for preferred in stable.isEmpty ? [shaped] : [shaped + stable, shaped] {
            if let shrunk = try shrunk(preferring: preferred) { return shrunk }
        }
        // Then, for a binding, trees with a render before the lemma's first (`ViewChainTrees.earlierRender`),
        // whose terms are made only here: making them earlier changes the models Z3 finds first.
        if !encoding.lemma.bindingPairs.isEmpty {
            let earlier = encoding.treeShaped(firstRenderRan: false)
            for preferred in stable.isEmpty ? [earlier] : [earlier + stable, earlier] {
                if let shrunk = try shrunk(preferring: preferred) { return shrunk }
            }
        }
        // Then, where `model` has a view of more properties than are decoded, any small model, then
        // any the decoder reads (a lemma may need more properties than the small totals): one no
        // tree realizes says why, where Z3's first may have a view of thousands of properties (the
        // red team's two rows of two properties each: 7,720). A model the decoder reads is kept.
        let counts = encoding.views.flatMap { view in [view.props] + [view.propsOld].compactMap { $0 } }
        let readable: Bool
        do { readable = try counts.allSatisfy { try model.model.int(of: $0) <= Self.maximumDecodedProperties } } catch is Z3IntegerBeyondInt {
            readable = false
        }
        if readable { return model }
        if let shrunk = try shrunk(preferring: []) { return shrunk }
        let decodable = counts.map { $0 <= Self.maximumDecodedProperties }
        for preferred in [shaped, []] {
            let found: InvalidationModel? = try session.withScope {
                session.assert(decodable + preferred)
                if case .sat(let model) = try session.check(budget: budget) { return InvalidationModel(model: model) }
                return nil
            }
            if let found { return found }
        }
        return model
    }

    /// Every path variable's view at each transition in `model`. Throws `EncodingError` for a
    /// view with more than `maximumDecodedProperties` properties or a value out of range (an
    /// integer beyond Int included: Z3's integers are unbounded).
    package func histories(in model: InvalidationModel) throws -> [[ViewLink]] {
        do {
            return try encoding.histories.map { history in Self.typingEarlierViews(try history.map { try link($0, model.model) }) }
        } catch let error as Z3IntegerBeyondInt {
            throw EncodingError.undecodable("\(error)")
        }
    }

    /// `history` with each new identity's earlier view typed as the link before's later view,
    /// where that is another type (`AnyView`, FINDINGS.md 46): the view a set at that transition
    /// set (`ViewLink.isWellFormed`).
    static func typingEarlierViews(_ history: [ViewLink]) -> [ViewLink] {
        var result = history
        for transition in result.indices.dropFirst() where !result[transition].survives {
            let earlier = result[transition - 1].newType
            result[transition].oldType = earlier == result[transition].newType ? nil : earlier
        }
        return result
    }

    /// The first path and transition whose view `model` has revived (`revived(p, r)`), which no
    /// tree of the replay holds; `nil` when none is.
    package func revivedView(in model: InvalidationModel) throws -> (path: Int, transition: Int)? {
        for (path, history) in encoding.histories.enumerated() {
            for (transition, view) in history.enumerated() {
                if let revived = view.revived, try model.model.bool(of: revived) { return (path, transition) }
            }
        }
        return nil
    }

    /// What the query answers with no view revived, as a check under the assumption `¬revived` of
    /// each view that may be (within `budget`, and each minimising check within `minimising`): for
    /// unsat, the views whose revival it needs, a minimal set of them (each one's assumption
    /// dropped and the check repeated), as path and transition in the lemma's order: the ones the
    /// lemma's own atoms force, not those a model happened to revive. Asserts nothing.
    package func revivalNeeded(budget: SolverBudget? = nil, minimising: SolverBudget) throws -> RevivalAnswer {
        var literals: [UInt32: (path: Int, transition: Int, literal: Z3Term)] = [:]
        for (path, history) in encoding.histories.enumerated() {
            for (transition, view) in history.enumerated() {
                if let revived = view.revived {
                    let literal = revived.not()
                    literals[literal.astID] = (path, transition, literal)
                }
            }
        }
        func core() -> [(path: Int, transition: Int, literal: Z3Term)] {
            session.lastUnsatCore.compactMap { literals[$0.astID] }.sorted { ($0.path, $0.transition) < ($1.path, $1.transition) }
        }
        switch try session.check(assumptions: literals.values.map(\.literal), budget: budget) {
        case .sat(let model): return .sat(InvalidationModel(model: model))
        case .unknown(let reason): return .unknown(reason)
        case .unsat: break
        }
        var needed = core()
        for view in needed where needed.contains(where: { $0.literal.astID == view.literal.astID }) {
            let others = needed.filter { $0.literal.astID != view.literal.astID }
            if case .unsat = try session.check(assumptions: others.map(\.literal), budget: minimising) { needed = core() }
        }
        return .unsat(needed: needed.map { ($0.path, $0.transition) })
    }

    /// What `revivalNeeded` answers.
    package enum RevivalAnswer {
        /// A model with no view revived.
        case sat(InvalidationModel)
        /// Every model revives one of `needed` (path, transition): an unsat core of the
        /// assumptions, minimal unless a minimising check stopped.
        case unsat(needed: [(path: Int, transition: Int)])
        case unknown(SolverStop)
    }

    /// Leaves every model with a revived view out of later checks, for good: a search for a
    /// counterexample the replay can show. Unsat after it is no proof.
    package func excludeRevival() {
        let revived = encoding.views.compactMap(\.revived)
        if !revived.isEmpty { session.assert(session.context.and(revived.map { $0.not() })) }
    }

    /// Excludes `model`'s views (as decoded) from later checks and asks for another within `budget`.
    package func next(after model: InvalidationModel, budget: SolverBudget) throws -> Answer {
        session.assert(try sameViews(model.model).not())
        return answer(try session.check(budget: budget))
    }

    /// The refutation's certificate: the query with `model`'s views fixed.
    package func certificate(for model: InvalidationModel) throws -> String {
        try session.withScope {
            session.assert(try sameViews(model.model))
            return try session.script()
        }
    }

    private func link(_ view: InvalidationVocabulary, _ model: Z3Model) throws -> ViewLink {
        let context = session.context
        let count = try model.int(of: view.props)
        let oldCount = try view.propsOld.map { try model.int(of: $0) } ?? count
        guard max(count, oldCount) <= Self.maximumDecodedProperties else {
            throw EncodingError.undecodable(
                "a view with \(max(count, oldCount)) properties (at most \(Self.maximumDecodedProperties) are decoded)")
        }
        func property(old: Bool, _ index: Int) throws -> PropertyValue {
            let k = context.int(index)
            let kinds = PropertyKind.allCases
            let code = try model.int(of: (old ? view.kindOld : view.kindNew)(k))
            guard kinds.indices.contains(code) else { throw EncodingError.undecodable("property kind \(code) out of range") }
            let value = try model.int(of: (old ? view.valueOld : view.valueNew)(k))
            let location = try model.int(of: (old ? view.locationOld : view.locationNew)(k))
            switch kinds[code] {
            case .plain: return .plain(value)
            case .text: return .text("s\(value)")
            case .closure: return .closure(capturesContext: try model.bool(of: (old ? view.capturesOld : view.capturesNew)(k)))
            case .manualBinding: return .manualBinding(value: value)
            case .projectedBinding: return .projectedBinding(location: location, value: value)
            case .keyPathBinding:
                let keyPath = try model.int(of: (old ? view.keyPathOld : view.keyPathNew)(k))
                return .keyPathBinding(location: location, keyPath: "field\(keyPath)", value: value)
            case .reference: return .reference(object: value)
            case .observed: return .observed(object: value)
            case .equatableReference: return .equatableReference(object: value, value: location)
            case .podStructure:
                return .structure(
                    StructureValue("S", [StoredProperty("bits", .plain(value)), StoredProperty("key", .plain(location))], reads: ["key"]))
            case .structure:
                return .structure(
                    StructureValue("S", [StoredProperty("bits", .text("s\(value)")), StoredProperty("key", .plain(location))], reads: ["key"]))
            }
        }
        let equalityCode = try model.int(of: view.equality)
        guard ViewEquality.allCases.indices.contains(equalityCode) else {
            throw EncodingError.undecodable("equality \(equalityCode) out of range")
        }
        let stateRead = try model.bool(of: view.stateRead)
        let stateUnread = try model.bool(of: view.stateUnread)
        let changes = encoding.propertyChanges.isEmpty ? [] : encoding.propertyChanges[view.transition]
        let sent = encoding.objectsSent.isEmpty ? [] : encoding.objectsSent[view.transition]
        var result = ViewLink(
            survives: try model.bool(of: view.survives), parentEvaluated: try model.bool(of: view.parentEvaluated),
            old: try (0..<oldCount).map { try property(old: true, $0) }, new: try (0..<count).map { try property(old: false, $0) },
            equality: ViewEquality.allCases[equalityCode], equatable: try model.bool(of: view.equatable),
            hasState: try model.bool(of: view.hasState),
            stateChange: stateRead ? .changedRead : (stateUnread ? .changedUnread : .none),
            unreadStateAlsoChanged: stateRead && stateUnread,
            signalled: try model.bool(of: view.signalled), initialChanged: !(try model.bool(of: view.initialSame)),
            declaresUnnamedEnvironment: try model.bool(of: view.unnamedEnvironment),
            tracked: Set(try view.tracks.indices.filter { try model.bool(of: view.tracks[$0]) }),
            reads: Set(try view.reads.indices.filter { try model.bool(of: view.reads[$0]) }),
            propertyChanges: Set(try changes.indices.filter { try model.bool(of: changes[$0]) }),
            declaredKeys: Set(try view.declares.indices.filter { try model.bool(of: view.declares[$0]) }),
            keyChanges: Set(try view.keyChanged.indices.filter { try model.bool(of: view.keyChanged[$0]) }),
            observedObjects: Set(try view.observes.indices.filter { try model.bool(of: view.observes[$0]) }),
            foundObjects: Set(try view.finds.indices.filter { try model.bool(of: view.finds[$0]) }),
            objectsSent: Set(try sent.indices.filter { try model.bool(of: sent[$0]) }),
            holdsStateObject: try view.stateObject.map { try model.bool(of: $0.holds) } ?? false,
            initialiserChanged: try view.stateObject.map { try model.bool(of: $0.initialiserChanged) } ?? false,
            keepsStateObject: try view.stateObject.map { try model.bool(of: $0.kept) } ?? false,
            stateLocation: try view.stateLocation.map { try model.int(of: $0) } ?? 0,
            stateSet: try stateSet(view, model),
            row: try view.row.map { RowChange(keyKept: try model.bool(of: $0.keyKept), moved: try model.bool(of: $0.moved)) })
        result.oldType = try oldType(view, of: result, model)
        return result
    }

    /// The link's earlier view's type where the model gives the set view `@State` and the later
    /// view, a new identity, none (or the other way round), or the earlier view properties of its
    /// own (`propsOld`); `nil` where it is the later view's. Z3 reads no other field of it, so the
    /// rest is the later view's.
    private func oldType(_ view: InvalidationVocabulary, of link: ViewLink, _ model: Z3Model) throws -> ViewLinkType? {
        var type = link.newType
        if let hasStateOld = view.hasStateOld { type.hasState = try model.bool(of: hasStateOld) }
        // Its own properties (`propsOld`): another count, or a kind the later view's does not have.
        let ownProperties = link.old.count != link.new.count
            || zip(link.old, link.new).contains { $0.kind != $1.kind && !($0.kind.isBinding && $1.kind.isBinding) }
        return type != link.newType || ownProperties ? type : nil
    }

    /// The set of a path `mutate` names, read from `model`: whether the body read the state is
    /// what the change says, and for no change (the set committed nothing) read.
    private func stateSet(_ view: InvalidationVocabulary, _ model: Z3Model) throws -> StateSet? {
        guard let held = view.held, let set = view.set else { return nil }
        return StateSet(held: try model.int(of: held), set: try model.int(of: set), read: !(try model.bool(of: view.stateUnread)))
    }

    /// That every view is `model`'s: its count, flags and the components its properties read.
    private func sameViews(_ model: Z3Model) throws -> Z3Term {
        let context = session.context
        var same: [Z3Term] = []
        for view in encoding.views {
            let count = try model.int(of: view.props)
            same.append(view.props.eq(context.int(count)))
            let oldCount = try view.propsOld.map { try model.int(of: $0) } ?? count
            for flag in [
                view.equality, view.equatable, view.hasState, view.stateRead, view.stateUnread, view.signalled,
                view.initialSame, view.survives, view.parentEvaluated, view.unnamedEnvironment,
            ] + view.tracks + view.reads + view.declares + view.keyChanged + view.observes + view.finds
                + (view.stateObject.map { [$0.holds, $0.initialiserChanged, $0.kept] } ?? [])
                + (view.heldObjects.map { [$0.before, $0.initial, $0.after] } ?? [])
                + [view.stateLocation, view.held, view.set, view.hasStateOld, view.propsOld, view.revived].compactMap({ $0 })
                + (view.row.map { [$0.keyKept, $0.moved] } ?? []) {
                same.append(flag.eq(try model.eval(flag)))
            }
            for index in 0..<min(max(count, oldCount), Self.maximumDecodedProperties) {
                let k = context.int(index)
                for function in [
                    view.kindOld, view.kindNew, view.valueOld, view.valueNew, view.capturesOld, view.capturesNew,
                    view.locationOld, view.locationNew, view.keyPathOld, view.keyPathNew,
                ] {
                    let applied = function(k)
                    same.append(applied.eq(try model.eval(applied)))
                }
            }
        }
        for changed in Array(encoding.propertyChanges.joined()) + encoding.objectsSent.joined() { same.append(changed.eq(try model.eval(changed))) }
        return context.and(same)
    }

    private func answer(_ answer: SolverSession.Answer) -> Answer {
        switch answer {
        case .unsat: return .unsat
        case .sat(let model): return .sat(InvalidationModel(model: model))
        case .unknown(let reason): return .unknown(reason)
        }
    }
}

/// A Z3 model of an invalidation query, opaque outside Encoding: read it with
/// `InvalidationQuery.histories(in:)`.
package struct InvalidationModel {
    let model: Z3Model
}
