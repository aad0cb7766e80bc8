/// Reads a Server-Sent Events stream as the WHATWG standard says ("Interpreting an event stream"): lines ended by
/// CR, LF or CRLF; `field: value` (one space after the colon dropped); `data` lines joined, `event` naming the
/// type, `id` the last event id (unless it holds a NUL), `retry` the reconnection time; lines starting with a
/// colon are comments; a blank line dispatches the event (none when it had no data). Bytes come in chunks cut
/// anywhere, a UTF-8 character included.
///
/// Bounded: a line longer than `longestLine` bytes, or an event's data past `largestEvent`, is an error (a
/// market's events are a product each, a few hundred bytes): a stream that never ends its line cannot grow the
/// client's memory.
public struct ServerSentEventParser: Sendable {
    public enum Failure: Error, Equatable {
        case lineTooLong(limit: Int)
        case eventTooLarge(limit: Int)
    }

    public let longestLine: Int
    public let largestEvent: Int
    /// The id to send back on reconnecting: the last one of an event that ended (its blank line came), as the
    /// standard's "last event ID string" — an event cut off before its end (a stream that broke in the middle
    /// of it) does not count as had, so it is asked for again.
    public private(set) var lastEventID: String?
    /// The id of the event being read (the standard's "last event ID buffer").
    private var idBuffer: String?
    /// The reconnection time the stream asked for, in milliseconds.
    public private(set) var retryMilliseconds: Int?
    /// Whether any bytes arrived since the last look (comments too: heartbeats).
    public var heardSomething = false

    private var line: [UInt8] = []
    private var afterCR = false
    private var type = ""
    private var data: [UInt8] = []
    private var hasData = false
    /// The bytes of a byte-order mark seen so far at the start (nil once past it).
    private var bomSeen: [UInt8]? = []

    public init(longestLine: Int = 64 * 1024, largestEvent: Int = 256 * 1024, lastEventID: String? = nil) {
        self.longestLine = longestLine
        self.largestEvent = largestEvent
        self.lastEventID = lastEventID
        idBuffer = lastEventID
    }

    /// Reads `bytes`; returns the events they completed, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(Failure) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            heardSomething = true
            // A byte-order mark at the very start of the stream is not part of its first line.
            if let seen = bomSeen {
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                let now = seen + [byte]
                if mark.starts(with: now) {
                    bomSeen = now.count == 3 ? nil : now
                    continue
                }
                bomSeen = nil
                for earlier in now { try take(earlier, &events) }
                continue
            }
            try take(byte, &events)
        }
        return events
    }

    private mutating func take(_ byte: UInt8, _ events: inout [ServerSentEvent]) throws(Failure) {
        switch byte {
        case UInt8(ascii: "\r"):
            try endLine(&events)
            afterCR = true
        case UInt8(ascii: "\n"):
            if afterCR {
                afterCR = false
            } else {
                try endLine(&events)
            }
        default:
            afterCR = false
            guard line.count < longestLine else { throw .lineTooLong(limit: longestLine) }
            line.append(byte)
        }
    }

    private mutating func endLine(_ events: inout [ServerSentEvent]) throws(Failure) {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            lastEventID = idBuffer
            if hasData {
                events.append(ServerSentEvent(type: type.isEmpty ? "message" : type, data: String(decoding: data, as: UTF8.self), lastEventID: lastEventID))
            }
            type = ""
            data.removeAll(keepingCapacity: true)
            hasData = false
            return
        }
        if line.first == UInt8(ascii: ":") { return }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            type = String(decoding: value, as: UTF8.self)
        case "data":
            guard data.count + value.count + 1 <= largestEvent else { throw .eventTooLarge(limit: largestEvent) }
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) { idBuffer = value.isEmpty ? nil : String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.count <= 9, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                retryMilliseconds = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }
}
