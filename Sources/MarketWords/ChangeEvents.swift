/// The market's stream of product changes, as it happens (an extension of `openmarket serve`: docs/API.md,
/// "Changes as they happen"): Server-Sent Events at `path`, each event named by a `Kind`, each with an id a
/// client sends back (`Last-Event-ID`, or `?after=` where it cannot set a header) to resume after a
/// reconnect without losing a change. The server writes them, the browser follows them, the OpenAPI
/// document describes them.
public enum ChangeEvents {
    /// The stream (`GET`, `Accept: text/event-stream`).
    public static let path = "/api/products/changes"
    /// The header a reconnecting client names the last event it had with (the Server-Sent Events standard's).
    public static let lastEventHeader = "Last-Event-ID"
    /// The query parameter that does the same, for clients that cannot set headers.
    public static let afterParameter = "after"
    /// Where a stream's client says which product it looks at (`PUT`, `{"looking": 42}` or `{"looking": null}`),
    /// named by the viewer token its stream gave it (the `viewer` event): counts only, nothing that tells who.
    public static func lookingPath(viewer: String) -> String { "\(path)/viewers/\(viewer)" }
    /// The body key of a look.
    public static let lookingKey = "looking"
    /// The longest event id the market takes back; anything longer is refused before it is read.
    public static let longestID = 40
    /// The environment variable that names the local socket the same events are written to (`openmarket ssh`
    /// on its own market, for the browsers it starts: docs/ARCHITECTURE.md, "Changes over a local socket").
    public static let socketEnvironmentKey = "OPENMARKET_CHANGES_SOCKET"

    /// What an event says.
    public enum Kind: String, CaseIterable, Sendable {
        /// A product was registered (or brought back): the data is the product as a page lists it.
        case registered
        /// A product's fields changed: the data is the product as a page lists it now.
        case edited
        /// A product was deleted: the data is `{"id": 12}`.
        case deleted
        /// Changes may have been missed (the stream could not resume from the id sent, or the market itself
        /// missed some): the data is `{"reason": "…"}`; a client reloads what it shows.
        case reset
        /// How many are here: the data is `{"browsing": 12}` (streams open across the market now).
        case here
        /// The stream's own viewer token, sent first: the data is `{"viewer": "…"}`.
        case viewer
        /// How many look at a product this client looks at, when it changed: `{"id": 42, "looking": 3}` (this client
        /// included).
        case looking
    }
}
