/// The rules I1–I12, each implemented once (docs/invalidation.md), and the comparison built from them.
extension InvalidationRules {
    /// I1: only a surviving view is compared; a new identity is a new view whose body runs.
    /// Returns whether the view may be compared with an old value.
    public func i1IdentityGate(survives: Bool) -> Bool {
        mutation == .identityChangeCompared ? true : survives
    }

    /// I2: how a surviving view not under `.equatable()` (I4) is compared: a POD view field by
    /// field (its custom `==` ignored), a non-POD `Equatable` view by `==` under `.unlessPOD`; before
    /// layouts are ready every comparison is field by field.
    public func i2ComparisonMode(of view: ViewValue) -> ComparisonMode {
        guard view.equality != nil, layouts == .ready else { return .fieldwise }
        if view.isPOD { return mutation == .podHonoursCustomEquality ? .customEquality : .fieldwise }
        return customEquality == .unlessPOD ? .customEquality : .fieldwise
    }

    /// I3: a plain-data or text (`String`) property compares equal iff its value is unchanged.
    public func i3PlainDataEqual<Value: Equatable>(_ old: Value, _ new: Value) -> Bool {
        mutation == .plainDataIgnored ? true : old == new
    }

    /// I3: a field-by-field comparison: the first stored property that compares different by its
    /// kind's rule (I3, I5, I6, I7), then the `@State`'s initial value (`ViewValue.stateField`),
    /// or `nil` when all compare equal.
    public func i3FieldwiseDifference(old: ViewValue, new: ViewValue) -> String? {
        if mutation == .nonPODFieldsAlwaysDiffer && !new.isPOD { return new.properties.first?.name ?? ViewValue.stateField }
        for property in new.properties {
            guard let before = old.property(property.name) else { return property.name }
            if !propertyEqual(before, property.value) { return property.name }
        }
        return i3StateInitialEqual(old.initialState, new.initialState) ? nil : ViewValue.stateField
    }

    /// I3: the `@State`'s initial value, an ordinary stored field of `State` (`_value`), compares by
    /// value under `stateInitialValue: .compared`; a view without `@State` has none (`nil`).
    public func i3StateInitialEqual(_ old: Int?, _ new: Int?) -> Bool {
        stateInitialValue == .ignored || mutation == .stateInitialValueIgnored || old == new
    }

    /// I4: `.equatable()`/`EquatableView` compares an `Equatable` view by its `==` (its `Child` rule
    /// is `.equatableAlways`), once layouts are ready.
    public func i4EquatableApplies(to view: ViewValue) -> Bool {
        view.isEquatableWrapped && view.equality != nil && layouts == .ready && mutation != .equatableViewIgnored
    }

    /// I4: whether `.equatable()` first compares the view bit by bit (`equatableView: .podBitsFirst`):
    /// its parent's body output `EquatableView<V>` is compared by the body rule's default
    /// `.equatableUnlessPOD`, so a POD view whose fields are unchanged is equal and its `==` is not asked.
    public func i4UnchangedPODSkipsEquality(_ view: ViewValue) -> Bool {
        equatableView == .podBitsFirst && view.isPOD && mutation != .equatablePODBitsIgnored
    }

    /// I4: the custom `==`: equal iff every reading reads the same (a classified plain value by its
    /// category, a struct or an `Equatable` class's reference by its own `==`, any other property by
    /// its kind's rule).
    public func i4CustomEqual(_ equality: CustomEquality, old: ViewValue, new: ViewValue) -> ComparisonVerdict {
        switch equality {
        case .alwaysTrue: return .equal
        case .alwaysFalse: return .customEqualitySaidDifferent
        case .reads(let readings):
            for reading in readings {
                guard let before = old.property(reading.property), let after = new.property(reading.property) else {
                    return .differentAt(reading.property)
                }
                let same: Bool
                if case .plain(let a) = before, case .plain(let b) = after {
                    same = reading.category(of: a) == reading.category(of: b)
                } else if case .structure(let a) = before, case .structure(let b) = after {
                    same = i4NestedEqual(a, b)
                } else if case let .equatableReference(a, x) = before, case let .equatableReference(b, y) = after {
                    // Swift calls the class's `==` (reflexive), whatever `references` says of the graph.
                    same = a == b || x == y
                } else {
                    same = propertyEqual(before, after)
                }
                if !same { return .differentAt(reading.property) }
            }
            return .equal
        }
    }

    /// I5: a closure compares unequal (a new context each evaluation); under `.byContext` two
    /// closures that capture nothing compare equal.
    public func i5ClosureEqual(oldCaptures: Bool, newCaptures: Bool) -> Bool {
        if mutation == .closuresCompareEqual { return true }
        switch closures {
        case .neverEqual: return false
        case .byContext: return !oldCaptures && !newCaptures
        }
    }

    /// I6: bindings compare by location: a `Binding(get:set:)` has a new location every time and
    /// never compares equal; a projected or key-path binding has the same location while its base
    /// and key path are the same; under `.locationAndValue` its value snapshot must be unchanged too.
    public func i6BindingEqual(_ old: PropertyValue, _ new: PropertyValue) -> Bool {
        switch (old, new) {
        case let (.manualBinding(a), .manualBinding(b)):
            return mutation == .manualBindingComparesEqual ? a == b : false
        case let (.projectedBinding(l1, v1), .projectedBinding(l2, v2)):
            return l1 == l2 && (bindings == .locationOnly || v1 == v2)
        case let (.keyPathBinding(l1, k1, v1), .keyPathBinding(l2, k2, v2)):
            return l1 == l2 && k1 == k2 && (bindings == .locationOnly || v1 == v2)
        default:
            return false
        }
    }

    /// I7: a reference (an observed object included) compares equal iff it is the same object.
    public func i7ReferenceEqual(_ old: Int, _ new: Int) -> Bool {
        mutation == .referencesAlwaysEqual ? true : old == new
    }

    /// I8: whether the view's own state (read by its body) or an observed dependency changed, which
    /// runs its body whatever its parent did and the comparison said.
    public func i8OwnChange(state: StateChange, dependencyChanged: Bool) -> Bool {
        if mutation == .ownChangeIgnored { return false }
        return state == .changedRead || dependencyChanged
    }

    /// I8: the change of a view's own state as its body sees it: an unread change counts as read
    /// when its storage's sticky read flag is set (`readFlag: .sticky`): `StoredLocationBase.update()`
    /// sets `_wasRead` for every binding to it and `State.getValue(forReading: true)` for a read in
    /// its owner's body, and nothing clears it; `StatePropertyBox.update` returns `wasRead` on a change.
    public func i8StateChange(_ change: StateChange, locationWasRead: Bool) -> StateChange {
        guard change == .changedUnread, readFlag == .sticky, locationWasRead, mutation != .readFlagNotShared else {
            return change
        }
        return .changedRead
    }

    /// I8: whether an `@Observable` change runs the body: under `observation: .propertyReads`, a
    /// committed change of a property its last evaluation read (`readChanged`); `objectChanged`
    /// says that some property of an object it read changed, which the mutant takes instead.
    public func i8ObservationChanged(readChanged: Bool, objectChanged: Bool) -> Bool {
        guard observation == .propertyReads else { return false }
        return mutation == .observationPerObject ? objectChanged : readChanged
    }

    /// I8 "@Observable": what a body's tracking holds after a render, from what it `held` before
    /// it, what the body `read` if it ran, whether its identity `survives`, whether a committed
    /// change of a property it `held` `fired` the tracking, and whether the body was `evaluated`.
    /// A fired tracking is removed (`installObservationSlow` starts a new list), a body that ran
    /// again merges what it read into the list it kept (`newAccessList.merge`), one that did not run
    /// keeps its list, and a new identity starts from nothing. Independent of `observation`: the
    /// registrar tracks whether or not the rules let a change run the body.
    public func i8Tracking<Property>(held: Set<Property>, read: Set<Property>, survives: Bool, fired: Bool, evaluated: Bool) -> Set<Property> {
        let kept = survives && (!fired || mutation == .firedTrackingKept) && !(mutation == .trackingReplacedEachEvaluation && evaluated)
        let recorded = (evaluated || mutation == .skippedBodyReadsTracked) && mutation != .readsNotRecorded
        return (kept ? held : []).union(recorded ? read : [])
    }

    /// I8: whether setting a state to `new` is a change at all. `StoredLocationBase.set` compares
    /// the new value with the current one and commits nothing (no signal, no update) when they are
    /// equal; `nil` is a state the render does not hold, where any set commits.
    public func i8SetCommits(current: Int?, new: Int) -> Bool {
        mutation == .equalSetCommits || (current.map { $0 != new } ?? true)
    }

    /// I8 with I1: a `@State` after a transition of its view, from the value it `held`, the
    /// `initial` value a new identity's storage starts from, whether its identity `survives`, the
    /// user's `set` made before the transition, and the set an `earlier` transition `carried`. A
    /// set that commits (`i8SetCommits`) on a surviving identity is a change and is then simply
    /// held; one on an identity lost went to the old storage, and the new view's state is fresh, no
    /// change; at every other transition the state holds its value while the identity survives.
    public func i8StateAfter(held: Int, initial: Int, survives: Bool, set: StateUpdate?, carried: StateUpdate?) -> StateStep {
        guard survives else {
            if mutation == .stateCarriedToNewIdentity, let set, i8SetCommits(current: held, new: set.value) {
                return StateStep(value: initial, change: .none, carried: set)
            }
            return StateStep(value: initial, change: .none)
        }
        if let set, i8SetCommits(current: held, new: set.value) {
            return StateStep(value: set.value, change: set.change, carried: mutation == .setAppliedAgain ? set : nil)
        }
        guard let carried else { return StateStep(value: held, change: .none) }
        switch mutation {
        case .setAppliedAgain:
            return StateStep(value: held, change: carried.change, carried: carried)
        case .stateCarriedToNewIdentity where i8SetCommits(current: held, new: carried.value):
            return StateStep(value: carried.value, change: carried.change)
        default:
            return StateStep(value: held, change: .none)
        }
    }

    /// I9: a child is reached (built anew and compared) only when its parent's body ran.
    public func i9ChildReached(parentEvaluated: Bool) -> Bool {
        mutation == .childrenAlwaysCompared ? true : parentEvaluated
    }

    /// I10: the first environment key whose value reaching the view changed between the renders
    /// (`old`, `new`: the values written above it; a key absent holds its default), among the keys
    /// it `declared`; `nil` when none did. Under `.undeclared` declarations are no dependency.
    public func i10EnvironmentChange(declared: [EnvironmentProperty], old: [String: Int], new: [String: Int]) -> String? {
        guard environment == .perKey, !declared.isEmpty else { return nil }
        let keys = mutation == .environmentComparedWhole ? Set(old.keys).union(new.keys).sorted() : declared.map(\.key)
        return keys.first { old[$0] != new[$0] }
    }

    /// I11: whether an object in `sent` (each sent `objectWillChange` since the previous render)
    /// is one the view observed: an `@ObservedObject` property holding it, or an `@EnvironmentObject`
    /// whose type the environment reaching the view (`environmentObjects`, type to object) maps to
    /// it. A signal runs the body whatever it read (I8). Under `.handWritten` sends signal nothing.
    public func i11ObjectSignalled(_ view: ViewValue, environmentObjects: [String: Int], sent: [Int]) -> Bool {
        guard objectSignals == .fromSends else { return false }
        let observed = view.properties.contains {
            if case .observed(let object) = $0.value { return sent.contains(object) }
            return false
        }
        if observed { return true }
        if mutation == .environmentObjectsIgnored { return false }
        return view.environmentObjects.contains { declared in environmentObjects[declared.key].map(sent.contains) ?? false }
    }

    /// I12: the object an `@StateObject` holds this render: the one it `held` when its identity
    /// survived (`nil`: a new identity), else the one this render's initialiser makes, `initial`.
    public func i12StateObject(initial: Int, held: Int?) -> Int {
        guard stateObjects == .oncePerIdentity, mutation != .stateObjectRemade else { return initial }
        return held ?? initial
    }

    /// How a surviving view is compared: by `==` under `.equatable()` (I4), else as I2 says.
    public func comparisonMode(of view: ViewValue) -> ComparisonMode {
        i4EquatableApplies(to: view) ? .customEquality : i2ComparisonMode(of: view)
    }

    /// A surviving view's new value compared with its old one: I4 and I2 pick the mode, then I3–I7
    /// (under `.equatable()` an unchanged POD view is equal before its `==` is asked, I4).
    public func compare(old: ViewValue, new: ViewValue) -> ComparisonVerdict {
        switch comparisonMode(of: new) {
        case .customEquality:
            guard let equality = new.equality else { return .equal }
            if i4EquatableApplies(to: new), i4UnchangedPODSkipsEquality(new), i3FieldwiseDifference(old: old, new: new) == nil {
                return .equal
            }
            return i4CustomEqual(equality, old: old, new: new)
        case .fieldwise:
            return i3FieldwiseDifference(old: old, new: new).map(ComparisonVerdict.differentAt) ?? .equal
        }
    }

    /// One stored property compared by its kind's rule; properties of different kinds differ.
    func propertyEqual(_ old: PropertyValue, _ new: PropertyValue) -> Bool {
        switch (old, new) {
        case let (.plain(a), .plain(b)): return i3PlainDataEqual(a, b)
        case let (.text(a), .text(b)): return i3PlainDataEqual(a, b)
        case let (.closure(a), .closure(b)): return i5ClosureEqual(oldCaptures: a, newCaptures: b)
        case (.manualBinding, .manualBinding), (.projectedBinding, .projectedBinding),
            (.keyPathBinding, .keyPathBinding):
            return i6BindingEqual(old, new)
        case let (.reference(a), .reference(b)), let (.observed(a), .observed(b)): return i7ReferenceEqual(a, b)
        case let (.equatableReference(a, x), .equatableReference(b, y)):
            return i7EquatableReferenceEqual(oldObject: a, oldValue: x, newObject: b, newValue: y)
        case let (.structure(a), .structure(b)): return i3NestedEqual(a, b)
        default: return false
        }
    }
}
