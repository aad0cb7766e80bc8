public import CoreMetrics

/// What `openmarket ssh` tells an operator, made with the factory it is given (Prometheus' in the program,
/// none by default): sessions live, started and ended by reason; connections refused or closed at the door by
/// reason; connections without a session yet; handshake and first-page times; bytes sent to visitors.
public struct SSHMetrics: Sendable {
    /// Why a session ended.
    public enum End: String, Sendable, CaseIterable {
        /// The visitor quit (the browser exited by itself).
        case quit
        /// The browser exited with an error.
        case failed
        /// The client went away (the connection or channel closed).
        case disconnected
        /// Idle for `--idle-timeout`.
        case idle
        /// Open for `--max-session-time`.
        case timeLimit = "time_limit"
        /// The front is shutting down.
        case shutdown
        /// The browser went past its budget (memory, CPU time, files or processes) and was ended by the kernel.
        case budget
    }

    /// Why a connection was turned away or closed before its session.
    public enum Refusal: String, Sendable, CaseIterable {
        /// Its address is penalized.
        case penalized
        /// Its address opened too many this minute.
        case rate
        /// Its address holds `--max-startups-per-address` without a session.
        case startups
        /// Closed to make room for a newcomer (`--max-startups`).
        case room
        /// Said nothing within `--silence-timeout`.
        case silent
        /// No session within `--login-grace-time`.
        case grace
        /// Every session taken (`--max-sessions`): told so in one line.
        case full
        /// A second session on a connection that has one.
        case perConnection = "per_connection"
        /// Its address holds `--max-sessions-per-address` sessions already.
        case perAddress = "per_address"
    }

    let live: Meter
    let startups: Meter
    let started: Counter
    let ended: [End: Counter]
    let refused: [Refusal: Counter]
    let handshake: CoreMetrics.Timer
    let firstPage: CoreMetrics.Timer
    let bytesOut: Counter

    public init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        live = Meter(label: "openmarket_ssh_sessions", factory: factory)
        startups = Meter(label: "openmarket_ssh_startups", factory: factory)
        started = Counter(label: "openmarket_ssh_sessions_started_total", factory: factory)
        ended = Dictionary(uniqueKeysWithValues: End.allCases.map {
            ($0, Counter(label: "openmarket_ssh_sessions_ended_total", dimensions: [("reason", $0.rawValue)], factory: factory))
        })
        refused = Dictionary(uniqueKeysWithValues: Refusal.allCases.map {
            ($0, Counter(label: "openmarket_ssh_connections_refused_total", dimensions: [("reason", $0.rawValue)], factory: factory))
        })
        handshake = CoreMetrics.Timer(label: "openmarket_ssh_handshake_seconds", factory: factory)
        firstPage = CoreMetrics.Timer(label: "openmarket_ssh_first_page_seconds", factory: factory)
        bytesOut = Counter(label: "openmarket_ssh_bytes_out_total", factory: factory)
    }

    func ended(_ reason: End) { ended[reason]?.increment() }

    func refused(_ reason: Refusal) { refused[reason]?.increment() }
}
