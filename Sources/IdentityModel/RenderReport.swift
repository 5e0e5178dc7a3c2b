/// The effect of one render on every stateful view.
public struct RenderReport: Hashable, Sendable {
    /// The render's serial number.
    public var generation: Int
    /// Every stateful view of the new render, in source order.
    public var views: [ViewOutcome]
    /// Labels of the previous render that are not in this one.
    public var removed: [String]

    /// The outcome of the view labelled `label`, or `nil` if no view has that label.
    public func outcome(of label: String) -> Outcome? { view(labelled: label)?.outcome }

    /// The value held by the view labelled `label`, or `nil` if no view has that label.
    public func value(of label: String) -> Int? { view(labelled: label)?.value }

    /// The view labelled `label`.
    public func view(labelled label: String) -> ViewOutcome? { views.first { $0.path.label == label } }
}
