import IdentityModel
import Invalidation
import LemmaLogic
import Z3Kit

/// An invalidation lemma's negation in Z3, at the path level: each path is one view (`ViewLink`)
/// per transition, with its survival (I1) and its parent's evaluation (I9) free but for what every
/// tree gives a view (`realizable`), which the locality obligations (`InvalidationLocality`)
/// justify; consecutive transitions of a path share the render between them (`continues`), and a
/// path declared the child of another has that path's verdict as its parent's evaluation
/// (`structure`). I2–I8 are Z3 terms over the view's old and new properties, following the rule
/// set's options and its mutation exactly as `InvalidationRules` does.
struct InvalidationEncoding {
    let lemma: InvalidationLemmaSpec
    let context: Z3Context
    /// Per path, one view per transition.
    let histories: [[InvalidationVocabulary]]
    /// Every view of `histories`, path by path.
    let views: [InvalidationVocabulary]
    /// Per transition, per `@Observable` property of the lemma, a committed change of it
    /// (`propertyChanged`): one object's, shared by every path.
    let propertyChanges: [[Z3Term]]
    /// Per transition, per object of the lemma, a send of it (`objectSent`): the object's, shared by
    /// every path.
    let objectsSent: [[Z3Term]]
    private let rules: InvalidationRules

    init(lemma: InvalidationLemmaSpec, context: Z3Context) {
        self.lemma = lemma
        self.context = context
        rules = lemma.rules
        // Over two renders a path's one view keeps the name it always had, so its script is unchanged.
        let observable = lemma.observableProperties.count
        let keys = lemma.environmentKeys.count
        let objects = lemma.objects.count
        let bindings = !lemma.bindingPairs.isEmpty
        let revival = Revival.possible(under: lemma.identityRules)
        histories = lemma.paths.indices.map { path in
            lemma.transitions == 1
                ? [InvalidationVocabulary(
                    path: path, context: context, observableProperties: observable, environmentKeys: keys, objects: objects,
                    stateObject: lemma.namesStateObject, bindings: bindings, mutated: lemma.mutated[path] != nil,
                    bodyReads: lemma.namesBodyReads, row: lemma.rows.contains(path), revival: revival)]
                : (0..<lemma.transitions).map {
                    InvalidationVocabulary(
                        name: "v\(path).t\($0)", context: context, observableProperties: observable, environmentKeys: keys,
                        objects: objects, stateObject: lemma.namesStateObject, bindings: bindings, mutated: lemma.mutated[path] == $0,
                        transition: $0, bodyReads: true, carriesObject: true, row: lemma.rows.contains(path), revival: revival)
                }
        }
        views = histories.flatMap { $0 }
        // Over two renders the changes keep the names they always had, so the scripts are unchanged.
        propertyChanges = (0..<lemma.transitions).map { transition in
            (0..<observable).map { context.const("changed\($0)" + (lemma.transitions == 1 ? "" : ".t\(transition)"), context.boolSort) }
        }
        objectsSent = (0..<lemma.transitions).map { transition in
            (0..<objects).map { context.const("sent\($0)" + (lemma.transitions == 1 ? "" : ".t\(transition)"), context.boolSort) }
        }
    }

    /// The rules alone, for obligations about views of `views` (no lemma).
    init(rules: InvalidationRules, context: Z3Context, views: [InvalidationVocabulary]) {
        lemma = InvalidationLemmaSpec(
            name: "", paths: [], rules: rules, identityRules: .runtime, expectation: .holds, assumptions: [],
            conclusion: .constant(true))
        self.context = context
        self.rules = rules
        self.views = views
        histories = views.map { [$0] }
        propertyChanges = []
        objectsSent = []
    }

    /// Well-formedness of every view, what a tree can give it (`realizable`), consecutive
    /// transitions of a path joined (`continues`), the declared parents (`structure`), and the
    /// negated statement.
    func query() throws -> [Z3Term] {
        var facts = views.map(wellFormed) + views.map(realizable)
        for history in histories {
            for (earlier, later) in zip(history, history.dropFirst()) {
                facts.append(continues(earlier, later))
                if let carried = try tracking(earlier, later) { facts.append(carried) }
                if let carried = carriesObject(earlier, later) { facts.append(carried) }
                if let declared = sameDeclarations(earlier, later) { facts.append(declared) }
            }
        }
        facts += structure() + stateLocationsKept() + readFlags() + stateSets() + views.compactMap(heldObject) + stateCarried()
        return facts + [try formula(lemma.statement, indices: [:]).not()]
    }

    /// Every path's set (`stateSet`), the set view being the first link's earlier one or the later
    /// view of the link before.
    func stateSets() -> [Z3Term] {
        histories.flatMap { history in
            history.indices.compactMap { transition in
                stateSet(history[transition], setViewHasState: transition == 0 ? history[0].hasStateOld : history[transition - 1].hasState)
            }
        }
    }

    /// A user's set of the view's `@State` between the renders (`mutate p after r`;
    /// `ViewLink.isRealizable` with a `StateSet`): the set view, the link's earlier one, has
    /// `@State` (`setViewHasState`), and the view's state changed, read or unread but not both (no
    /// other state changes), exactly when the set commits (a value other than the one held,
    /// `InvalidationRules.i8SetCommits`; any under `equalSetCommits`) and the identity survived (a
    /// new view's state is fresh, I1). The set view's type is the link's while the identity
    /// survives; a new identity may be another type (`AnyView`, FINDINGS.md 46), so a view without
    /// `@State` may follow a set one. `nil` for a view with no set.
    func stateSet(_ view: InvalidationVocabulary, setViewHasState: Z3Term?) -> Z3Term? {
        guard let held = view.held, let set = view.set, let setViewHasState else { return nil }
        let commits = rules.mutation == .equalSetCommits ? context.bool(true) : set.neq(held)
        return context.and([
            setViewHasState, view.survives.implies(view.hasState.eq(setViewHasState)),
            unlessRevived(view, view.stateRead.or(view.stateUnread).eq(view.survives.and(commits))),
            view.stateRead.and(view.stateUnread).not(),
        ])
    }

    /// A set path's `@State` changes only by its set (`StateCarry`): at every other transition it
    /// holds its value while the identity survives, and a new identity's state is fresh, so neither
    /// is a change. The value held at the set is free: no earlier set changed it, so it is the
    /// initial value of the identity then present, which is any `Int`. The mutants of
    /// `InvalidationRules.i8StateAfter`: under `setAppliedAgain` the set's change recurs at every
    /// later transition its identity survives all the way to; under `stateCarriedToNewIdentity` the
    /// transition after the set may change (read or not: the new storage's value is free) when the
    /// set's identity was lost and the next one survives.
    func stateCarried() -> [Z3Term] {
        lemma.mutated.sorted { $0.key < $1.key }.flatMap { path, setTransition -> [Z3Term] in
            let history = histories[path]
            let set = history[setTransition]
            return history.enumerated().filter { $0.offset != setTransition }.map { transition, view in
                // A revived identity's state is the one retained (R7), not this path's.
                let unchanged = unlessRevived(view, view.stateRead.not().and(view.stateUnread.not()))
                guard transition > setTransition else { return unchanged }
                switch rules.mutation {
                case .setAppliedAgain:
                    let held = context.and(history[(setTransition + 1)...transition].map(\.survives))
                    return view.stateRead.eq(set.stateRead.and(held)).and(view.stateUnread.eq(set.stateUnread.and(held)))
                case .stateCarriedToNewIdentity where transition == setTransition + 1:
                    var reaches = [set.survives.not(), view.survives]
                    if let held = set.held, let value = set.set { reaches.append(value.neq(held)) }
                    return view.stateRead.or(view.stateUnread).implies(context.and(reaches))
                        .and(view.stateRead.and(view.stateUnread).not())
                default:
                    return unchanged
                }
            }
        }
    }

    /// The render between two transitions of one place: the later view's old values are the
    /// earlier's new ones, component by component, and, while the identity survives, its type
    /// (properties, `==`, `.equatable()`, `@State`, an unnamed environment declaration) is the same.
    /// A new identity may be another type at the same place: `AnyView` erases it (R5, I1;
    /// `i1_anyview_of_another_type_is_a_new_view`), so tying the types there proved lemmas false of
    /// such a place (FINDINGS 46).
    func continues(_ earlier: InvalidationVocabulary, _ later: InvalidationVocabulary) -> Z3Term {
        let k = context.const("k.next", context.intSort)
        let components: [(old: Z3FunctionDecl, new: Z3FunctionDecl)] = [
            (later.kindOld, earlier.kindNew), (later.valueOld, earlier.valueNew), (later.capturesOld, earlier.capturesNew),
            (later.locationOld, earlier.locationNew), (later.keyPathOld, earlier.keyPathNew),
        ]
        return context.and([
            later.survives.implies(sameType(earlier, later)),
            context.forall(
                [k], inRange(k, earlier).implies(context.and(components.map { $0.old(k).eq($0.new(k)) }))),
        ])
    }

    /// I10, I11 between two links of a place: the environment keys it declares and the objects it
    /// observes and finds are the same in every render of the lemma (`ViewLink.sameDeclarations`,
    /// as the checker enumerates them); `nil` for a lemma that names no key or object.
    func sameDeclarations(_ earlier: InvalidationVocabulary, _ later: InvalidationVocabulary) -> Z3Term? {
        let pairs = Array(zip(earlier.declares, later.declares)) + Array(zip(earlier.observes, later.observes))
            + Array(zip(earlier.finds, later.finds))
        return pairs.isEmpty ? nil : context.and(pairs.map { $0.eq($1) })
    }

    /// Whether two consecutive links of a place give it one view type (properties, `==`,
    /// `.equatable()`, `@State`, an unnamed environment declaration).
    func sameType(_ earlier: InvalidationVocabulary, _ later: InvalidationVocabulary) -> Z3Term {
        context.and([
            later.props.eq(earlier.props), later.equality.eq(earlier.equality), later.equatable.eq(earlier.equatable),
            later.hasState.eq(earlier.hasState), later.unnamedEnvironment.eq(earlier.unnamedEnvironment),
        ])
    }

    /// Every place keeping one view type over all its links, also where a new identity could
    /// change it, the view after a set keeping the set view's `@State` and an earlier view with
    /// properties of its own (`propsOld`) as many as the later, also where its link's identity is
    /// lost: what a model is shrunk towards first, since the explicit trees (and the mutants'
    /// counterexamples) are most often of that shape.
    func typeStable() -> [Z3Term] {
        histories.flatMap { history in zip(history, history.dropFirst()).map { sameType($0, $1) } }
            + lemma.mutated.sorted { $0.key < $1.key }.map { path, transition in histories[path][transition].hasState }
            + views.compactMap { view in view.propsOld.map { $0.eq(view.props) } }
    }

    /// I8 "@Observable" between two links of a place (`InvalidationRules.i8Tracking`,
    /// `ViewLink.trackingAfter`): the later link's tracking is what the earlier's holds after its
    /// render, `tracked' = survives' ∧ ((survives ∧ ¬fired ∧ tracked) ∨ (evaluated ∧ reads))` per
    /// property, `fired` a change of a property it tracked (under `trackingReplacedEachEvaluation`
    /// nothing is kept by a body that ran, under `firedTrackingKept` a fired tracking is kept, under
    /// `skippedBodyReadsTracked` the reads count whether or not the body ran, under `readsNotRecorded`
    /// they never count); after a revived
    /// link only `tracked' ⇒ survives'` and `survives' ∧ evaluated ∧ reads ⇒ tracked'`; `nil` for a
    /// lemma that names no property.
    func tracking(_ earlier: InvalidationVocabulary, _ later: InvalidationVocabulary) throws -> Z3Term? {
        guard !earlier.tracks.isEmpty else { return nil }
        let changes = propertyChanges[earlier.transition]
        let fired = context.or(zip(earlier.tracks, changes).map { $0.and($1) })
        let evaluated = evaluated(earlier)
        var keeps = [earlier.survives] + (rules.mutation == .firedTrackingKept ? [] : [fired.not()])
        if rules.mutation == .trackingReplacedEachEvaluation { keeps.append(evaluated.not()) }
        let kept = context.and(keeps)
        let recorded = switch rules.mutation {
        case .skippedBodyReadsTracked: context.bool(true)
        case .readsNotRecorded: context.bool(false)
        default: evaluated
        }
        let carried = context.and(earlier.tracks.indices.map { property in
            later.tracks[property].eq(later.survives.and(
                kept.and(earlier.tracks[property]).or(recorded.and(earlier.reads[property]))))
        })
        guard let revived = earlier.revived else { return unlessRevived(later, carried) }
        // A revived identity's tracking comes back retained (R7), and whether its run keeps or
        // replaces it is open (FINDINGS.md 61): free at its link. Either way a run records what it
        // reads and a tracking is a surviving body attribute's (I8), so those halves stay (FINDINGS.md 72).
        let bounded = context.and(earlier.tracks.indices.map { property in
            later.tracks[property].implies(later.survives)
                .and(context.and([later.survives, recorded, earlier.reads[property]]).implies(later.tracks[property]))
        })
        return unlessRevived(later, context.ite(revived, then: bounded, else: carried))
    }

    /// I12 on a view's objects over several renders (`InvalidationRules.i12StateObject`): with a
    /// state object, its initialiser changed iff it makes another object than the one held before,
    /// it is kept iff the one held after is that one, and the one held after is the one held before
    /// while the identity survives under `.oncePerIdentity` (not `stateObjectRemade`), else the
    /// initialiser's. `nil` without object numbers.
    func heldObject(_ view: InvalidationVocabulary) -> Z3Term? {
        guard let stateObject = view.stateObject, let objects = view.heldObjects else { return nil }
        let once = rules.stateObjects == .oncePerIdentity && rules.mutation != .stateObjectRemade
        return stateObject.holds.implies(context.and([
            stateObject.initialiserChanged.eq(objects.initial.neq(objects.before)),
            stateObject.kept.eq(objects.after.eq(objects.before)),
            unlessRevived(view, objects.after.eq(context.ite(context.bool(once).and(view.survives), then: objects.before, else: objects.initial))),
        ]))
    }

    /// I12 between two links of a place: the same declaration, the object held before the later
    /// transition is the one held after the earlier, and a parent whose body did not run hands down
    /// its earlier initialiser (I9; not under `childrenAlwaysCompared`, as `realizable`). `nil`
    /// without object numbers.
    func carriesObject(_ earlier: InvalidationVocabulary, _ later: InvalidationVocabulary) -> Z3Term? {
        guard let first = earlier.stateObject, let second = later.stateObject, let before = earlier.heldObjects, let after = later.heldObjects else {
            return nil
        }
        var facts = [second.holds.eq(first.holds), after.before.eq(before.after)]
        // A revived identity's initialiser is the one its retained subgraph holds.
        if rules.mutation != .childrenAlwaysCompared {
            facts.append(unlessRevived(later, later.parentEvaluated.or(after.initial.eq(before.initial))))
        }
        return context.and(facts)
    }

    /// A path declared the child of another (`childOf`) is reached through it: at every
    /// transition its parent's evaluation is the other path's verdict (I9), and its identity
    /// survives only if the other's does (I1: a new parent's body makes new views, since a child's
    /// identity holds its parent's; `RuleSet.identitiesExtendParents`, not under
    /// `idOverridesStructure`). What that parent's skipped body hands down, `realizable` says already.
    func structure() -> [Z3Term] {
        let extends = lemma.identityRules.identitiesExtendParents
        return lemma.parents.enumerated().flatMap { child, parent -> [Z3Term] in
            guard let parent else { return [] }
            return zip(histories[child], histories[parent]).flatMap { child, parent in
                [child.parentEvaluated.eq(evaluated(parent))]
                    + (child.row.map { row($0, of: child, parent: parent) } ?? (extends ? [child.survives.implies(parent.survives)] : []))
            }
        }
    }

    /// A row of a `ForEach` in its parent's body (`rowOf`; `RowChange`): a skipped parent hands
    /// down its `ForEach`'s data, so the row keeps its key and offset (I9, as `realizable`; not
    /// under `childrenAlwaysCompared`), and under R8 the row's identity is its parent's and its key,
    /// so it survives iff its parent does and its key is kept (`RowChange.identifiedByKey`; a
    /// mutant of R8 leaves it free but for its parent: the row's identity holds its parent's).
    private func row(_ row: (keyKept: Z3Term, moved: Z3Term), of child: InvalidationVocabulary, parent: InvalidationVocabulary) -> [Z3Term] {
        var facts: [Z3Term] = []
        // A revived row comes back with its retained key and offset.
        if rules.mutation != .childrenAlwaysCompared {
            facts.append(unlessRevived(child, child.parentEvaluated.or(row.keyKept.and(row.moved.not()))))
        }
        if RowChange.identifiedByKey(under: lemma.identityRules) {
            facts.append(child.survives.eq(parent.survives.and(row.keyKept)))
        } else if !lemma.identityRules.restartsIdentity(at: RowChange.step(key: 0, offset: 0)) {
            facts.append(child.survives.implies(parent.survives))
        }
        return facts
    }

    /// I8 "The read flag": a storage's sticky flag, set after a render in which its owner's body
    /// read a change of it (`stateRead`) or in which a view whose body ran held a located binding to
    /// it (`holdsBindingOf(q, p)` of the lemma), stays set while p's identity survives (a new
    /// identity is a new storage, I1), as `ViewChainTrees.flags` and the scenario runner keep it.
    /// Nothing is known of it at the first link: the lemma's first render may follow any history,
    /// where a binding may have reached q in a value compared equal, which updated no box. So
    /// `flag₀ = false`, `flagₜ = (flagₜ₋₁ ∧ survivesₜ₋₁) ∨ stateReadₜ₋₁ ∨ ⋁ (holdsₜ ∧ evaluated(q)ₜ₋₁)`.
    /// Under `readFlag: .sticky` (not `readFlagNotShared`, as `i8StateChange`) p's change at each
    /// later transition whose flag is set is no unread one: `flag ⇒ ¬(stateUnread ∧ ¬stateRead)`
    /// (`ViewLink.flagAllows`). `firstRenderRan`: the flag the replay's trees give, whose first
    /// render runs every body, so that a binding held there sets it (a preference, `treeShaped`).
    func readFlags(firstRenderRan: Bool = false) -> [Z3Term] {
        guard rules.readFlag == .sticky, rules.mutation != .readFlagNotShared else { return [] }
        return histories.indices.flatMap { owner in
            let owners = histories[owner]
            let holders = lemma.bindingPairs.filter { $0.owner == owner }.map { histories[$0.holder] }
            // The trees' first render runs every body, so there a held binding sets the flag.
            var flag: Z3Term? = firstRenderRan && !holders.isEmpty ? context.or(holders.map { holdsBinding($0, at: 0, of: owners[0]) }) : nil
            return owners.indices.compactMap { transition -> Z3Term? in
                if transition > 0 {
                    let set = [owners[transition - 1].stateRead] + holders.map { holders in
                        holdsBinding(holders, at: transition, of: owners[transition]).and(evaluated(holders[transition - 1]))
                    }
                    flag = context.or((flag.map { [$0.and(owners[transition - 1].survives)] } ?? []) + set)
                }
                // A revived storage's flag is the one retained (R7), which nothing here shows.
                return flag.map { unlessRevived(owners[transition], $0.implies(owners[transition].stateUnread.and(owners[transition].stateRead.not()).not())) }
            }
        }
    }

    /// A surviving identity keeps its storage, so its state location, under every rule set: for
    /// the owners of the lemma's `holdsBindingOf`.
    func stateLocationsKept() -> [Z3Term] {
        Set(lemma.bindingPairs.map(\.owner)).sorted().flatMap { owner in
            zip(histories[owner], histories[owner].dropFirst()).compactMap { earlier, later in
                earlier.stateLocation.flatMap { location in later.stateLocation.map { earlier.survives.implies($0.eq(location)) } }
            }
        }
    }

    /// `holdsBindingOf(q, p, r)`: q's view in render `render` (the first link's earlier view, or
    /// the later view of the link before) holds a located binding to the `@State` of p's link at
    /// transition `render` (`ViewLink.values(of:at:)`).
    func holdsBinding(_ holders: [InvalidationVocabulary], at render: Int, of owner: InvalidationVocabulary) -> Z3Term {
        render == 0 ? holdsBinding(holders[0], of: owner) : holdsBinding(holders[render - 1], later: true, of: owner)
    }

    /// `holdsBindingOf(q, p)` (`ViewLink.holdsBinding`): p has `@State` and some earlier property
    /// (later, with `later`) of q is a projected or key-path binding at p's state location.
    func holdsBinding(_ holder: InvalidationVocabulary, later: Bool = false, of owner: InvalidationVocabulary) -> Z3Term {
        guard let location = owner.stateLocation else { return context.bool(false) }
        let k = context.const("k.binding", context.intSort)
        let kind = later ? holder.kindNew(k) : holder.kindOld(k)
        let located = self.kind(kind, is: .projectedBinding).or(self.kind(kind, is: .keyPathBinding))
        let range = later ? inRange(k, holder) : inOldRange(k, holder)
        return owner.hasState.and(
            context.exists([k], context.and([range, located, (later ? holder.locationNew(k) : holder.locationOld(k)).eq(location)])))
    }

    /// A preference for the models a replay can build, asserted only while a counterexample is
    /// searched for, never in the proof: a child whose parent has a new identity has one too. Where
    /// identities extend their parents', `structure` asserts it already; under `idOverridesStructure`
    /// it is left free there, and this prefers the models where it holds. A row under rules whose
    /// R8 is not the key alone survives as the replay's trees give it (`rowShaped`). A child's or a
    /// row's environment key changes while its parent's does not only when the parent's body ran (a
    /// write between them is in that body, for a row inside the `ForEach`'s closure: `InvalidationReplay`'s check). A binding held in the first
    /// render sets its owner's read flag, as every body runs in the trees' first render; without
    /// `firstRenderRan`, the trees may have a render before the lemma's first
    /// (`ViewChainTrees.earlierRender`), in which a holder its owner's body makes and that holds the
    /// binding in the first render is compared equal whatever it holds (`== true`, `.equatable()`).
    func treeShaped(firstRenderRan: Bool = true) -> [Z3Term] {
        let extends = lemma.identityRules.identitiesExtendParents
        let flags = lemma.bindingPairs.isEmpty ? [] : firstRenderRan ? readFlags(firstRenderRan: true) : lemma.bindingPairs.compactMap { pair in
            guard lemma.parents[pair.holder] == pair.owner, let holder = histories[pair.holder].first, let owner = histories[pair.owner].first
            else { return nil }
            let ignoresBinding = holder.equality.eq(context.int(InvalidationVocabulary.code(.alwaysTrue))).and(holder.equatable)
            return holdsBinding(holder, of: owner).implies(ignoresBinding)
        }
        let slots = RowSlot.slots(rows: lemma.rows, parents: lemma.parents)
        // Rows of one ForEach are of its one content's type (`RowSlot.ContentShape`, which the replay
        // checks), its `.environment` writes included: an override on all of them or on none
        // (`EnvironmentReach`), so below a skipped parent, which keeps its writes and hands its rows
        // down, they all keep their values of a key or all follow its change (FINDINGS.md 76).
        let sameContent = slots.indices.filter { slots[$0]?.index == 0 }.flatMap { first in
            slots.indices.filter { $0 != first && slots[$0] != nil && lemma.parents[$0] == lemma.parents[first] }.flatMap { second in
                zip(histories[first], histories[second]).flatMap { a, b in
                    [a.hasState.eq(b.hasState), a.equality.eq(b.equality), a.equatable.eq(b.equatable)]
                        + zip(a.keyChanged, b.keyChanged).map { a.parentEvaluated.or($0.eq($1)) }
                }
            }
        }
        return flags + sameContent + lemma.parents.enumerated().flatMap { child, parent -> [Z3Term] in
            guard let parent else { return [] }
            let row = lemma.rows.contains(child)
            return zip(histories[child], histories[parent]).flatMap { child, parent in
                (extends || row ? [] : [child.survives.implies(parent.survives)])
                    + zip(child.keyChanged, parent.keyChanged).map { $0.and($1.not()).implies(evaluated(parent)) }
            } + (row ? rowShaped(histories[child], parent: histories[parent], slot: slots[child]) : [])
        }
    }

    /// A row's survival as `ViewChainTrees` lays it out under the lemma's identity rules: the row
    /// at its slot's first offset (`RowSlot.firstOffset`: 2i for the i-th row), moving to the
    /// second and back, another row at the other offset while it is at the second, and, but for the
    /// last row, always; its key changed where it is not kept; whether its element after is one of the
    /// `ForEach`'s before follows from the rule function (`RuleSet.element`: by key, by offset, or one
    /// for every row, so a sibling row, whose keys and offsets are its own, adds no element the
    /// row's own slot does not). Only where R8 is not the key alone (`structure` asserts that case);
    /// a shrinking preference, so a mutant's model is one the trees realize.
    private func rowShaped(_ row: [InvalidationVocabulary], parent: [InvalidationVocabulary], slot: RowSlot?) -> [Z3Term] {
        let rules = lemma.identityRules
        guard !RowChange.identifiedByKey(under: rules), let slot else { return [] }
        func element(_ key: Int, _ offset: Int) -> PathElement { rules.element(of: RowChange.step(key: key, offset: offset), generation: 0) }
        let first = slot.firstOffset
        // The row's earlier key is 0 and a new one 1; the other row in its slot has key -1.
        func survives(offsetBefore: Int, keyKept: Bool, moved: Bool) -> Bool {
            let other = offsetBefore == 1 || !slot.isLast ? [element(-1, first + 1 - offsetBefore)] : []
            return ([element(0, first + offsetBefore)] + other).contains(element(keyKept ? 0 : 1, first + (moved ? 1 - offsetBefore : offsetBefore)))
        }
        var atOne = context.bool(false)
        var facts: [Z3Term] = []
        for (link, parentLink) in zip(row, parent) {
            guard let change = link.row else { return [] }
            var cases: [Z3Term] = []
            for offsetBefore in [0, 1] {
                for keyKept in [false, true] {
                    for moved in [false, true] where survives(offsetBefore: offsetBefore, keyKept: keyKept, moved: moved) {
                        cases.append(context.and([
                            offsetBefore == 1 ? atOne : atOne.not(), keyKept ? change.keyKept : change.keyKept.not(),
                            moved ? change.moved : change.moved.not(),
                        ]))
                    }
                }
            }
            facts.append(link.survives.eq(parentLink.survives.and(context.or(cases))))
            atOne = context.ite(change.moved, then: atOne.not(), else: atOne)
        }
        return facts
    }

    /// What every tree gives a view (`ViewLink.isRealizable`, FINDINGS.md 11): a view's identity
    /// and stored values are a field of its parent body's output, so when the parent's body did not
    /// run (the view is not reached, I9) the view survives with the same values, its `@State`'s
    /// initial value included, `¬parentEvaluated ⇒ survives ∧ initialSame ∧ ∀k. same(k)` (`same`
    /// includes the kind); and a view with a new identity is a new view whose state cannot have
    /// changed since a render it was not in, `¬survives ⇒
    /// ¬stateRead ∧ ¬stateUnread` (I1). The root's parent, the host, always runs, so the first
    /// half never binds the root. A mutant that reaches children whatever their parent did
    /// (`childrenAlwaysCompared`) or compares a new identity as if it survived
    /// (`identityChangeCompared`) drops its half, as `InvalidationRules` does. A revived view
    /// (`Revival`) has a new identity, and neither half is known of it (`unlessRevived`).
    func realizable(_ view: InvalidationVocabulary) -> Z3Term {
        realizable(view, survives: view.survives, parentEvaluated: view.parentEvaluated)
    }

    /// `realizable` with the view's survival and its parent's evaluation given (the tree copy's).
    func realizable(_ view: InvalidationVocabulary, survives: Z3Term, parentEvaluated: Z3Term) -> Z3Term {
        var facts: [Z3Term] = []
        if rules.mutation != .childrenAlwaysCompared {
            let k = context.const("k.handed", context.intSort)
            // The state object's initialiser is part of the value the parent's body made: the held
            // object's unless I12 keeps an object from an earlier render (`ViewLink.isRealizable`).
            let keepsAcrossInitialisers = rules.stateObjects == .oncePerIdentity && rules.mutation != .stateObjectRemade
            let unchanged = context.and([
                survives, view.initialSame, context.forall([k], inRange(k, view).implies(same(view, k))),
            ] + (keepsAcrossInitialisers ? [] : view.stateObject.map { [$0.initialiserChanged.not()] } ?? []))
            // A revived view's parent's body may not have run: the retained subgraph comes back whole.
            facts.append(unlessRevived(view, parentEvaluated.or(unchanged)))
        }
        if let revived = view.revived { facts.append(revived.implies(survives.not())) }
        if rules.mutation != .identityChangeCompared {
            facts.append(unlessRevived(view, survives.or(view.stateRead.not().and(view.stateUnread.not()))))
            // A new view's body has not run, so its tracking holds nothing; a revived one's is retained.
            if !view.tracks.isEmpty { facts.append(unlessRevived(view, survives.or(context.and(view.tracks.map { $0.not() })))) }
        }
        if let stateObject = view.stateObject {
            // I12 (`ViewLink.keeps`): while the identity survives its object, else the initialiser's.
            let once = rules.stateObjects == .oncePerIdentity && rules.mutation != .stateObjectRemade
            let keeps = context.bool(once).and(survives).or(stateObject.initialiserChanged.not())
            facts.append(unlessRevived(view, stateObject.holds.implies(stateObject.kept.eq(keeps))))
            facts.append(stateObject.holds.or(stateObject.initialiserChanged.not().and(stateObject.kept.not())))
        }
        return context.and(facts)
    }

    private func kind(_ term: Z3Term, is kind: PropertyKind) -> Z3Term {
        term.eq(context.int(InvalidationVocabulary.code(kind)))
    }

    /// Kinds and equality in range, a property's kind fixed by the type (a binding may change how
    /// it was made), `.equatable()` only on an `Equatable` view, a state change and another initial
    /// value only with `@State`.
    func wellFormed(_ view: InvalidationVocabulary) -> Z3Term {
        let k = context.const("k.wf", context.intSort)
        let last = PropertyKind.allCases.count - 1
        let tied = view.kindOld(k).eq(view.kindNew(k)).or(isBinding(view.kindOld(k)).and(isBinding(view.kindNew(k))))
        let kinds = context.forall(
            [k],
            inRange(k, view).implies(context.and([
                view.kindOld(k) >= 0, view.kindOld(k) <= last, view.kindNew(k) >= 0, view.kindNew(k) <= last,
                // With an earlier property count of its own, a new identity's earlier kinds are its own type's.
                view.propsOld == nil ? tied : view.survives.implies(tied),
                // A struct value (bits in `value`, what its `==` compares in `location`): the same
                // bits compare the same under its `==`.
                kind(view.kindNew(k), is: .structure).or(kind(view.kindNew(k), is: .podStructure))
                    .and(view.valueOld(k).eq(view.valueNew(k)))
                    .implies(view.locationOld(k).eq(view.locationNew(k))),
            ])))
        // The earlier view's own properties: as many as the later's while the identity survives.
        let earlier = view.propsOld.map { propsOld in
            [
                propsOld >= 0, view.survives.implies(propsOld.eq(view.props)),
                context.forall([k], inOldRange(k, view).implies((view.kindOld(k) >= 0).and(view.kindOld(k) <= last))),
            ]
        } ?? []
        return context.and([
            view.props >= 0, kinds,
        ] + earlier + [
            view.equality >= 0, view.equality <= ViewEquality.allCases.count - 1,
            view.equatable.implies(view.equality.neq(context.int(InvalidationVocabulary.code(.notEquatable)))),
            view.stateRead.or(view.stateUnread).implies(view.hasState),
            view.hasState.or(view.initialSame),
        ])
    }

    private func isBinding(_ kindTerm: Z3Term) -> Z3Term {
        context.or(PropertyKind.allCases.filter(\.isBinding).map { kind(kindTerm, is: $0) })
    }

    /// Every value of every property of every view between 0 and `bound`: what a person reads first.
    func smallValues(_ bound: Int) -> Z3Term {
        let k = context.const("k.small", context.intSort)
        var facts: [Z3Term] = []
        for view in views {
            for (function, old) in [
                (view.valueOld, true), (view.valueNew, false), (view.locationOld, true), (view.locationNew, false),
                (view.keyPathOld, true), (view.keyPathNew, false),
            ] {
                let range = old ? inOldRange(k, view) : inRange(k, view)
                facts.append(context.forall([k], range.implies((function(k) >= 0).and(function(k) <= bound))))
            }
            for value in [view.held, view.set].compactMap({ $0 }) { facts.append((value >= 0).and(value <= bound)) }
        }
        return context.and(facts)
    }

    private func inRange(_ index: Z3Term, _ view: InvalidationVocabulary) -> Z3Term {
        context.and([index >= 0, index < view.props])
    }

    /// An index of the earlier view's properties (`propsOld` where it has its own count).
    private func inOldRange(_ index: Z3Term, _ view: InvalidationVocabulary) -> Z3Term {
        context.and([index >= 0, index < (view.propsOld ?? view.props)])
    }

    /// `revived(p, r)` (`Revival`): false where the identity rules retain nothing.
    func revived(_ view: InvalidationVocabulary) -> Z3Term { view.revived ?? context.bool(false) }

    /// `fact`, or nothing where the view is revived: what a new identity does (I1: fresh state, its
    /// body runs; I8: tracking from nothing, a clear flag; I12: a new object) is not known of an
    /// identity a lazy container gives back (R7, FINDINGS.md 67), so a superset of its behaviours.
    func unlessRevived(_ view: InvalidationVocabulary, _ fact: Z3Term) -> Z3Term {
        view.revived.map { $0.or(fact) } ?? fact
    }

    // MARK: The rules

    /// Whether the view's body runs: a new identity (I1), reached and compared different (I9,
    /// I2–I7), or its own change (I8).
    func evaluated(_ view: InvalidationVocabulary) -> Z3Term {
        evaluated(view, survives: view.survives, parentEvaluated: view.parentEvaluated, differs: differs(view))
    }

    /// I1, I9 and I8 around a comparison's verdict `differs`; where the view is revived, its own
    /// free `revivedRuns` (docs/invalidation.md leaves a revived body's run open, FINDINGS.md 52).
    func evaluated(_ view: InvalidationVocabulary, survives: Z3Term, parentEvaluated: Z3Term, differs: Z3Term) -> Z3Term {
        let byRules = evaluatedByRules(view, survives: survives, parentEvaluated: parentEvaluated, differs: differs)
        guard let revived = view.revived, let runs = view.revivedRuns else { return byRules }
        return context.ite(revived, then: runs, else: byRules)
    }

    private func evaluatedByRules(_ view: InvalidationVocabulary, survives: Z3Term, parentEvaluated: Z3Term, differs: Z3Term) -> Z3Term {
        let gate = rules.mutation == .identityChangeCompared ? context.bool(true) : survives
        let reached = rules.mutation == .childrenAlwaysCompared ? context.bool(true) : parentEvaluated
        guard rules.mutation != .ownChangeIgnored else { return context.or([gate.not(), reached.and(differs)]) }
        let own = context.or([view.stateRead, view.signalled] + (observed(view).map { [$0] } ?? []) + (sent(view).map { [$0] } ?? []))
        return context.or([gate.not(), reached.and(differs), own] + (environmentChanged(view).map { [$0] } ?? []))
    }

    /// I10 (`InvalidationRules.i10EnvironmentChange`): under `environment: .perKey` a declared key
    /// whose reaching value changed, or under `environmentComparedWhole` any changed key once the
    /// view declares one; `nil` for a lemma that names no key. A dependency of the view, as
    /// `BodyEvaluator` has it (I8 decides it), so `ownChangeIgnored` drops it with `signalled`.
    func environmentChanged(_ view: InvalidationVocabulary) -> Z3Term? {
        guard !view.declares.isEmpty else { return nil }
        guard rules.environment == .perKey else { return context.bool(false) }
        if rules.mutation == .environmentComparedWhole {
            // Any declaration compares the whole environment, an unnamed key's too.
            return context.or(view.declares + [view.unnamedEnvironment]).and(context.or(view.keyChanged))
        }
        return context.or(zip(view.declares, view.keyChanged).map { $0.and($1) })
    }

    /// I11 (`InvalidationRules.i11ObjectSignalled`): under `objectSignals: .fromSends` a sent object
    /// the view observes, through an `@ObservedObject` or (not under `environmentObjectsIgnored`) an
    /// `@EnvironmentObject`; `nil` for a lemma that names no object. In the own change, as
    /// `BodyEvaluator` decides it (I8's `signalled`), so `ownChangeIgnored` drops it.
    func sent(_ view: InvalidationVocabulary) -> Z3Term? {
        guard !view.observes.isEmpty else { return nil }
        guard rules.objectSignals == .fromSends else { return context.bool(false) }
        let found = rules.mutation != .environmentObjectsIgnored
        return context.or(view.observes.indices.map { object in
            let holds = found ? view.observes[object].or(view.finds[object]) : view.observes[object]
            return holds.and(objectsSent[view.transition][object])
        })
    }

    private func stateObject(_ path: Int, _ transition: Int = 0) throws -> (holds: Z3Term, initialiserChanged: Z3Term, kept: Z3Term) {
        guard let stateObject = histories[path][transition].stateObject else {
            throw EncodingError.undecodable("a state-object atom of a lemma made without state-object symbols")
        }
        return stateObject
    }

    private func rowTerms(_ path: Int, _ transition: Int) throws -> (keyKept: Z3Term, moved: Z3Term) {
        guard let row = histories[path][transition].row else {
            throw EncodingError.undecodable("a row atom of a path not declared with rowOf")
        }
        return row
    }

    /// I8 "@Observable" (`InvalidationRules.i8ObservationChanged`): under `.propertyReads` a
    /// committed change of a property the view's tracking holds, or under `observationPerObject`
    /// of any property of the object (the lemma's properties are one object's) once it tracks
    /// one; `nil` for a lemma that names no property.
    func observed(_ view: InvalidationVocabulary) -> Z3Term? {
        guard !view.tracks.isEmpty else { return nil }
        guard rules.observation == .propertyReads else { return context.bool(false) }
        let changes = propertyChanges[view.transition]
        if rules.mutation == .observationPerObject {
            return context.or(view.tracks).and(context.or(changes))
        }
        return context.or(zip(view.tracks, changes).map { $0.and($1) })
    }

    /// The comparison said different: by the custom `==` when I4 or I2 picks it (under `.equatable()`
    /// a POD view only once a field differs, `equatableView: .podBitsFirst`), else field by field.
    func differs(_ view: InvalidationVocabulary) -> Z3Term {
        let equatableType = view.equality.neq(context.int(InvalidationVocabulary.code(.notEquatable)))
        let ready = rules.layouts == .ready
        let i4 = context.and([
            view.equatable, equatableType, context.bool(ready && rules.mutation != .equatableViewIgnored),
        ])
        let podChoice = context.bool(rules.mutation == .podHonoursCustomEquality)
        let nonPODChoice = context.bool(rules.customEquality == .unlessPOD)
        let i2 = context.and([
            equatableType, context.bool(ready), context.ite(pod(view), then: podChoice, else: nonPODChoice),
        ])
        let alwaysFalse = view.equality.eq(context.int(InvalidationVocabulary.code(.alwaysFalse)))
        let fieldwise = fieldwiseDiffers(view)
        // I4 (`equatableView: .podBitsFirst`): an unchanged POD view is equal before `==` is asked.
        let bitsFirst = rules.equatableView == .podBitsFirst && rules.mutation != .equatablePODBitsIgnored
        let byEquality = bitsFirst
            ? context.ite(pod(view), then: alwaysFalse.and(fieldwise), else: alwaysFalse) : alwaysFalse
        return context.ite(i4, then: byEquality, else: context.ite(i2, then: alwaysFalse, else: fieldwise))
    }

    /// `_isPOD` of the new value: no `@State`, no `@Environment`, `@EnvironmentObject` or object
    /// reference (named by the lemma or not), and every property trivial plain data (a `text`
    /// property, a `String`, is not: FINDINGS.md 13).
    func pod(_ view: InvalidationVocabulary) -> Z3Term {
        let k = context.const("k.pod", context.intSort)
        // An `@Environment` property holds a key path, a class: the view is not POD (I2, I10).
        // So does an `@ObservedObject` or `@EnvironmentObject` (a reference; I2, I11), and so does
        // a declaration of a key or object the lemma does not name (FINDINGS.md 42).
        let references = view.declares + view.observes + view.finds + (view.stateObject.map { [$0.holds] } ?? [])
            + [view.unnamedEnvironment]
        let noState = context.and([view.hasState.not()] + references.map { $0.not() })
        return noState.and(
            context.forall([k], inRange(k, view).implies(context.or(PropertyKind.allCases.filter(\.isPOD).map { kind(view.kindNew(k), is: $0) }))))
    }

    /// Some stored property compares different (I3, I5, I6, I7), or the `@State`'s initial value
    /// does (I3, under `stateInitialValue: .compared`; `InvalidationRules.i3StateInitialEqual`); any
    /// non-POD view under the mutant `nonPODFieldsAlwaysDiffer`.
    private func fieldwiseDiffers(_ view: InvalidationVocabulary) -> Z3Term {
        let k = context.const("k.differs", context.intSort)
        let property = context.exists([k], inRange(k, view).and(propertyEqual(view, k).not()))
        let initialCompared = rules.stateInitialValue == .compared && rules.mutation != .stateInitialValueIgnored
        var differs = initialCompared ? property.or(view.initialSame.not()) : property
        // The held state object, a reference compared by identity (I7).
        if let stateObject = view.stateObject, rules.mutation != .referencesAlwaysEqual {
            differs = differs.or(stateObject.holds.and(stateObject.kept.not()))
        }
        return rules.mutation == .nonPODFieldsAlwaysDiffer ? differs.or(pod(view).not()) : differs
    }

    /// One property compared by its kind's rule (I3, I5, I6, I7); properties of different kinds differ.
    private func propertyEqual(_ view: InvalidationVocabulary, _ k: Z3Term) -> Z3Term {
        let mutation = rules.mutation
        let sameValue = view.valueOld(k).eq(view.valueNew(k))
        let sameLocation = view.locationOld(k).eq(view.locationNew(k))
        let snapshot = rules.bindings == .locationOnly ? context.bool(true) : sameValue
        let closure: Z3Term
        if mutation == .closuresCompareEqual {
            closure = context.bool(true)
        } else if rules.closures == .neverEqual {
            closure = context.bool(false)
        } else {
            closure = view.capturesOld(k).not().and(view.capturesNew(k).not())
        }
        let byKind: [(PropertyKind, Z3Term)] = [
            (.plain, mutation == .plainDataIgnored ? context.bool(true) : sameValue),
            (.text, mutation == .plainDataIgnored ? context.bool(true) : sameValue),
            (.closure, closure),
            (.manualBinding, mutation == .manualBindingComparesEqual ? sameValue : context.bool(false)),
            (.projectedBinding, sameLocation.and(snapshot)),
            (.keyPathBinding, context.and([sameLocation, view.keyPathOld(k).eq(view.keyPathNew(k)), snapshot])),
            (.reference, mutation == .referencesAlwaysEqual ? context.bool(true) : sameValue),
            (.observed, mutation == .referencesAlwaysEqual ? context.bool(true) : sameValue),
            (.equatableReference, equatableReferenceEqual(sameObject: sameValue, sameEquality: sameLocation)),
            (.podStructure, mutation == .nestedEqualityAlwaysUsed ? sameLocation : sameValue),
            (.structure, rules.nonPODStructsByEquality ? sameLocation : sameValue),
        ]
        return view.kindOld(k).eq(view.kindNew(k)).and(cases(view.kindNew(k), byKind))
    }

    /// I7 for an `Equatable` class's reference (object in `value`, what its `==` compares in
    /// `location`): the same object, or under `references: .equatable` the `==`.
    private func equatableReferenceEqual(sameObject: Z3Term, sameEquality: Z3Term) -> Z3Term {
        if rules.mutation == .referencesAlwaysEqual { return context.bool(true) }
        guard rules.equatableReferencesByEquality else { return sameObject }
        return sameObject.or(sameEquality)
    }

    /// `p[k].same`: the same value of the same kind, reading only the components the kind has.
    func same(_ view: InvalidationVocabulary, _ k: Z3Term) -> Z3Term {
        let value = view.valueOld(k).eq(view.valueNew(k))
        let location = view.locationOld(k).eq(view.locationNew(k))
        let byKind: [(PropertyKind, Z3Term)] = [
            (.plain, value),
            (.text, value),
            (.closure, view.capturesOld(k).eq(view.capturesNew(k))),
            (.manualBinding, value),
            (.projectedBinding, location.and(value)),
            (.keyPathBinding, context.and([location, view.keyPathOld(k).eq(view.keyPathNew(k)), value])),
            (.reference, value),
            (.observed, value),
            (.equatableReference, value.and(location)),
            (.podStructure, value.and(location)),
            (.structure, value.and(location)),
        ]
        let same = view.kindOld(k).eq(view.kindNew(k)).and(cases(view.kindNew(k), byKind))
        // Beyond the earlier view's own properties there is no earlier value to be the same.
        return view.propsOld.map { (k < $0).and(same) } ?? same
    }

    private func cases(_ kindTerm: Z3Term, _ byKind: [(PropertyKind, Z3Term)]) -> Z3Term {
        var result = context.bool(false)
        for (kind, term) in byKind.reversed() {
            result = context.ite(self.kind(kindTerm, is: kind), then: term, else: result)
        }
        return result
    }

    // MARK: Formulas

    private func formula(_ formula: InvalidationFormula, indices: [Int: Z3Term]) throws -> Z3Term {
        switch formula {
        case .constant(let value): return context.bool(value)
        case .not(let body): return try self.formula(body, indices: indices).not()
        case .and(let parts): return context.and(try parts.map { try self.formula($0, indices: indices) })
        case .or(let parts): return context.or(try parts.map { try self.formula($0, indices: indices) })
        case .implies(let lhs, let rhs):
            return try self.formula(lhs, indices: indices).implies(try self.formula(rhs, indices: indices))
        case .exists(let variable, let path, let body):
            let k = context.const("k\(variable)", context.intSort)
            var inner = indices
            inner[variable] = k
            return context.exists([k], inRange(k, histories[path][0]).and(try self.formula(body, indices: inner)))
        case .forall(let variable, let path, let body):
            let k = context.const("k\(variable)", context.intSort)
            var inner = indices
            inner[variable] = k
            return context.forall([k], inRange(k, histories[path][0]).implies(try self.formula(body, indices: inner)))
        case .compare(let op, let lhs, let rhs):
            let (left, leftDefined) = try term(lhs, indices: indices)
            let (right, rightDefined) = try term(rhs, indices: indices)
            let compared: Z3Term
            switch op {
            case .equal: compared = left.eq(right)
            case .notEqual: compared = left.neq(right)
            case .less: compared = left < right
            case .lessOrEqual: compared = left <= right
            case .greater: compared = left > right
            case .greaterOrEqual: compared = left >= right
            }
            return context.and(leftDefined + rightDefined + [compared])
        case .evaluated(let path, let transition): return evaluated(histories[path][transition])
        case .parentEvaluated(let path, let transition): return histories[path][transition].parentEvaluated
        case .survives(let path, let transition): return histories[path][transition].survives
        case .tracks(let path, let property, let transition): return histories[path][transition].tracks[property]
        case .bodyReads(let path, let property, let transition): return histories[path][transition].reads[property]
        case .propertyChanged(let property, let transition): return propertyChanges[transition][property]
        case .declaresKey(let path, let key): return histories[path][0].declares[key]
        case .environmentChanged(let path, let key, let transition): return histories[path][transition].keyChanged[key]
        case .holdsBinding(let holder, let owner, let render): return holdsBinding(histories[holder], at: render, of: histories[owner][render])
        case .observesObject(let path, let object): return histories[path][0].observes[object]
        case .findsObject(let path, let object): return histories[path][0].finds[object]
        case .objectSent(let object, let transition): return objectsSent[transition][object]
        case .holdsStateObject(let path): return try stateObject(path).holds
        case .initialiserChanged(let path, let transition): return try stateObject(path, transition).initialiserChanged
        case .keepsStateObject(let path, let transition): return try stateObject(path, transition).kept
        case .keyKept(let path, let transition): return try rowTerms(path, transition).keyKept
        case .moved(let path, let transition): return try rowTerms(path, transition).moved
        case .revived(let path, let transition): return revived(histories[path][transition])
        }
    }

    /// A term and the conditions under which it is defined (a property index below `props`).
    private func term(_ term: InvalidationTerm, indices: [Int: Z3Term]) throws -> (Z3Term, [Z3Term]) {
        switch term {
        case .int(let value): return (context.int(value), [])
        case .bool(let value): return (context.bool(value), [])
        case .propertyKind(let kind): return (context.int(InvalidationVocabulary.code(kind)), [])
        case .equality(let equality): return (context.int(InvalidationVocabulary.code(equality)), [])
        case .index(let index): return (self.index(index, indices), [])
        case .view(let path, let field, let transition):
            let view = histories[path][transition]
            switch field {
            case .props: return (view.props, [])
            case .pod: return (pod(view), [])
            case .equatable: return (view.equatable, [])
            case .eq: return (view.equality, [])
            case .hasState: return (view.hasState, [])
            case .stateRead: return (view.stateRead, [])
            case .stateUnread: return (view.stateUnread, [])
            case .signalled: return (view.signalled, [])
            case .initialSame: return (view.initialSame, [])
            case .state, .set:
                // The checker allows them only for a path `mutate` names (E061), whose view has both.
                guard let held = view.held, let set = view.set else {
                    throw EncodingError.undecodable("the value of '\(field.rawValue)' of a path that is not mutated")
                }
                return (field == .state ? held : set, [])
            }
        case .property(let path, let index, let field, let transition):
            let view = histories[path][transition]
            let k = self.index(index, indices)
            let defined = inRange(k, view)
            switch field {
            case .kind: return (view.kindNew(k), [defined])
            case .same: return (same(view, k), [defined])
            case .captures: return (kind(view.kindNew(k), is: .closure).and(view.capturesNew(k)), [defined])
            }
        }
    }

    private func index(_ index: IndexTerm, _ indices: [Int: Z3Term]) -> Z3Term {
        guard let variable = index.variable, let bound = indices[variable] else { return context.int(index.offset) }
        return index.offset == 0 ? bound : bound + index.offset
    }
}
