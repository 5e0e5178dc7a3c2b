/// One rendered row of a `ForEach`: its key and its content.
public struct ForEachRow: Hashable, Sendable {
    /// The row's key (R8).
    public var key: Key
    /// The row's content, a render of the `ForEach`'s content program.
    public var content: Render

    /// Creates a row.
    public init(key: Key, content: Render) {
        self.key = key
        self.content = content
    }
}
