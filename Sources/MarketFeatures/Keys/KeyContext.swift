/// Where a key binding works. `browse` keys work over the list and the detail alike; the others where their
/// feature has the keys. One key may mean one thing per place: the list's and the browse keys together, the
/// detail's and the browse keys together, and the question's and the form's each on their own.
public enum KeyContext: String, Sendable, CaseIterable {
    case browse
    case list
    case detail
    case question
    case form

    /// The contexts whose keys are looked at together with this one's, and so may not share a key.
    var sharesKeysWith: [KeyContext] {
        switch self {
        case .browse: [.list, .detail]
        case .list, .detail: [.browse]
        case .question, .form: []
        }
    }
}
