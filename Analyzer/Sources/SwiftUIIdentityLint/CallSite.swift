/// A call of a custom view found in a view's declaration: the arguments it passes, each with the
/// names of the caller it reads (what `Variation` follows from caller to callee).
struct CallSite {
    var callee: String
    var arguments: [Argument]
    var site: SourceSite
    /// Names written only where this call is not shown (`PinnedStates`): fixed for the callee.
    var pinned: Set<String> = []

    struct Argument {
        var label: String
        var reads: Set<String>
        /// The property passed as is (`x`, `self.x`), if the argument is only that.
        var bare: String?
        /// A closure literal: what it captures varies what calling it returns, never whether the
        /// callee holds one.
        var isClosure = false
        /// `x.y` (or `self.x.y`): the property `x` and the member `y` passed, if the argument is only that.
        var member: (base: String, name: String)?
    }
}
