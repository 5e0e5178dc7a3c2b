import Invalidation

/// One rule function applied to a small domain of its inputs: what tells two rule sets apart on
/// that rule alone. Each probe reads only its own rule's function (I3 and I4 only plain data, so
/// that I5–I7 stay out of them).
struct RuleProbe: Sendable {
    /// The rule probed: `I1` … `I10`.
    var rule: String
    /// The rule's outputs over the domain, under a rule set.
    var outputs: @Sendable (InvalidationRules) -> [String]

    private static let bools = [false, true]

    /// I8's `i8Tracking` for a tracking holding 1 and a body reading 2, under every flag.
    private static func trackings(_ rules: InvalidationRules) -> [String] {
        var result: [String] = []
        for survives in bools {
            for fired in bools {
                for evaluated in bools {
                    let tracking: Set<Int> = rules.i8Tracking(held: [1], read: [2], survives: survives, fired: fired, evaluated: evaluated)
                    result.append("\(tracking.sorted())")
                }
            }
        }
        return result
    }

    /// I8's `i8StateAfter` for a state holding 0 (a new identity's starting at 2), with no set, a
    /// set of 0 or of 1, read or not, and no set carried or one of 1, under every survival.
    private static func stateSteps(_ rules: InvalidationRules) -> [String] {
        let updates: [StateUpdate?] = [nil] + [0, 1].flatMap { value in bools.map { StateUpdate(value: value, read: $0) } }
        return bools.flatMap { survives in
            updates.flatMap { set in
                [nil, StateUpdate(value: 1, read: true)].map { carried in
                    "\(rules.i8StateAfter(held: 0, initial: 2, survives: survives, set: set, carried: carried))"
                }
            }
        }
    }

    /// POD and non-POD struct values whose `==` reads `lo`, with `hi` changed or not.
    private static let structures: [StructureValue] = [.plain(2), .plain(3), .text("a"), .text("b")].flatMap { hi in
        [1, 2].map { StructureValue("Range", [StoredProperty("lo", .plain($0)), StoredProperty("hi", hi)], reads: ["lo"]) }
    }
    private static let states: [StateChange] = [.none, .changedUnread, .changedRead]
    private static let initials: [Int?] = [nil, 1, 2]
    private static let locatedBindings: [PropertyValue] = [
        .manualBinding(value: 0), .manualBinding(value: 1),
        .projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 1),
        .projectedBinding(location: 2, value: 0),
        .keyPathBinding(location: 1, keyPath: "a", value: 0), .keyPathBinding(location: 1, keyPath: "b", value: 0),
    ]
    private static let views: [ViewValue] = {
        let plain = [StoredProperty("x", .plain(1))]
        let mixed = [StoredProperty("x", .plain(1)), StoredProperty("m", .reference(object: 1))]
        return [plain, mixed].flatMap { properties in
            [nil, CustomEquality.alwaysTrue].flatMap { equality in
                bools.map { ViewValue("V", properties, equality: equality, isEquatableWrapped: $0) }
            }
        }
    }()
    private static let temperatures = [-5, 18, 22, 26]
    /// Environments written above a view (a key absent holds its default) and declarations.
    private static let environments: [[String: Int]] = [[:], ["k": 1], ["k": 2], ["m": 1], ["k": 1, "m": 1]]
    private static let declarations: [[EnvironmentProperty]] = [[], [EnvironmentProperty("value", key: "k")]]
    /// Observers of object 1: none, an `@ObservedObject`, an `@EnvironmentObject` of type `S`.
    private static let observers: [ViewValue] = [
        ViewValue("V", [StoredProperty("x", .plain(1))]), ViewValue("V", [StoredProperty("m", .observed(object: 1))]),
        ViewValue("V", environmentObjects: [EnvironmentProperty("s", key: "S")]),
    ]

    /// A one-property POD view holding `celsius`.
    private static func temperature(_ celsius: Int) -> ViewValue { ViewValue("T", [StoredProperty("t", .plain(celsius))]) }
    /// The same with `@State` (initial value 1): not POD.
    private static func stateful(_ celsius: Int) -> ViewValue {
        ViewValue("T", [StoredProperty("t", .plain(celsius))], hasState: true, initialState: 1)
    }

    /// A probe for every rule.
    static let all: [RuleProbe] = [
        RuleProbe(rule: "I1") { rules in bools.map { "\(rules.i1IdentityGate(survives: $0))" } },
        RuleProbe(rule: "I2") { rules in views.map { "\(rules.i2ComparisonMode(of: $0))" } },
        RuleProbe(rule: "I3") { rules in
            let plain: [String] = temperatures.flatMap { a in
                temperatures.map { b in
                    let difference = rules.i3FieldwiseDifference(old: temperature(a), new: temperature(b))
                    return "\(rules.i3PlainDataEqual(a, b)) \(difference ?? "-")"
                }
            }
            let nonPOD: [String] = temperatures.flatMap { a in
                temperatures.map { b in rules.i3FieldwiseDifference(old: stateful(a), new: stateful(b)) ?? "-" }
            }
            return plain + nonPOD + structures.flatMap { a in structures.map { "\(rules.i3NestedEqual(a, $0))" } }
              + initials.flatMap { a in initials.map { "\(rules.i3StateInitialEqual(a, $0))" } }
        },
        RuleProbe(rule: "I4") { rules in
            let equality = CustomEquality.reads([EqualityReading("t", thresholds: [0, 15, 25])])
            return temperatures.flatMap { a in
                temperatures.map { b in
                    "\(rules.i4CustomEqual(equality, old: temperature(a), new: temperature(b)))"
                }
            } + views.map { "\(rules.i4EquatableApplies(to: $0)) \(rules.i4UnchangedPODSkipsEquality($0))" }
        },
        RuleProbe(rule: "I5") { rules in
            bools.flatMap { a in bools.map { "\(rules.i5ClosureEqual(oldCaptures: a, newCaptures: $0))" } }
        },
        RuleProbe(rule: "I6") { rules in
            locatedBindings.flatMap { a in locatedBindings.map { "\(rules.i6BindingEqual(a, $0))" } }
        },
        RuleProbe(rule: "I7") { rules in
            let objects = [(1, 7), (2, 7), (2, 8)]
            return [1, 2].flatMap { a in [1, 2].map { "\(rules.i7ReferenceEqual(a, $0))" } }
                + objects.flatMap { a in
                    objects.map { "\(rules.i7EquatableReferenceEqual(oldObject: a.0, oldValue: a.1, newObject: $0.0, newValue: $0.1))" }
                }
        },
        RuleProbe(rule: "I8") { rules in
            states.flatMap { state in bools.map { "\(rules.i8OwnChange(state: state, dependencyChanged: $0))" } }
                + states.flatMap { state in bools.map { "\(rules.i8StateChange(state, locationWasRead: $0))" } }
                + bools.flatMap { read in bools.map { "\(rules.i8ObservationChanged(readChanged: read, objectChanged: $0))" } }
                + [(nil, 0), (0, 0), (0, 1)].map { "\(rules.i8SetCommits(current: $0.0, new: $0.1))" }
                + trackings(rules) + stateSteps(rules)
        },
        RuleProbe(rule: "I9") { rules in bools.map { "\(rules.i9ChildReached(parentEvaluated: $0))" } },
        RuleProbe(rule: "I10") { rules in
            declarations.flatMap { declared in
                environments.flatMap { old in
                    environments.map { rules.i10EnvironmentChange(declared: declared, old: old, new: $0) ?? "-" }
                }
            }
        },
        RuleProbe(rule: "I11") { rules in
            observers.flatMap { view in
                [[String: Int](), ["S": 1], ["S": 2], ["T": 1]].flatMap { objects in
                    [[], [1], [2]].map { "\(rules.i11ObjectSignalled(view, environmentObjects: objects, sent: $0))" }
                }
            }
        },
        RuleProbe(rule: "I12") { rules in
            [1, 2].flatMap { initial in [nil, 1, 2].map { "\(rules.i12StateObject(initial: initial, held: $0))" } }
        },
    ]
}
