import NIOCore

/// What one connection is doing and by when it must have done it: the header of a request within the
/// header timeout of its first byte, the body within the body timeout of the header, the next request
/// within the idle timeout of the last answer. Whatever it is doing, its answers must keep reaching the
/// client: a connection with bytes waiting to go out and none taken by the kernel for the stall timeout (a
/// client that reads nothing, its buffers full) is out of time too.
///
/// A plain value driven by the connection's handlers, so every order of events can be tested with
/// made-up instants.
struct ConnectionDeadlines: Equatable {
    enum Phase: Equatable {
        /// Waiting for a request (a new connection, or a kept-alive one after its answers).
        case idle(since: NIODeadline)
        /// Bytes of a request have arrived, its header is not complete.
        case readingHead(since: NIODeadline)
        /// The header is complete, the body is not.
        case readingBody(since: NIODeadline)
        /// Every request read is being answered.
        case responding
    }

    /// Which limit a connection ran out of.
    enum Expiry: Equatable, CustomStringConvertible {
        case idle, head, body, stalled

        var description: String {
            switch self {
            case .idle: "idle keep-alive"
            case .head: "request header not complete"
            case .body: "request body not complete"
            case .stalled: "answers not read"
            }
        }
    }

    let limits: ConnectionLimits
    private(set) var phase: Phase
    /// Requests read whose answers have not ended.
    private(set) var unanswered = 0
    /// Since when bytes have waited to go out with none taken; nil while nothing waits or the last look saw
    /// some taken.
    private(set) var waitingSince: NIODeadline?
    /// Bytes the kernel had taken at the last look.
    private(set) var taken: Int64 = 0
    /// Whether the channel takes more writes (its buffer below the high-water mark).
    private(set) var writable = true

    init(limits: ConnectionLimits, now: NIODeadline) {
        self.limits = limits
        phase = .idle(since: now)
    }

    /// Bytes came in: between requests they are the start of the next one.
    mutating func bytesArrived(at now: NIODeadline) {
        switch phase {
        case .idle, .responding: phase = .readingHead(since: now)
        case .readingHead, .readingBody: break
        }
    }

    mutating func headerArrived(at now: NIODeadline) {
        phase = .readingBody(since: now)
    }

    mutating func requestEnded() {
        unanswered += 1
        phase = .responding
    }

    mutating func answerEnded(at now: NIODeadline) {
        unanswered = max(0, unanswered - 1)
        if unanswered == 0, phase == .responding { phase = .idle(since: now) }
    }

    /// A look at the outgoing bytes: `taken` in all so far by the kernel, `waiting` in the channel's buffer.
    /// Bytes waiting with none taken since the last look start the stall's clock (or let it run on); any
    /// taken, or none waiting, stop it.
    mutating func outgoing(taken: Int64, waiting: Int, at now: NIODeadline) {
        if waiting == 0 {
            waitingSince = nil
        } else if taken > self.taken || waitingSince == nil {
            waitingSince = now
        }
        self.taken = taken
    }

    /// The channel became writable or not (its buffer crossed a water mark).
    mutating func writability(_ writable: Bool) {
        self.writable = writable
    }

    /// Whether more requests should be read now: not while `maxPipelined` of them await their answers, nor
    /// while the channel's buffer is over its high-water mark (the client is behind with its answers).
    var readsMore: Bool { unanswered < limits.maxPipelined && writable }

    /// Whether nothing can run out: every request read is being answered and no byte waits to go out (a change
    /// stream between its events). Only a write or a new request's bytes end it.
    var isQuiet: Bool { phase == .responding && waitingSince == nil }

    /// The limit the connection has run out of at `now`, if any.
    func expired(at now: NIODeadline) -> Expiry? {
        func over(_ since: NIODeadline, _ limit: Duration) -> Bool {
            now - since >= TimeAmount(limit)
        }
        if let waitingSince, over(waitingSince, limits.stallTimeout) { return .stalled }
        switch phase {
        case .idle(let since): return over(since, limits.idleTimeout) ? .idle : nil
        case .readingHead(let since): return over(since, limits.headerTimeout) ? .head : nil
        case .readingBody(let since): return over(since, limits.bodyTimeout) ? .body : nil
        case .responding: return nil
        }
    }
}
