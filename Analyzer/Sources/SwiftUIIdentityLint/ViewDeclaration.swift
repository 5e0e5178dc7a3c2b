import SwiftSyntax

/// A type conforming to `View` and what the rules read of it: its state, its properties that
/// change, its body and view helpers, and `@State` seeded from an initializer's parameter.
public struct ViewDeclaration {
    public var name: String
    public var site: SourceSite
    public var stateProperties: Set<String> = []
    /// `@State`, `@Binding`, observed objects and the like: the data the view's updates change.
    public var mutableProperties: Set<String> = []
    public var isEquatable = false
    /// Declared inside a `PreviewProvider` or a `#Preview`: no app code renders it, so no update
    /// of it happens at run time.
    public var isPreviewOnly = false
    /// Stored properties → their declared type, `@Binding` ones as `Binding` (what a closure or
    /// binding argument of that label is kept as).
    public var storedTypes: [String: String] = [:]
    var body: Helper?
    /// Computed view properties and view-returning functions, by name.
    var helpers: [String: Helper] = [:]
    /// `_name = State(initialValue: parameter…)` in an initializer.
    public var seededStates: [SeededState] = []
    /// Computed properties and methods (views or not) → the names they read.
    var computedReads: [String: Set<String>] = [:]
    /// Computed properties whose getter is one expression → that expression (to compare conditions).
    var computedExpressions: [String: ExprSyntax] = [:]
    /// A stored property assigned in an initializer → the argument labels of the parameters read.
    var initAssignments: [String: Set<String>] = [:]
    /// Properties holding an object (`@ObservedObject`, `@StateObject`, `@EnvironmentObject`,
    /// `@Bindable`, `@Environment(T.self)`): their fields vary, the reference passed on does not.
    var referenceProperties: Set<String> = []
    /// Calls of views (any capitalised callee) in the declaration, for `Variation`.
    var calls: [CallSite] = []
    /// Its methods: one passed as an argument (`action: save`) is a function value, like a closure.
    var methods: Set<String> = []
    /// What the view's own code writes (SIL006 and SIL007 grade their findings by it).
    var writes = StateWrites()
    /// Whether the view itself holds state a user enters: a `@State` the user writes, a
    /// `@StateObject` (whose writes the analyzer does not see) or a built-in view keeping input.
    var holdsUserEnteredState: Bool {
        !stateProperties.isDisjoint(with: writes.byUser) || !stateProperties.isDisjoint(with: referenceProperties)
            || holdsBuiltInInput
    }
    /// Its body or helpers name a built-in view that keeps what the user did (scroll position,
    /// text being edited, the open tab).
    var holdsBuiltInInput = false

    /// A computed view property or function, and whether it is a `@ViewBuilder`.
    struct Helper {
        var statements: CodeBlockItemListSyntax
        var isViewBuilder: Bool
        var returnsAnyView: Bool
    }

    /// A state property given its initial value from an initializer's parameter.
    public struct SeededState: Hashable, Sendable {
        public var property: String
        public var parameter: String
        /// The parameter's argument label at call sites.
        public var label: String
        public var site: SourceSite
    }
}
