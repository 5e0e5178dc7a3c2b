/// A call of a custom view found in a view's declaration: the arguments it passes, each with the
/// names of the caller it reads (what `Variation` follows from caller to callee).
struct CallSite {
    var callee: String
    var arguments: [(label: String, reads: Set<String>)]
    var site: SourceSite
}
