/// One event of a Server-Sent Events stream, as the standard's parser dispatches it.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event's type (`message` when it named none).
    public var type: String
    /// Its data lines, joined by line feeds.
    public var data: String
    /// The last event id the stream set, at this event (a client sends it back when it reconnects).
    public var lastEventID: String?

    public init(type: String, data: String, lastEventID: String?) {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}
