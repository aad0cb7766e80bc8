import Foundation
import MarketWords
import NIOCore
import NIOConcurrencyHelpers

/// The market's changes as Server-Sent Events, to every client that follows them (`GET /api/products/changes`).
///
/// Each change is encoded once, kept (the last `limits.kept`, for clients that resume) and handed to every
/// subscriber's queue; the route writes each queue to its connection. A subscriber that falls `limits.queued`
/// events behind is cut off — its memory is bounded, and it resumes by id when it reconnects. A subscriber on
/// a local socket (`ChangeSocket`) is written at once instead, and cut off when its socket's buffer is full. Changes come in
/// through `heard` (this server's writes and, on PostgreSQL, the other replicas'), in order; `ChangePublisher`
/// reads each product and publishes it.
final class ChangeStream: Sendable {
    let limits: ChangeStreamLimits
    /// Drawn at start: ids of another run or replica are told apart from this one's.
    let epoch: UInt32
    private let state: NIOLockedValueBox<State>
    /// What was heard, for the publisher, in order.
    let heardChanges: AsyncStream<ProductChange>
    private let hear: AsyncStream<ProductChange>.Continuation
    private let starts: WriteRate?

    private struct State {
        var sequence = 0
        /// The newest events, oldest first (trimmed in batches: at most a quarter more than `limits.kept`).
        var kept: [(sequence: Int, bytes: ByteBuffer)] = []
        var subscribers: [Int: ChangeSink] = [:]
        var addresses: [Int: String] = [:]
        var perAddress: [String: Int] = [:]
        var nextSubscriber = 0
        /// Subscribers cut off for falling behind, since start.
        var cut = 0
        /// Each subscriber's viewer token, and back.
        var viewers: [String: Int] = [:]
        var tokens: [Int: String] = [:]
        /// What each subscriber looks at, and how many look at each product.
        var looking: [Int: Int] = [:]
        var lookers: [Int: Int] = [:]
        /// Products whose count of lookers changed since the last `tellLookers`.
        var lookersChanged: Set<Int> = []
        /// The count of those here each subscriber was last told.
        var told: [Int: Int] = [:]
        /// What the other replicas said they have (by their tag), and when they said it.
        var others: [String: (count: Int, heard: ContinuousClock.Instant)] = [:]
        /// How many of the other replicas' followers look at each product, as they said (by tag, then product).
        var othersLooking: [String: [Int: (count: Int, heard: ContinuousClock.Instant)]] = [:]
        /// Products whose count of this server's lookers changed since the last `ownLooking`.
        var lookingToAnnounce: Set<Int> = []
    }

    /// Why a stream was not opened.
    enum Refusal: Error, Equatable {
        /// The id is not one this stream could have written (a sequence past its newest).
        case unknownID
        /// The address holds `limits.perAddress` streams already.
        case tooMany
        /// The address started `limits.startsPerMinute` in the last minute; try again in that many seconds.
        case tooOften(retryAfter: Int)
    }

    init(limits: ChangeStreamLimits = ChangeStreamLimits(), epoch: UInt32 = .random(in: 1...UInt32.max)) {
        self.limits = limits
        self.epoch = epoch
        state = NIOLockedValueBox(State())
        (heardChanges, hear) = AsyncStream.makeStream()
        starts = limits.startsPerMinute == 0 ? nil : WriteRate(perMinute: limits.startsPerMinute)
    }

    /// A write was made (here or by another replica): the publisher reads it and tells the subscribers.
    func heard(_ change: ProductChange) {
        hear.yield(change)
    }

    /// Ends the heard changes (the server is stopping).
    func finish() {
        hear.finish()
        let all = state.withLockedValue { $0.subscribers.values }
        for subscriber in all { subscriber.finish() }
    }

    /// How many streams are open now.
    var subscriberCount: Int { state.withLockedValue { $0.subscribers.count } }

    /// How many are here: the streams open on this server and those the other replicas said they have (a
    /// replica not heard from for `limits.othersForgotten` is counted no longer: it stopped, or lost the feed).
    func hereCount(at now: ContinuousClock.Instant = .now) -> Int {
        state.withLockedValue { state in Self.here(&state, at: now, forgetting: limits.othersForgotten) }
    }

    private static func here(_ state: inout State, at now: ContinuousClock.Instant, forgetting: Duration) -> Int {
        var count = state.subscribers.count
        for (tag, other) in state.others {
            if now - other.heard > forgetting { state.others[tag] = nil } else { count += other.count }
        }
        return count
    }

    /// Another replica (`tag`) said it has `count` streams open now (0: it is stopping). At most `maxOthers`
    /// replicas are counted at once (a tag past them is not, until one is forgotten).
    func heardHere(from tag: String, count: Int, at now: ContinuousClock.Instant = .now) {
        state.withLockedValue { state in
            guard count > 0 else {
                state.others[tag] = nil
                // Stopping: none of its followers looks at anything any more.
                if let theirs = state.othersLooking.removeValue(forKey: tag) { state.lookersChanged.formUnion(theirs.keys) }
                return
            }
            if state.others[tag] == nil, state.others.count >= Self.maxOthers { return }
            state.others[tag] = (count, now)
        }
    }

    static let maxOthers = 64

    /// Another replica (`tag`) said how many of its followers look at these products (0: none now). Counted
    /// until it has not said so again for `limits.othersForgotten`; at most `maxOthers` replicas and
    /// `maxOtherProducts` products each.
    func heardLooking(from tag: String, _ counts: [Int: Int], at now: ContinuousClock.Instant = .now) {
        state.withLockedValue { state in
            if state.othersLooking[tag] == nil, state.othersLooking.count >= Self.maxOthers { return }
            var theirs = state.othersLooking[tag] ?? [:]
            for (product, count) in counts {
                let before = theirs[product]?.count ?? 0
                if count > 0 {
                    guard theirs[product] != nil || theirs.count < Self.maxOtherProducts else { continue }
                    theirs[product] = (count, now)
                } else {
                    theirs[product] = nil
                }
                if before != count { state.lookersChanged.insert(product) }
            }
            state.othersLooking[tag] = theirs.isEmpty ? nil : theirs
        }
    }

    static let maxOtherProducts = 100_000

    /// This server's counts of lookers for the other replicas: those that changed since the last call (0 for a
    /// product nobody here looks at any more), or with `all` every product looked at now as well.
    func ownLooking(all: Bool) -> [Int: Int] {
        state.withLockedValue { state in
            var counts = all ? state.lookers : [:]
            for product in state.lookingToAnnounce { counts[product] = state.lookers[product, default: 0] }
            state.lookingToAnnounce.removeAll()
            return counts
        }
    }

    /// How many look at `product`: here, and on the other replicas as they said within `othersForgotten`.
    private static func looking(_ state: State, at product: Int, since: ContinuousClock.Instant) -> Int {
        var count = state.lookers[product, default: 0]
        for theirs in state.othersLooking.values {
            if let other = theirs[product], other.heard >= since { count += other.count }
        }
        return count
    }

    /// The newest event's id (sequence 0 before any).
    var newestID: ChangeEventID { ChangeEventID(epoch: epoch, sequence: state.withLockedValue { $0.sequence }) }

    /// One client's stream: its events, and the number to `leave` with when it goes.
    struct Subscription: Sendable {
        let id: Int
        /// What the client names itself by when it says what it looks at (random, known only to it).
        let viewer: String
        let events: AsyncStream<ByteBuffer>
    }

    /// Opens a stream for a client at `address` that last had `after` (nil: a new client): the events since,
    /// or a `reset` first when they are no longer kept (or `after` is another run's), then every new one. The
    /// caller `leave`s when it stops reading (the stream's queue is held until then).
    func open(after: ChangeEventID?, address: String, at now: Date = Date()) -> Result<Subscription, Refusal> {
        if let after, after.epoch == epoch, after.sequence > state.withLockedValue({ $0.sequence }) {
            return .failure(.unknownID)
        }
        if let starts {
            let (admitted, retryAfter) = starts.admit(address, at: now)
            guard admitted else { return .failure(.tooOften(retryAfter: retryAfter)) }
        }
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingOldest(limits.queued))
        let viewer = Self.newViewerToken()
        guard let opened = register(.queue(continuation), viewer: viewer, after: after, address: address) else {
            continuation.finish()
            return .failure(.tooMany)
        }
        return .success(Subscription(id: opened, viewer: viewer, events: stream))
    }

    /// Opens a stream for a new client on a local socket (`ChangeSocket`), written at once: the same events as
    /// a stream over HTTP, from its opening on. The number it `leave`s with; nil when `address` holds
    /// `limits.perAddress` streams already.
    func open(socket: ChangeSocketSink, address: String) -> Int? {
        register(.socket(socket), viewer: Self.newViewerToken(), after: nil, address: address)
    }

    /// Adds a subscriber: its opening, what it missed since `after` (or a `reset`), then every new event.
    private func register(_ sink: ChangeSink, viewer: String, after: ChangeEventID?, address: String) -> Int? {
        state.withLockedValue { state in
            if limits.perAddress > 0, state.perAddress[address, default: 0] >= limits.perAddress { return nil }
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            let here = Self.here(&state, at: .now, forgetting: limits.othersForgotten) + 1
            _ = sink.deliver(Self.opening(retry: limits.retryMilliseconds, here: here, viewer: viewer))
            state.told[id] = here
            if let after {
                let oldest = state.kept.first?.sequence ?? state.sequence + 1
                if after.epoch == epoch, after.sequence >= oldest - 1 {
                    for event in state.kept where event.sequence > after.sequence { _ = sink.deliver(event.bytes) }
                } else {
                    let reason = after.epoch == epoch ? "changes since \(after) are no longer kept" : "the market restarted since \(after)"
                    _ = sink.deliver(Self.event(.reset, id: ChangeEventID(epoch: epoch, sequence: state.sequence), data: Self.reason(reason)))
                }
            }
            state.subscribers[id] = sink
            state.addresses[id] = address
            state.viewers[viewer] = id
            state.tokens[id] = viewer
            state.perAddress[address, default: 0] += 1
            return id
        }
    }

    /// Publishes one event to every subscriber, kept for those that resume. Called by one publisher at a time.
    func publish(_ kind: ChangeEvents.Kind, data: String) {
        let (bytes, subscribers) = state.withLockedValue { state in
            state.sequence += 1
            let bytes = Self.event(kind, id: ChangeEventID(epoch: epoch, sequence: state.sequence), data: data)
            state.kept.append((state.sequence, bytes))
            if state.kept.count > limits.kept + limits.kept / 4 { state.kept.removeFirst(state.kept.count - limits.kept) }
            return (bytes, Array(state.subscribers))
        }
        send(bytes, to: subscribers)
    }

    /// Subscribers cut off for falling behind, since start.
    var cutCount: Int { state.withLockedValue { $0.cut } }

    /// How often the publisher calls `speak`.
    static let tick = Duration.milliseconds(100)

    /// What one `speak` sent, by subscriber number.
    struct Spoken: Equatable {
        var told: [Int] = []
        var heartbeats: [Int] = []
    }

    /// One tick of the publisher's (every `Self.tick`, numbered from 0): to one slice of the subscribers — those
    /// whose number is `tick` modulo the slices — the count of those here, when it changed enough since they were
    /// last told (`worthTelling`; each is looked at every `limits.hereInterval`, or less often when more than
    /// `limits.hereTellsPerSecond` a second would be told), else a heartbeat (each over HTTP hears one every
    /// `limits.heartbeat`). Spread so, a crowd's browsers never wake all at once: 2,000 browsers redrawing their
    /// title in the same instant, every 5 s while visitors arrived, held each key pressed meanwhile for most of
    /// a second; and the count costs the host at most so many redraws a second, however large the crowd.
    @discardableResult
    func speak(tick: Int, at now: ContinuousClock.Instant = .now) -> Spoken {
        let ticksPerSecond = Int(Duration.seconds(1) / Self.tick)
        let heartbeatSlices = max(1, Int(limits.heartbeat / Self.tick))
        var spoken = Spoken()
        let sends: [(Int, ChangeSink, ByteBuffer)] = state.withLockedValue { state in
            let count = Self.here(&state, at: now, forgetting: limits.othersForgotten)
            let hereSlices = max(
                1, Int(limits.hereInterval / Self.tick),
                (state.subscribers.count * ticksPerSecond + limits.hereTellsPerSecond - 1) / limits.hereTellsPerSecond)
            let hereEvent = Self.event(.here, id: nil, data: Self.hereData(count))
            var sends: [(Int, ChangeSink, ByteBuffer)] = []
            for (id, sink) in state.subscribers {
                if id % hereSlices == tick % hereSlices, Self.worthTelling(count, after: state.told[id] ?? 0) {
                    state.told[id] = count
                    spoken.told.append(id)
                    sends.append((id, sink, hereEvent))
                } else if case .queue = sink, id % heartbeatSlices == tick % heartbeatSlices {
                    // (A local socket needs none: its end is its subscriber's close, seen at once.)
                    spoken.heartbeats.append(id)
                    sends.append((id, sink, Self.heartbeatBytes))
                }
            }
            return sends
        }
        for (id, sink, bytes) in sends { deliver(bytes, to: id, sink) }
        spoken.told.sort()
        spoken.heartbeats.sort()
        return spoken
    }

    private func send(_ bytes: ByteBuffer, to subscribers: [(key: Int, value: ChangeSink)]) {
        for (id, subscriber) in subscribers { deliver(bytes, to: id, subscriber) }
    }

    /// Hands `bytes` to subscriber `id`; one whose queue (or socket) is full is cut off (it resumes by id).
    private func deliver(_ bytes: ByteBuffer, to id: Int, _ subscriber: ChangeSink) {
        if !subscriber.deliver(bytes) {
            state.withLockedValue { $0.cut += 1 }
            leave(id)
        }
    }

    /// The subscriber `id` stopped reading (its connection closed, or it was cut off): its queue and its
    /// address's share are freed.
    func leave(_ id: Int) {
        let left = state.withLockedValue { state in
            let sink = state.subscribers.removeValue(forKey: id)
            if let address = state.addresses.removeValue(forKey: id) {
                let count = state.perAddress[address, default: 1] - 1
                state.perAddress[address] = count > 0 ? count : nil
            }
            if let token = state.tokens.removeValue(forKey: id) { state.viewers[token] = nil }
            state.told[id] = nil
            Self.look(&state, subscriber: id, at: nil)
            return sink
        }
        left?.finish()
    }

    // MARK: Who looks at what

    /// The client with `viewer` looks at `product` now (nil: at none); the count of those looking at it, this
    /// one included, on every replica (0 for none); nil when no open stream has that viewer token.
    func look(viewer: String, at product: Int?, now: ContinuousClock.Instant = .now) -> Int? {
        state.withLockedValue { state in
            guard let id = state.viewers[viewer] else { return nil }
            Self.look(&state, subscriber: id, at: product)
            return product.map { Self.looking(state, at: $0, since: now - limits.othersForgotten) } ?? 0
        }
    }

    /// How many look at `product` now, on every replica.
    func lookers(of product: Int, now: ContinuousClock.Instant = .now) -> Int {
        state.withLockedValue { Self.looking($0, at: product, since: now - limits.othersForgotten) }
    }

    private static func look(_ state: inout State, subscriber id: Int, at product: Int?) {
        let before = state.looking[id]
        guard before != product else { return }
        if let before {
            let count = state.lookers[before, default: 1] - 1
            state.lookers[before] = count > 0 ? count : nil
            state.lookersChanged.insert(before)
            state.lookingToAnnounce.insert(before)
        }
        state.looking[id] = product
        if let product {
            state.lookers[product, default: 0] += 1
            state.lookersChanged.insert(product)
            state.lookingToAnnounce.insert(product)
        }
    }

    /// Tells those looking at each product whose count changed since the last call the count now, every
    /// replica's (one event each, however often it changed meanwhile: a client flipping between products costs
    /// the others little). What another replica has not said again for `limits.othersForgotten` is forgotten.
    func tellLookers(at now: ContinuousClock.Instant = .now) {
        let sends: [(ChangeSink, Int, ByteBuffer)] = state.withLockedValue { state in
            let since = now - limits.othersForgotten
            for (tag, theirs) in state.othersLooking where theirs.values.contains(where: { $0.heard < since }) {
                let kept = theirs.filter { $0.value.heard >= since }
                state.lookersChanged.formUnion(theirs.keys.filter { kept[$0] == nil })
                state.othersLooking[tag] = kept.isEmpty ? nil : kept
            }
            guard !state.lookersChanged.isEmpty else { return [] }
            var events: [Int: ByteBuffer] = [:]
            for product in state.lookersChanged {
                let count = Self.looking(state, at: product, since: since)
                if count > 0 { events[product] = Self.event(.looking, id: nil, data: "{\"id\":\(product),\"looking\":\(count)}") }
            }
            state.lookersChanged.removeAll()
            return state.looking.compactMap { subscriber, product in
                guard let bytes = events[product], let sink = state.subscribers[subscriber] else { return nil }
                return (sink, subscriber, bytes)
            }
        }
        for (sink, subscriber, bytes) in sends { deliver(bytes, to: subscriber, sink) }
    }

    /// 16 random bytes in hexadecimal.
    static func newViewerToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    // MARK: The bytes

    /// `id`, `event` and `data` lines and the blank line that ends an event.
    static func event(_ kind: ChangeEvents.Kind, id: ChangeEventID?, data: String) -> ByteBuffer {
        var text = ""
        if let id { text += "id: \(id)\n" }
        text += "event: \(kind.rawValue)\ndata: \(data)\n\n"
        return ByteBuffer(string: text)
    }

    /// What every stream begins with: how long to wait before reconnecting, its viewer token, and how many are
    /// here.
    static func opening(retry: Int, here: Int, viewer: String) -> ByteBuffer {
        var bytes = ByteBuffer(string: "retry: \(retry)\n\n")
        bytes.writeImmutableBuffer(event(.viewer, id: nil, data: "{\"viewer\":\"\(viewer)\"}"))
        bytes.writeImmutableBuffer(event(.here, id: nil, data: hereData(here)))
        return bytes
    }

    static func hereData(_ count: Int) -> String { "{\"browsing\":\(count)}" }

    /// Whether the count of those here has changed enough since `told` to tell everyone: every change up to 20,
    /// then a change of its first two digits (940 → 950, 1,000 → 1,100), and always down to none.
    static func worthTelling(_ count: Int, after told: Int) -> Bool {
        guard count != told else { return false }
        if count <= 20 || told <= 20 { return true }
        func leading(_ n: Int) -> Int {
            var scale = 1
            while n / scale >= 100 { scale *= 10 }
            return n / scale * scale
        }
        return leading(count) != leading(told)
    }

    static func reason(_ text: String) -> String {
        var json = JSONText(capacity: 64)
        json.raw("{")
        json.field("reason", text)
        json.raw("}")
        return json.text
    }

    /// A comment line: keeps the connection alive, and tells the client the stream is.
    static let heartbeatBytes = ByteBuffer(string: ":\n\n")
}
