import Foundation
import Logging
import MarketWords
import Testing

@testable import MarketServer

/// The change stream on a local socket (`ChangeSocket`), with real Unix-domain sockets: what a browser that
/// connects reads, how it leaves, and one that stops reading.
@Suite("The change stream on a local socket")
struct ChangeSocketTests {
    /// The change socket of `stream` (stopped by the test).
    static func listening(to stream: ChangeStream) throws -> ChangeSocket {
        try ChangeSocket(stream: stream, logger: Logger(label: "test"))
    }

    /// A connected client of the socket at `path` (blocking reads with a 10 s timeout).
    static func connect(to path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let address = try #require(LocalSocketAddress(path: path))
        let connected = address.withSocketAddress { Glibc.connect(descriptor, $0, $1) }
        try #require(connected == 0, "connect: \(errno)")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    /// What `descriptor` brings until `enough` holds of it (or it ends, or 10 s pass without a byte).
    static func read(_ descriptor: Int32, until enough: (String) -> Bool = { _ in false }) -> (text: String, ended: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !enough(String(decoding: bytes, as: UTF8.self)) {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { bytes += buffer[..<count] } else { return (String(decoding: bytes, as: UTF8.self), count == 0 || errno == ECONNRESET) }
        }
        return (String(decoding: bytes, as: UTF8.self), false)
    }

    /// Waits (up to 10 s) until `condition` holds.
    func waitUntil(_ what: Comment, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            try #require(ContinuousClock.now < deadline, what)
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("a browser that connects reads what a stream over HTTP reads, counts as here, and leaves when it closes; the socket's folder is its user's alone and goes at stop")
    func follows() async throws {
        let stream = ChangeStream(limits: ChangeStreamLimits(retryMilliseconds: 2_000), epoch: 0xabc)
        let socket = try Self.listening(to: stream)
        let folder = (socket.path as NSString).deletingLastPathComponent
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(socket.path.hasSuffix("/changes"))

        let first = try Self.connect(to: socket.path)
        try await waitUntil("the first browser is a subscriber") { stream.subscriberCount == 1 }
        let second = try Self.connect(to: socket.path)
        try await waitUntil("the second too") { stream.subscriberCount == 2 && socket.connections == 2 }
        stream.publish(.edited, data: #"{"id":1}"#)

        let event = "id: abc-1\nevent: edited\ndata: {\"id\":1}\n\n"
        let firstRead = Self.read(first) { $0.hasSuffix(event) }.text
        let viewer = try #require(firstRead.firstMatch(of: /"viewer":"([0-9a-f]{32})"/)?.1)
        #expect(firstRead == "retry: 2000\n\nevent: viewer\ndata: {\"viewer\":\"\(viewer)\"}\n\nevent: here\ndata: {\"browsing\":1}\n\n" + event)
        let secondRead = Self.read(second) { $0.hasSuffix(event) }.text
        #expect(secondRead.contains("event: here\ndata: {\"browsing\":2}\n\n"))
        #expect(!secondRead.contains(String(viewer)), "each its own viewer token")
        // The token is a stream's like any other: a look made with it counts.
        #expect(stream.look(viewer: String(viewer), at: 5) == 1)

        close(first)
        try await waitUntil("the closed one left") { stream.subscriberCount == 1 && socket.connections == 1 }
        #expect(stream.lookers(of: 5) == 0, "its look went with it")

        socket.stop()
        #expect(stream.subscriberCount == 0)
        let rest = Self.read(second)
        #expect(rest.ended && rest.text.isEmpty, "the one left reads its end")
        #expect(!FileManager.default.fileExists(atPath: folder))
        close(second)
    }

    @Test("a browser that stops reading is cut off once its socket is full: it reads whole events in order up to where it was cut, then the end")
    func slowReader() async throws {
        let stream = ChangeStream(epoch: 7)
        let socket = try Self.listening(to: stream)
        defer { socket.stop() }
        let idle = try Self.connect(to: socket.path)
        defer { close(idle) }
        try await waitUntil("it is a subscriber") { stream.subscriberCount == 1 }
        let data = "{\"name\":\"" + String(repeating: "x", count: 1_000) + "\"}"
        var published = 0
        while stream.subscriberCount == 1 {
            published += 1
            try #require(published <= 100_000, "never cut off")
            stream.publish(.edited, data: data)
        }
        #expect(stream.cutCount == 1)
        try await waitUntil("its descriptor is closed") { socket.connections == 0 }

        let (text, ended) = Self.read(idle)
        #expect(ended)
        let ids = text.matches(of: /id: 7-(\d+)\nevent: edited\ndata: [^\n]+\n\n/).map { Int($0.1)! }
        #expect(!ids.isEmpty && ids == Array(1...ids.count), "every event whole and in order, from the first")
        #expect(ids.count < published, "the last were not sent")
        // Past the last whole event, at most a part of the next: its blank line never came, so it is no event.
        let tail = text.split(separator: "\n\n", omittingEmptySubsequences: false).last ?? ""
        #expect(!tail.contains("\n\n"))
    }

    @Test("a subscriber on a local socket hears no heartbeats (its end is seen at once); one over HTTP hears one each period")
    func noHeartbeats() throws {
        let stream = ChangeStream(epoch: 7)
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        let sink = ChangeSocketSink(descriptor: pair[0])
        defer { sink.release() }
        let local = try #require(stream.open(socket: sink, address: "local"))
        let http = try stream.open(after: nil, address: "a").get()
        var heartbeats: [Int] = []
        for tick in 0..<Int(ChangeStreamLimits().heartbeat / ChangeStream.tick) { heartbeats += stream.speak(tick: tick).heartbeats }
        #expect(heartbeats == [http.id])
        #expect(local != http.id)
    }

    @Test("a connection that writes (what no browser does) is let go; the others are served")
    func talker() async throws {
        let stream = ChangeStream(epoch: 7)
        let socket = try Self.listening(to: stream)
        defer { socket.stop() }
        let talker = try Self.connect(to: socket.path)
        defer { close(talker) }
        let quiet = try Self.connect(to: socket.path)
        defer { close(quiet) }
        try await waitUntil("both are subscribers") { stream.subscriberCount == 2 }
        _ = "GET / HTTP/1.1\r\n\r\n".withCString { write(talker, $0, strlen($0)) }
        try await waitUntil("the talker is let go") { stream.subscriberCount == 1 }
        #expect(Self.read(talker) { _ in false }.ended)
        stream.publish(.deleted, data: #"{"id":3}"#)
        #expect(Self.read(quiet) { $0.hasSuffix("id: 7-1\nevent: deleted\ndata: {\"id\":3}\n\n") }.text.hasPrefix("retry: "))
    }
}
