import Invalidation

/// What an invalidation scenario's steps changed since its previous render, every dependency
/// source in one value: the runner marks the next render's tree with it (`marked`, `observing`)
/// and starts the next one empty.
struct RenderChanges {
    /// Each labelled view's `@State` change (`set`, `set unread`).
    var states: [String: StateChange] = [:]
    /// The views whose dependency was signalled (`signal`).
    var signals = Set<String>()
    /// The objects sent, in order (`send`); which views they signal is I11's, in each route.
    var sent: [Int] = []
    /// The `@Observable` properties set (`set observable(N).P`).
    var observed = Set<ObservedProperty>()
}
