/// What the change stream keeps and allows: how far back a client can resume, how far behind a subscriber may
/// fall, how many streams one address may hold and start, how often it speaks when nothing changes.
public struct ChangeStreamLimits: Sendable, Equatable {
    /// Events kept for clients that resume (by the last id they had); one further back reads a `reset`.
    public var kept: Int
    /// Events waiting for one subscriber that reads slowly (or not at all); one more and its stream ends (it
    /// resumes from its last id when it reconnects, or reads a `reset`).
    public var queued: Int
    /// Streams one client address may hold open at once (0: no limit); another is answered 429.
    public var perAddress: Int
    /// Streams one client address may start a minute (0: no limit); past it, 429 with `Retry-After`.
    public var startsPerMinute: Int
    /// How often each stream hears at least a comment (a heartbeat; each stream at its own moment, spread over
    /// the period): proxies and clients then know it is alive, and a client that hears nothing for three of them
    /// reconnects.
    public var heartbeat: Duration
    /// How often at most the count of those here is sent to a stream when it changed (enough:
    /// `ChangeStream.worthTelling`).
    public var hereInterval: Duration
    /// How many streams a second at most are told a new count of those here (each is a title redrawn): past
    /// `hereTellsPerSecond × hereInterval` streams, each is told less often than `hereInterval`.
    public var hereTellsPerSecond: Int
    /// How long another replica's count of those here is counted after it was last heard (replicas say theirs
    /// when it changes and at least every `othersForgotten / 3`).
    public var othersForgotten: Duration
    /// How long a client waits before reconnecting (the stream's `retry:`), in milliseconds.
    public var retryMilliseconds: Int

    public init(
        kept: Int = 4_096, queued: Int = 256, perAddress: Int = 8, startsPerMinute: Int = 60, heartbeat: Duration = .seconds(15),
        hereInterval: Duration = .seconds(5), hereTellsPerSecond: Int = 100, othersForgotten: Duration = .seconds(30),
        retryMilliseconds: Int = 2_000
    ) {
        self.kept = max(1, kept)
        self.queued = max(4, queued)
        self.perAddress = max(0, perAddress)
        self.startsPerMinute = max(0, startsPerMinute)
        self.heartbeat = heartbeat
        self.hereInterval = hereInterval
        self.hereTellsPerSecond = max(1, hereTellsPerSecond)
        self.othersForgotten = othersForgotten
        self.retryMilliseconds = retryMilliseconds
    }

    /// For a market only this process talks to (the browser's and `openmarket ssh`'s embedded market): every
    /// visitor comes from 127.0.0.1, so no per-address limit.
    public static var loopbackOnly: ChangeStreamLimits {
        ChangeStreamLimits(perAddress: 0, startsPerMinute: 0)
    }
}
