import Foundation
import Mocks
import OpenMarketAPI
import NIOConcurrencyHelpers
import Testing

/// Reading the market's changes from its local socket, against a real Unix-domain socket.
@Suite("Reading changes from the market's local socket")
struct ChangeSocketReaderTests {
    final class Heard: Sendable {
        let events = NIOLockedValueBox<[ChangeFeedEvent]>([])
        let ended = NIOLockedValueBox<[String?]>([])
    }

    @Test("what the socket brings, in chunks cut anywhere, is handed on change by change; at its end, the last whole event's id is told once and reading stops")
    func reads() async throws {
        let listener = try LocalSocketListener()
        let heard = Heard()
        let connected = ChangeSocketReader.connect(
            to: listener.path, deliver: { event in heard.events.withLockedValue { $0.append(event) } },
            ended: { id in heard.ended.withLockedValue { $0.append(id) } })
        let reader = try #require(connected)
        let market = await listener.accept()
        #expect(reader.readable(), "nothing to read yet: still open")
        #expect(heard.events.withLockedValue { $0 } == [])

        LocalSocketListener.send("retry: 2000\n\nevent: here\ndata: {\"browsing\":3}\n\n:\n\nid: e-1\nevent: deleted\ndata: {\"id\":4}\n\nid: e-2\nevent: del", to: market)
        #expect(reader.readable())
        #expect(heard.events.withLockedValue { $0 } == [.change(.here(browsing: 3)), .change(.deleted(id: 4))])

        LocalSocketListener.send("eted\ndata: {\"id\":5}\n\nid: e-3\nevent: deleted\ndata: {\"id\":6}", to: market)
        close(market)
        #expect(!reader.readable(), "the socket ended")
        #expect(heard.events.withLockedValue { $0 } == [.change(.here(browsing: 3)), .change(.deleted(id: 4)), .change(.deleted(id: 5))])
        #expect(heard.ended.withLockedValue { $0 } == ["e-2"], "e-3 was cut off before its end: it is asked for again")
        #expect(!reader.readable())
        #expect(heard.ended.withLockedValue { $0 }.count == 1)
    }

    @Test("no socket there: no reader (the changes are followed over HTTP)")
    func absent() throws {
        let listener = try LocalSocketListener()
        let absent = ChangeSocketReader.connect(to: listener.path + "-not-there", deliver: { _ in }, ended: { _ in })
        let tooLong = ChangeSocketReader.connect(to: String(repeating: "x", count: 200), deliver: { _ in }, ended: { _ in })
        #expect(absent == nil && tooLong == nil)
    }

    @Test("cancelled: the socket is shut down, its end read without telling `ended`")
    func cancelled() async throws {
        let listener = try LocalSocketListener()
        let heard = Heard()
        let connected = ChangeSocketReader.connect(to: listener.path, deliver: { _ in }, ended: { id in heard.ended.withLockedValue { $0.append(id) } })
        let reader = try #require(connected)
        let market = await listener.accept()
        defer { close(market) }
        reader.cancel()
        #expect(!reader.readable())
        #expect(heard.ended.withLockedValue { $0 } == [])
        var byte: UInt8 = 0
        #expect(read(market, &byte, 1) == 0, "the market reads its end")
    }
}
