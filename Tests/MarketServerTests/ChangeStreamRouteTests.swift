import Foundation
import HummingbirdTesting
import Mocks
import OpenMarketAPI
import ServerTestSupport
import Testing

@testable import MarketServer

/// `GET /api/products/changes` on a live server, followed by the browser's own client (`ChangeFollowing` over
/// `AsyncHTTPTransport`), on every store.
@Suite("The change stream, served and followed", .serialized, .postgresSchemas)
struct ChangeStreamRouteTests {
    /// Reads the feed until `count` events came (or 10 s passed: then fewer).
    func next(_ count: Int, from iterator: inout AsyncStream<ChangeFeedEvent>.Iterator) async -> [ChangeFeedEvent] {
        var events: [ChangeFeedEvent] = []
        while events.count < count, let event = await iterator.next() { events.append(event) }
        return events
    }

    func patch(_ client: some TestClientProtocol, _ id: Int, as vendor: VendorCredentials, _ fields: String) async throws -> Int {
        let response = try await client.send(
            .patch, "/api/products/\(id)", identifier: vendor.identifier, contentType: "application/json",
            body: Array("{\"secret\":\"\(vendor.secret)\",\(fields)}".utf8))
        return Int(response.status.code)
    }

    @Test("registrations, edits and deletes reach a follower as they happen; a refused write does not", arguments: StoreKind.allCases)
    func follow(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.server.application().test(.live) { client in
            let port = try #require(client.port)
            let transport = AsyncHTTPTransport()
            let api = OpenMarketClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport)
            let feed = ChangeFollowing(client: api).events(clock: ContinuousClock())
            var events = feed.makeAsyncIterator()
            #expect(await next(1, from: &events) == [.opened(resumed: false)])
            guard case .change(.viewer)? = await next(1, from: &events).first else {
                Issue.record("no viewer token first")
                return
            }
            #expect(await next(1, from: &events) == [.change(.here(browsing: 1))])

            let mug = try await client.registerValid(as: market.alice, name: "Blue Mug")
            let id = try #require(mug["id"] as? Int)
            guard case .change(.registered(let registered))? = await next(1, from: &events).first else {
                Issue.record("no registration heard")
                return
            }
            #expect(registered.id == id && registered.name == "Blue Mug" && registered.vendorName == "alice")

            // Bob may not change alice's product (403), and a broken rule is a 400: neither is news.
            #expect(try await patch(client, id, as: market.bob, #""price":1"#) == 403)
            #expect(try await patch(client, id, as: market.alice, #""discounted_price":999999"#) == 400)
            #expect(try await patch(client, id, as: market.alice, #""price":15000,"stock":0"#) == 200)
            guard case .change(.edited(let edited))? = await next(1, from: &events).first else {
                Issue.record("no edit heard")
                return
            }
            #expect(edited.id == id && edited.price.amount == 15000 && edited.stock == 0)

            let token = try await client.send(
                .post, "/api/products/\(id)/archived", identifier: market.alice.identifier, contentType: "application/json",
                body: Array("{\"secret\":\"\(market.alice.secret)\"}".utf8))
            let path = token.text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            #expect(try await client.send(.delete, path, identifier: market.alice.identifier).status == .ok)
            #expect(await next(1, from: &events) == [.change(.deleted(id: id))])
            try await transport.shutdown()
        }
    }

    /// A live market on `store`, the test's own client to it, and the browser's client (`AsyncHTTPTransport`) beside.
    func withLiveMarket(
        _ store: StoreKind = .memory, _ body: @Sendable (TestMarket, any TestClientProtocol, OpenMarketClient) async throws -> Void
    ) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.server.application().test(.live) { client in
            let port = try #require(client.port)
            let transport = AsyncHTTPTransport()
            defer { Task { try? await transport.shutdown() } }
            try await body(market, client, OpenMarketClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport))
        }
    }

    /// A feed read until its viewer token, which looks at product 7 once; the feed is dropped as this returns.
    func followThenDrop(_ api: OpenMarketClient) async throws -> String? {
        var feed = ChangeFollowing(client: api).events(clock: ContinuousClock()).makeAsyncIterator()
        guard case .change(.viewer(let viewer))? = await next(2, from: &feed).last else { return nil }
        let looking = try await api.look(viewer: viewer, at: 7)
        #expect(looking == 1)
        return viewer
    }

    @Test("a follower that is dropped is let go: its connection closes and the market forgets its viewer")
    func droppedFollower() async throws {
        // The stream's body is read in the consumer's task (no pump of its own): dropping the feed must still end
        // the request, or a browser that stops following would be counted here until its process ends.
        try await withLiveMarket { _, _, api in
            guard let viewer = try await followThenDrop(api) else {
                Issue.record("no viewer token")
                return
            }
            let deadline = ContinuousClock.now + .seconds(20)
            var forgotten = false
            while !forgotten, ContinuousClock.now < deadline {
                do {
                    _ = try await api.look(viewer: viewer, at: 7)
                    try await Task.sleep(for: .milliseconds(100))
                } catch {
                    guard (error as? OpenMarketError)?.status == 404 else { throw error }
                    forgotten = true
                }
            }
            #expect(forgotten, "the market still knows the dropped follower's viewer after 20 s")
        }
    }

    @Test("a viewer says what it looks at and is told how many look at it; an unknown viewer is a 404, a bad look a 400")
    func looking() async throws {
        try await withLiveMarket { _, client, api in
            var first = ChangeFollowing(client: api).events(clock: ContinuousClock()).makeAsyncIterator()
            var second = ChangeFollowing(client: api).events(clock: ContinuousClock()).makeAsyncIterator()
            guard case .change(.viewer(let one))? = await next(2, from: &first).last,
                case .change(.viewer(let two))? = await next(2, from: &second).last
            else {
                Issue.record("no viewer tokens")
                return
            }
            #expect(one != two)
            #expect(try await api.look(viewer: one, at: 7) == 1)
            #expect(try await api.look(viewer: two, at: 7) == 2)
            // Within the tick both are told (the here counts may come first).
            var told: [ChangeFeedEvent] = []
            while told.count < 6, let event = await first.next() {
                told.append(event)
                if event == .change(.looking(id: 7, count: 2)) { break }
            }
            #expect(told.last == .change(.looking(id: 7, count: 2)), "\(told)")
            #expect(try await api.look(viewer: two, at: nil) == 0)
            await #expect(throws: OpenMarketError.httpStatus(404, message: "no change stream is open with that viewer; follow /api/products/changes first")) {
                _ = try await api.look(viewer: "feedface", at: 7)
            }
            let bad = try await client.send(.put, "/api/products/changes/viewers/\(one)", contentType: "application/json", body: Array(#"{"looking":"x"}"#.utf8))
            #expect(bad.status == .badRequest)
        }
    }

    @Test("a client that comes back with its last id reads what it missed; a forged or malformed id is a 400 that says what to do")
    func resume() async throws {
        let market = try await TestMarket.make(store: .sqlite)
        defer { market.directory.remove() }
        try await market.server.application().test(.live) { client in
            let port = try #require(client.port)
            let transport = AsyncHTTPTransport()
            defer { Task { try? await transport.shutdown() } }
            let url = URL(string: "http://127.0.0.1:\(port)/api/products/changes")!
            let first = try await client.registerValid(as: market.alice, name: "First")
            _ = first
            let stream = market.server.products.stream
            for _ in 0..<500 where stream.newestID.sequence < 1 { try await Task.sleep(for: .milliseconds(10)) }
            let had = stream.newestID
            _ = try await client.registerValid(as: market.alice, name: "Second")
            _ = try await client.registerValid(as: market.alice, name: "Third")

            let resumed = try await transport.open(TransportRequest(method: "GET", url: url, headers: [HTTPHeader("Last-Event-ID", had.description)]))
            #expect(resumed.status == 200)
            #expect(resumed.header("Content-Type") == "text/event-stream; charset=utf-8")
            var parser = ServerSentEventParser()
            var names: [String] = []
            for try await chunk in resumed.body {
                for event in try parser.feed(chunk) where event.type == "registered" {
                    names.append(try JSONDecoder().decode(ProductSummary.self, from: Data(event.data.utf8)).name)
                }
                if names.count == 2 { break }
            }
            #expect(names == ["Second", "Third"])
            #expect(parser.lastEventID == ChangeEventID(epoch: had.epoch, sequence: had.sequence + 2).description)

            for (sent, message) in [
                ("zz", "Last-Event-ID is not an event id this market writes (like 9f3a07c2-42); follow the changes without it to start afresh"),
                (ChangeEventID(epoch: had.epoch, sequence: had.sequence + 99).description,
                 "Last-Event-ID names a change this market has not made yet; follow the changes without it to start afresh"),
            ] {
                let refused = try await client.send(.get, "/api/products/changes?after=\(sent)")
                #expect(refused.status == .badRequest)
                #expect(try refused.errorMessage() == message)
            }
        }
    }

    @Test("on PostgreSQL, a write on one replica reaches the followers of another", .enabled(if: TestPostgres.runsCases))
    func replicas() async throws {
        let market = try await TestMarket.make(store: .postgres)
        defer { market.directory.remove() }
        let other = try await market.reopened()
        try await market.server.application().test(.live) { writer in
            try await other.server.application().test(.live) { reader in
                let port = try #require(reader.port)
                // The other replica hears the first one's writes once it follows the feed (its cache is on then).
                for _ in 0..<500 where !other.server.products.isOn { try await Task.sleep(for: .milliseconds(10)) }
                let transport = AsyncHTTPTransport()
                let api = OpenMarketClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport)
                var events = ChangeFollowing(client: api).events(clock: ContinuousClock()).makeAsyncIterator()
                #expect(await next(3, from: &events).last == .change(.here(browsing: 1)))
                let mug = try await writer.registerValid(as: market.alice, name: "Blue Mug")
                let id = try #require(mug["id"] as? Int)
                guard case .change(.registered(let registered))? = await next(1, from: &events).first else {
                    Issue.record("no registration heard on the other replica")
                    return
                }
                #expect(registered.id == id)
                #expect(try await patch(writer, id, as: market.alice, #""price":15000"#) == 200)
                guard case .change(.edited(let edited))? = await next(1, from: &events).first else {
                    Issue.record("no edit heard on the other replica")
                    return
                }
                #expect(edited.price.amount == 15000)
                try await transport.shutdown()
            }
        }
    }

    @Test("on PostgreSQL, who is here and who looks at a product count the followers of every replica", .enabled(if: TestPostgres.runsCases))
    func hereAcrossReplicas() async throws {
        let market = try await TestMarket.make(store: .postgres)
        defer { market.directory.remove() }
        let other = try await market.reopened()
        try await market.server.application().test(.live) { first in
            try await other.server.application().test(.live) { second in
                let transport = AsyncHTTPTransport()
                func follow(_ port: Int) -> AsyncStream<ChangeFeedEvent>.Iterator {
                    let api = OpenMarketClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport)
                    return ChangeFollowing(client: api).events(clock: ContinuousClock()).makeAsyncIterator()
                }
                var ann = follow(try #require(first.port))
                let opening = await next(3, from: &ann)
                #expect(opening.last == .change(.here(browsing: 1)))
                guard case .change(.viewer(let annViewer))? = opening.dropFirst().first else {
                    Issue.record("no viewer token: \(opening)")
                    return
                }
                // The first replica says it has one (within a second or two); the second counts it.
                for _ in 0..<500 where other.server.products.stream.hereCount() != 1 { try await Task.sleep(for: .milliseconds(20)) }
                #expect(other.server.products.stream.hereCount() == 1)
                var bob = follow(try #require(second.port))
                let bobOpening = await next(3, from: &bob)
                #expect(bobOpening.last == .change(.here(browsing: 2)), "one here, one on the other replica")
                // Ann is told at her turn once the first replica has heard the second's.
                #expect(await next(1, from: &ann) == [.change(.here(browsing: 2))])
                guard case .change(.viewer(let bobViewer))? = bobOpening.dropFirst().first else {
                    Issue.record("no viewer token: \(bobOpening)")
                    return
                }
                // Both look at product 7, each through its own replica: each is told two look at it.
                let annAPI = OpenMarketClient(baseURL: URL(string: "http://127.0.0.1:\(try #require(first.port))")!, transport: transport)
                let bobAPI = OpenMarketClient(baseURL: URL(string: "http://127.0.0.1:\(try #require(second.port))")!, transport: transport)
                #expect(try await annAPI.look(viewer: annViewer, at: 7) == 1)
                for _ in 0..<500 where other.server.products.stream.lookers(of: 7) != 1 { try await Task.sleep(for: .milliseconds(20)) }
                #expect(try await bobAPI.look(viewer: bobViewer, at: 7) == 2, "ann, on the other replica, and bob")
                // Her own look was told her first (1), then bob's from the other replica.
                var told: [ChangeFeedEvent] = []
                while told.count < 4, let event = await next(1, from: &ann).first {
                    told.append(event)
                    if event == .change(.looking(id: 7, count: 2)) { break }
                }
                #expect(told.last == .change(.looking(id: 7, count: 2)), "\(told)")
                try await transport.shutdown()
            }
        }
    }
}

