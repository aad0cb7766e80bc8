public import Localization

/// One broken rule of a `ProductDraft`: the field at fault and what is wrong, to show beside it.
public struct DraftViolation: Sendable, Hashable, CustomStringConvertible {
    public var field: DraftField
    /// The rule broken, as a phrase of the catalog (words in every language).
    public var phrase: Phrase

    /// A violation of `field`'s rule, said by `phrase`.
    public init(field: DraftField, phrase: Phrase) {
        self.field = field
        self.phrase = phrase
    }

    /// E.g. "Name must be 3–100 characters (now 2)."
    public var message: String { message(in: .english) }

    /// The sentence in `language`.
    public func message(in language: Language) -> String { language.text(phrase) }

    public var description: String { "\(field.rawValue): \(message)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.field == rhs.field && lhs.phrase == rhs.phrase }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(message)
    }
}
