/// What a write changed, as far as the answer cache cares: which kept answers it makes wrong. A replica
/// that wrote empties those answers in its own cache and names the change to the others in its
/// notification (`ChangeFeed`), so that every replica keeps the rest.
///
/// The rules follow from what an answer shows: a list names its total and its items in newest-first
/// order, a detail one product.
enum ProductChange: Sendable, Equatable {
    /// A product was added (its id, when the write told it): every list changes (its total, the items on each
    /// page shift) but no other product's detail.
    case inserted(id: Int?)
    /// A product's fields changed: its detail and the lists that show it; when its name or description
    /// changed, every searched list too (it may match a search now, or no longer).
    case updated(id: Int, textChanged: Bool)
    /// A product was removed: its detail and every list.
    case deleted(id: Int)
    /// Unknown (a notification this version cannot read): every answer.
    case everything

    /// Whether a list answer showing `ids`, for a search when `searched`, ordered or filtered by price,
    /// discount or stock when `arranged`, is wrong after this change. An edit can move any product into
    /// or out of an arranged page, so every arranged list goes with it.
    func changesList(showing ids: [Int], searched: Bool, arranged: Bool = false) -> Bool {
        switch self {
        case .inserted, .deleted, .everything: true
        case .updated(let id, let textChanged): arranged || (searched && textChanged) || ids.contains(id)
        }
    }

    /// Whether the detail answer of product `id` is wrong after this change.
    func changesDetail(of id: Int) -> Bool {
        switch self {
        case .inserted: false
        case .updated(let changed, _), .deleted(let changed): changed == id
        case .everything: true
        }
    }

    // MARK: In a notification

    /// The change as words in a notification's payload: `inserted 12` (`inserted` when the id is not known),
    /// `updated 12`, `updated 12 text`, `deleted 12`, `everything`.
    var words: String {
        switch self {
        case .inserted(let id?): "inserted \(id)"
        case .inserted(nil): "inserted"
        case .updated(let id, let textChanged): "updated \(id)" + (textChanged ? " text" : "")
        case .deleted(let id): "deleted \(id)"
        case .everything: "everything"
        }
    }

    /// The change named by `words`; `.everything` for anything else (an older or newer replica's
    /// notification): when in doubt, forget all.
    init(words: some StringProtocol) {
        let parts = words.split(separator: " ")
        let id = parts.count > 1 ? Int(parts[1]) : nil
        switch (parts.first, id, parts.count) {
        case ("inserted", _, 1): self = .inserted(id: nil)
        case ("inserted", let id?, 2): self = .inserted(id: id)
        case ("updated", let id?, 2): self = .updated(id: id, textChanged: false)
        case ("updated", let id?, 3) where parts[2] == "text": self = .updated(id: id, textChanged: true)
        case ("deleted", let id?, 2): self = .deleted(id: id)
        default: self = .everything
        }
    }
}
