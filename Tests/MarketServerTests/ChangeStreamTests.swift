import Foundation
import NIOCore
import Testing

@testable import MarketServer

/// The change stream's hub on its own: ids, resuming, refusals, and a subscriber that reads nothing.
@Suite("The change stream")
struct ChangeStreamTests {
    /// The next `count` chunks a subscriber has, as text.
    func take(_ count: Int, from stream: AsyncStream<ByteBuffer>) async -> [String] {
        var taken: [String] = []
        for await bytes in stream {
            taken.append(String(buffer: bytes))
            if taken.count == count { break }
        }
        return taken
    }

    @Test("ids are written and read back; anything else is refused")
    func ids() {
        #expect(ChangeEventID(epoch: 0x9f3a07c2, sequence: 42).description == "9f3a07c2-42")
        #expect(ChangeEventID("9f3a07c2-42") == ChangeEventID(epoch: 0x9f3a07c2, sequence: 42))
        #expect(ChangeEventID("1-0") == ChangeEventID(epoch: 1, sequence: 0))
        for forged in ["", "-", "9f3a07c2", "9f3a07c2-", "-42", "9F3A07C2-42", "09f3a07c2-42", "9f3a07c2-042", "9f3a07c2--42",
            "9f3a07c2-+42", "9f3a07c2-4 2", "123456789-1", "g-1", "1-99999999999999999999", String(repeating: "1", count: 41),
            "1-2-3", "1-٣"]
        {
            #expect(ChangeEventID(forged) == nil, "\(forged)")
        }
    }

    @Test("a new subscriber reads the wait and the count, then every event after it, in order, with its id")
    func events() async throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(retryMilliseconds: 2_000), epoch: 0xabc)
        let subscription = try stream.open(after: nil, address: "a").get()
        let events = subscription.events
        #expect(subscription.viewer.count == 32 && subscription.viewer.allSatisfy(\.isHexDigit))
        stream.publish(.edited, data: #"{"id":1}"#)
        stream.publish(.deleted, data: #"{"id":2}"#)
        #expect(
            await take(3, from: events) == [
                "retry: 2000\n\nevent: viewer\ndata: {\"viewer\":\"\(subscription.viewer)\"}\n\nevent: here\ndata: {\"browsing\":1}\n\n",
                "id: abc-1\nevent: edited\ndata: {\"id\":1}\n\n",
                "id: abc-2\nevent: deleted\ndata: {\"id\":2}\n\n",
            ])
        #expect(stream.newestID == ChangeEventID(epoch: 0xabc, sequence: 2))
    }

    @Test("a client that resumes reads what it missed; one whose id is too old or another run's reads a reset")
    func resume() async throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(kept: 4), epoch: 7)
        for id in 1...6 { stream.publish(.edited, data: "{\"id\":\(id)}") }
        // Kept: at most a quarter more than 4 before the oldest go, so 3…6 at least; from 4, 5 and 6 follow.
        let resumed = try stream.open(after: ChangeEventID(epoch: 7, sequence: 4), address: "a").get().events
        #expect(await take(3, from: resumed).dropFirst() == ["id: 7-5\nevent: edited\ndata: {\"id\":5}\n\n", "id: 7-6\nevent: edited\ndata: {\"id\":6}\n\n"])

        let tooOld = try stream.open(after: ChangeEventID(epoch: 7, sequence: 0), address: "a").get().events
        #expect(await take(2, from: tooOld).last == "id: 7-6\nevent: reset\ndata: {\"reason\":\"changes since 7-0 are no longer kept\"}\n\n")

        let otherRun = try stream.open(after: ChangeEventID(epoch: 8, sequence: 6), address: "a").get().events
        #expect(await take(2, from: otherRun).last == "id: 7-6\nevent: reset\ndata: {\"reason\":\"the market restarted since 8-6\"}\n\n")

        // Up to date: nothing but the opening, then the next event.
        let current = try stream.open(after: ChangeEventID(epoch: 7, sequence: 6), address: "a").get().events
        stream.publish(.deleted, data: #"{"id":1}"#)
        #expect(await take(2, from: current).last == "id: 7-7\nevent: deleted\ndata: {\"id\":1}\n\n")
    }

    @Test("an id past the newest (forged) is refused; an address over its share or starting too often is refused")
    func refusals() throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(perAddress: 2, startsPerMinute: 3), epoch: 7)
        stream.publish(.edited, data: "{}")
        #expect(throws: ChangeStream.Refusal.unknownID) { try stream.open(after: ChangeEventID(epoch: 7, sequence: 2), address: "a").get() }
        let now = Date(timeIntervalSince1970: 1_000)
        let first = try stream.open(after: nil, address: "a", at: now).get().events
        let second = try stream.open(after: nil, address: "a", at: now).get().events
        #expect(throws: ChangeStream.Refusal.tooMany) { try stream.open(after: nil, address: "a", at: now).get() }
        // The third start was counted; a fourth within the minute is one too many, whatever is open.
        #expect(throws: ChangeStream.Refusal.tooOften(retryAfter: 60)) { try stream.open(after: nil, address: "a", at: now).get() }
        #expect(stream.subscriberCount == 2)
        // Another address has its own share.
        _ = try stream.open(after: nil, address: "b", at: now).get().events
        #expect(stream.subscriberCount == 3)
        _ = (first, second)
    }

    @Test("a subscriber that reads nothing is cut off after the queue's events: its memory is bounded, its share freed")
    func slowSubscriber() async throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(queued: 8, perAddress: 1), epoch: 7)
        let idle = try stream.open(after: nil, address: "a").get().events
        for id in 1...7 { stream.publish(.edited, data: "{\"id\":\(id)}") }
        #expect(stream.subscriberCount == 1 && stream.cutCount == 0)
        stream.publish(.edited, data: #"{"id":8}"#)  // the opening and seven events filled its queue of 8
        #expect(stream.subscriberCount == 0)
        #expect(stream.cutCount == 1)
        // What it had queued it still reads, then its stream ends: it reconnects from the last id it read.
        var read = 0
        for await _ in idle { read += 1 }
        #expect(read == 8)
        // Its address may open again.
        #expect((try? stream.open(after: ChangeEventID(epoch: 7, sequence: 7), address: "a").get()) != nil)
    }

    @Test("a subscriber that leaves frees its address's share")
    func leaving() async throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(perAddress: 1), epoch: 7)
        let subscription = try stream.open(after: nil, address: "a").get()
        #expect(throws: ChangeStream.Refusal.tooMany) { try stream.open(after: nil, address: "a").get() }
        stream.leave(subscription.id)
        #expect(stream.subscriberCount == 0)
        // Its events end.
        var read = 0
        for await _ in subscription.events { read += 1 }
        #expect(read == 1)
        #expect((try? stream.open(after: nil, address: "a").get()) != nil)
    }

    @Test("who looks at what: counts by product, told to those looking when they changed, once a tick; a viewer that leaves stops counting")
    func looking() async throws {
        let stream = ChangeStream(epoch: 7)
        let ann = try stream.open(after: nil, address: "a").get()
        let bob = try stream.open(after: nil, address: "b").get()
        let cy = try stream.open(after: nil, address: "c").get()
        #expect(stream.look(viewer: "nobody", at: 5) == nil)
        #expect(stream.look(viewer: ann.viewer, at: 5) == 1)
        #expect(stream.look(viewer: bob.viewer, at: 5) == 2)
        #expect(stream.look(viewer: cy.viewer, at: 6) == 1)
        #expect(stream.look(viewer: cy.viewer, at: 5) == 3)
        #expect(stream.look(viewer: cy.viewer, at: nil) == 0)
        #expect(stream.look(viewer: cy.viewer, at: 5) == 3)
        stream.tellLookers()
        let told = "event: looking\ndata: {\"id\":5,\"looking\":3}\n\n"
        for subscription in [ann, bob, cy] { #expect(await take(2, from: subscription.events).last == told) }
        stream.tellLookers()  // nothing changed: nothing sent
        stream.leave(cy.id)
        #expect(stream.lookers(of: 5) == 2)
        stream.tellLookers()
        stream.publish(.edited, data: "{}")
        #expect(await take(2, from: ann.events) == ["event: looking\ndata: {\"id\":5,\"looking\":2}\n\n", "id: 7-1\nevent: edited\ndata: {}\n\n"])
    }

    @Test("the count of those here is told when worth a glance: each change up to 20, above that a change of its first two digits")
    func worthTelling() {
        #expect(ChangeStream.worthTelling(1, after: 0))
        #expect(!ChangeStream.worthTelling(7, after: 7))
        #expect(ChangeStream.worthTelling(20, after: 19))
        #expect(ChangeStream.worthTelling(21, after: 20))
        #expect(ChangeStream.worthTelling(22, after: 21), "two digits: every change up to 99")
        #expect(!ChangeStream.worthTelling(945, after: 940))
        #expect(ChangeStream.worthTelling(950, after: 949))
        #expect(!ChangeStream.worthTelling(1_099, after: 1_000))
        #expect(ChangeStream.worthTelling(1_100, after: 1_099))
        #expect(ChangeStream.worthTelling(0, after: 1_000))
        #expect(ChangeStream.worthTelling(15, after: 25))
    }

    @Test("heartbeats and the count of those here go to one slice of the subscribers a tick, never to all at once")
    func spread() async throws {
        let limits = ChangeStreamLimits(heartbeat: .milliseconds(500), hereInterval: .milliseconds(200), hereTellsPerSecond: 10)
        let stream = ChangeStream(limits: limits, epoch: 7)
        // Subscribers 0…5, each told at its opening how many were here then (1…6); now 6 are.
        let subscriptions = try (0..<6).map { _ in try stream.open(after: nil, address: "a").get() }
        // The count: 6 subscribers at 10 a second → 6 slices (more than the interval's 2 ticks); 0…4 are told 6,
        // 5 was told 6 at its opening. Heartbeats: 5 slices (500 ms of 100 ms ticks), none to one told that tick.
        let expected: [ChangeStream.Spoken] = [
            .init(told: [0], heartbeats: [5]),
            .init(told: [1], heartbeats: []),
            .init(told: [2], heartbeats: []),
            .init(told: [3], heartbeats: []),
            .init(told: [4], heartbeats: []),
            .init(told: [], heartbeats: [0, 5]),
            .init(told: [], heartbeats: [1]),
            .init(told: [], heartbeats: [2]),
            .init(told: [], heartbeats: [3]),
            .init(told: [], heartbeats: [4]),
            .init(told: [], heartbeats: [0, 5]),
        ]
        for (tick, spoken) in expected.enumerated() { #expect(stream.speak(tick: tick) == spoken, "tick \(tick)") }
        #expect(await take(4, from: subscriptions[0].events).dropFirst() == [
            "event: here\ndata: {\"browsing\":6}\n\n", ":\n\n", ":\n\n",
        ])
        // One leaves: the others are told 5 at their turn.
        stream.leave(subscriptions[5].id)
        // 5 subscribers at 10 a second: 5 slices.
        #expect((11...16).map { stream.speak(tick: $0).told } == [[1], [2], [3], [4], [0], []])
    }

    @Test("a crowd is told the count at most `hereTellsPerSecond` a second, each once")
    func hereBudget() throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(perAddress: 0, startsPerMinute: 0, hereInterval: .seconds(1), hereTellsPerSecond: 100), epoch: 7)
        for _ in 0..<200 { _ = try stream.open(after: nil, address: "a").get() }
        // 200 here; subscriber k was told k + 1 at its opening: all but the last (told 200) are worth telling.
        // 200 subscribers at 100 a second: 20 slices of 10 (over the interval's 10 ticks).
        let told = (0..<40).map { stream.speak(tick: $0).told }
        #expect(told.map(\.count) == Array(repeating: 10, count: 19) + [9] + Array(repeating: 0, count: 20))
        #expect(told.joined().sorted() == Array(0..<199))
    }

    @Test("who is here counts the other replicas' streams as they said, forgets one not heard from, and bounds how many")
    func otherReplicas() async throws {
        let limits = ChangeStreamLimits(othersForgotten: .seconds(30))
        let stream = ChangeStream(limits: limits, epoch: 7)
        let now = ContinuousClock.now
        stream.heardHere(from: "b", count: 40, at: now)
        stream.heardHere(from: "c", count: 2, at: now - .seconds(20))
        #expect(stream.hereCount(at: now) == 42)
        let opened = try stream.open(after: nil, address: "a").get()
        #expect(await take(1, from: opened.events).first?.hasSuffix("event: here\ndata: {\"browsing\":43}\n\n") == true)
        #expect(stream.hereCount(at: now + .seconds(15)) == 41, "c was heard 35 s before")
        stream.heardHere(from: "b", count: 0, at: now)
        #expect(stream.hereCount(at: now) == 1, "b stopped")
        for tag in 0..<100 { stream.heardHere(from: "r\(tag)", count: 1, at: now) }
        #expect(stream.hereCount(at: now) == 1 + ChangeStream.maxOthers)
    }

    @Test("a product's lookers on other replicas count as they said, are told to those looking here, and are forgotten when not said again")
    func lookingAcrossReplicas() async throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(othersForgotten: .seconds(30)), epoch: 7)
        let ann = try stream.open(after: nil, address: "a").get()
        let now = ContinuousClock.now
        #expect(stream.look(viewer: ann.viewer, at: 5, now: now) == 1)
        #expect(stream.ownLooking(all: false) == [5: 1])
        #expect(stream.ownLooking(all: false) == [:], "said once")
        stream.heardLooking(from: "b", [5: 3, 6: 2], at: now)
        #expect(stream.lookers(of: 5, now: now) == 4 && stream.lookers(of: 6, now: now) == 2)
        stream.tellLookers(at: now)
        #expect(await take(2, from: ann.events).last == "event: looking\ndata: {\"id\":5,\"looking\":4}\n\n")
        stream.heardLooking(from: "b", [5: 3], at: now + .seconds(10))  // said again, the same: nothing to tell
        stream.heardLooking(from: "b", [5: 1], at: now + .seconds(20))
        // 6 was not said again within 30 s: forgotten; 5 was.
        stream.tellLookers(at: now + .seconds(31))
        #expect(stream.lookers(of: 6, now: now + .seconds(31)) == 0)
        #expect(await take(1, from: ann.events) == ["event: looking\ndata: {\"id\":5,\"looking\":2}\n\n"])
        stream.heardHere(from: "b", count: 0)  // b stops: its lookers with it
        stream.tellLookers(at: now + .seconds(32))
        #expect(await take(1, from: ann.events) == ["event: looking\ndata: {\"id\":5,\"looking\":1}\n\n"])
        #expect(stream.look(viewer: ann.viewer, at: nil) == 0)
        #expect(stream.ownLooking(all: true) == [5: 0], "nobody here looks at 5 any more")
        #expect(stream.ownLooking(all: true) == [:])
    }
}
