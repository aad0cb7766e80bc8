/// A field of the product form, as a `DraftViolation` names it.
public enum DraftField: String, Sendable, Hashable, CaseIterable {
    case name
    case description
    case price
    case discountedPrice
    case stock
    case currency
    case pictures
}
