import Foundation
import Mocks
import OpenMarketAPI
import Testing

/// Following a market's changes over a scripted stream, on a test clock: resuming by the last id, the waits,
/// a market without a stream, one that forgot the id, one that falls silent.
@Suite("Following a market's changes")
struct ChangeFollowingTests {
    let transport = MockStreamTransport()
    let clock = ManualClock()

    var following: ChangeFollowing {
        ChangeFollowing(client: OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport))
    }

    /// Waits (real time, 5 s at most) until a sleep ends at `offset` on the test clock.
    func sleeper(at offset: Duration) async -> Bool {
        for _ in 0..<500 {
            if clock.deadlines.contains(offset) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    func lastEventID(of request: Int) -> String? {
        transport.requests[request].header("Last-Event-ID")
    }

    @Test("events become changes; a stream that ends is opened again after the market's wait, from the last id had")
    func resumes() async {
        let first = MockStreamTransport.Script()
        transport.answer(first)
        var events = following.events(clock: clock).makeAsyncIterator()
        #expect(await events.next() == .opened(resumed: false))
        #expect(transport.requests.first?.url.absoluteString == "http://m.test/api/products/changes")
        #expect(transport.requests.first?.header("Accept") == "text/event-stream")
        #expect(lastEventID(of: 0) == nil)
        first.send("retry: 3000\n\nevent: here\ndata: {\"browsing\":2}\n\nid: ab-4\nevent: deleted\nda")
        #expect(await events.next() == .change(.here(browsing: 2)))
        first.send("ta: {\"id\":9}\n\n")
        #expect(await events.next() == .change(.deleted(id: 9)))
        first.end()
        #expect(await events.next() == .lost(retryIn: .seconds(3)))
        let second = MockStreamTransport.Script()
        transport.answer(second)
        #expect(await sleeper(at: .seconds(3)))
        clock.advance(by: .seconds(3))
        #expect(await events.next() == .opened(resumed: true))
        #expect(lastEventID(of: 1) == "ab-4")
        #expect(transport.unexpected == 0)
    }

    @Test("a market without the stream (404, or an answer that is no event stream) is said once, and not asked again")
    func unavailable() async {
        transport.answer(MockStreamTransport.Script(status: 404, headers: [HTTPHeader("Content-Type", "application/json")]))
        var events = following.events(clock: clock).makeAsyncIterator()
        #expect(await events.next() == .unavailable)
        #expect(await events.next() == nil)
        #expect(transport.requests.count == 1)

        let plain = MockStreamTransport()
        plain.answer(MockStreamTransport.Script(status: 200, headers: [HTTPHeader("Content-Type", "application/json")]))
        var other = ChangeFollowing(client: OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: plain)).events(clock: clock).makeAsyncIterator()
        #expect(await other.next() == .unavailable)
    }

    @Test("a market that does not know the id sent back (400) says reset, and is followed afresh at once")
    func forgotten() async {
        let first = MockStreamTransport.Script()
        transport.answer(first)
        var events = following.events(clock: clock).makeAsyncIterator()
        #expect(await events.next() == .opened(resumed: false))
        first.send("id: ab-4\nevent: deleted\ndata: {\"id\":9}\n\n")
        #expect(await events.next() == .change(.deleted(id: 9)))
        first.end()
        #expect(await events.next() == .lost(retryIn: .seconds(2)))
        transport.answer(MockStreamTransport.Script(status: 400, headers: [HTTPHeader("Content-Type", "application/json")]))
        transport.answer(MockStreamTransport.Script())
        clock.advance(by: .seconds(2))
        #expect(await events.next() == .change(.reset(reason: "the market did not know the last change had")))
        #expect(await events.next() == .lost(retryIn: .zero))
        #expect(await events.next() == .opened(resumed: false))
        #expect(lastEventID(of: 1) == "ab-4")
        #expect(lastEventID(of: 2) == nil)
    }

    @Test("failures back off, doubling to 30 s; a busy market's Retry-After is waited")
    func backOff() async {
        var events = following.events(clock: clock).makeAsyncIterator()
        var waited: [Duration] = []
        transport.fail(.transport(endpoint: "m.test:80", reason: "connection refused"))
        for _ in 0..<5 {
            guard case .lost(let wait)? = await events.next() else { break }
            waited.append(wait)
            transport.fail(.transport(endpoint: "m.test:80", reason: "connection refused"))
            clock.advance(by: wait)
        }
        #expect(waited == [.seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30)])

        let busy = MockStreamTransport()
        busy.answer(MockStreamTransport.Script(status: 429, headers: [HTTPHeader("Retry-After", "7")]))
        var other = ChangeFollowing(client: OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: busy)).events(clock: clock).makeAsyncIterator()
        #expect(await other.next() == .lost(retryIn: .seconds(7)))
    }

    @Test("a stream silent for three heartbeats' time is opened again")
    func silence() async {
        let quiet = MockStreamTransport.Script()
        transport.answer(quiet)
        var events = following.events(clock: clock).makeAsyncIterator()
        #expect(await events.next() == .opened(resumed: false))
        quiet.send(":\n\n")
        #expect(await sleeper(at: .seconds(45)))
        clock.advance(by: .seconds(45))  // something was heard in the first 45 s
        #expect(await sleeper(at: .seconds(90)))
        transport.answer(MockStreamTransport.Script())
        clock.advance(by: .seconds(45))  // nothing in the next
        #expect(await events.next() == .lost(retryIn: .seconds(2)))
        clock.advance(by: .seconds(2))
        #expect(await events.next() == .opened(resumed: false))
        #expect(transport.requests.count == 2)
    }
}
