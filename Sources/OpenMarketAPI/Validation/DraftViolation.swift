/// One broken rule of a `ProductDraft`: the field at fault and a short sentence to show beside it.
public struct DraftViolation: Sendable, Hashable, CustomStringConvertible {
    public var field: DraftField
    /// E.g. "Name must be 3–100 characters (now 2)."
    public var message: String

    /// A violation of `field`'s rule, explained by `message`.
    public init(field: DraftField, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field.rawValue): \(message)" }
}
