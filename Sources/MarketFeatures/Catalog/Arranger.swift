/// Who orders and filters the pages of the list, as the pages have told (docs/API.md, "Order and filter").
public enum Arranger: Sendable, Equatable {
    /// No page has come yet.
    case unknown
    /// The server: its pages echo the listing they were arranged by.
    case server
    /// This browser, over the pages loaded: the server's pages echo no listing (a course-API server).
    case courseAPI
    /// This browser, for the rest of the session: the server echoed a listing but refused or ignored one
    /// asked of it, and is asked plainly from then on.
    case declined
}
