/// Whose reads set a `@State`'s read flag (I8): only the change's own declaration, or the
/// storage's sticky flag that every reader sets (docs/invalidation.md, I8 "The read flag").
public enum ReadFlagRule: String, Hashable, Sendable, CaseIterable {
    /// As the scenario declares it: `set L = v` read by L's body, `set L = v unread` not read.
    case declared
    /// `StoredLocationBase._wasRead`: set by any body that read the state and by every located
    /// binding to it (the binding box's update calls `StoredLocationBase.update()`), never cleared
    /// while the storage lives; an unread change runs the owner's body when it is set.
    case sticky
}
