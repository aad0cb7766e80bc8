import Foundation
import HummingbirdTesting
import Mocks
import Testing

@testable import MarketServer

#if canImport(Glibc)
import Glibc
#endif

/// Cache hits answered on the event loop (`CachedResponseHandler`), over real loopback sockets.
@Suite("cache hits before the router", .postgresSchemas)
struct EarlyCacheTests {
    /// A live server with three products by alice; `body` gets the port and the server.
    func live(
        _ store: StoreKind, _ body: @escaping @Sendable (Int, TestMarket, any TestClientProtocol) async throws -> Void
    ) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.server.application().test(.live) { client in
            // On PostgreSQL the cache is on once the server hears the other replicas' writes (LISTEN).
            for _ in 0..<500 where !market.server.products.isOn { try await Task.sleep(for: .milliseconds(10)) }
            #expect(market.server.products.isOn)
            for name in ["Blue Mug", "Green Vase", "Red Lamp"] {
                _ = try await client.registerValid(as: market.alice, name: name)
            }
            try await body(try #require(client.port), market, client)
        }
    }

    @Test("a hit skips the router and is the router's answer byte for byte", arguments: StoreKind.allCases)
    func identical(store: StoreKind) async throws {
        try await live(store) { port, market, _ in
            let cache = market.server.products
            for path in ["/api/products?page_no=1&items_per_page=2", "/api/products", "/api/products/2"] {
                let connection = try RawHTTP(port: port)
                try await connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                let routed = try await connection.responses(1)[0]
                let before = cache.earlyAnswers
                try await connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                let early = try await connection.responses(1)[0]
                #expect(cache.earlyAnswers == before + 1, "\(path) was answered early")
                #expect(Self.withoutDate(early) == Self.withoutDate(routed), "\(path)")
                #expect(early.hasPrefix("HTTP/1.1 200 OK\r\n"))
                #expect(early.contains("\r\nDate: ") && early.contains("\r\nServer: openmarket\r\n"))
            }
            // Other spellings of an id, and other methods, are the router's.
            let connection = try RawHTTP(port: port)
            let before = cache.earlyAnswers
            try await connection.send("GET /api/products/02 HTTP/1.1\r\nHost: x\r\n\r\nHEAD /api/products/2 HTTP/1.1\r\nHost: x\r\n\r\n")
            let replies = try await connection.responses(2, bodyless: [1])
            #expect(replies[0].contains("\"name\":\"Green Vase\""))
            #expect(cache.earlyAnswers == before)
        }
    }

    @Test("a picture asked for again comes from memory, the router's answer byte for byte; one removed is not served")
    func pictures() async throws {
        try await live(.memory) { port, market, _ in
            let cache = market.server.products
            let detail = try #require(try await market.server.products.detailAnswer(id: 2))
            // The first product's thumbnail path, from its detail's JSON.
            let json = try #require(try JSONSerialization.jsonObject(with: Data(detail.readableBytesView)) as? [String: Any])
            let address = try #require(json["thumbnail"] as? String)
            let thumbnail = try #require(URL(string: address))
            let connection = try RawHTTP(port: port)
            try await connection.send("GET \(thumbnail.path) HTTP/1.1\r\nHost: x\r\n\r\n")
            let routed = try await connection.responses(1)[0]
            #expect(routed.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nCache-Control: public, max-age=31536000, immutable\r\n"))
            let before = cache.earlyAnswers
            try await connection.send("GET \(thumbnail.path) HTTP/1.1\r\nHost: x\r\n\r\n")
            let early = try await connection.responses(1)[0]
            #expect(cache.earlyAnswers == before + 1, "answered early")
            #expect(Self.withoutDate(early) == Self.withoutDate(routed))
            // Removed (a deleted product's pictures, purged): neither memory nor the files answer.
            let relative = String(thumbnail.path.dropFirst("/images/".count))
            let origin = relative.replacingOccurrences(of: "_thumb.jpg", with: "_origin.jpg")
            await market.server.pictures.remove([SavedPicture(originPath: origin, thumbnailPath: relative)])
            try await connection.send("GET \(thumbnail.path) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.responses(1)[0].hasPrefix("HTTP/1.1 404"))
        }
    }

    @Test("pipelined requests are answered in order, hits and misses mixed", arguments: StoreKind.allCases)
    func pipelined(store: StoreKind) async throws {
        try await live(store) { port, _, _ in
            let warm = try RawHTTP(port: port)
            try await warm.send("GET /api/products?items_per_page=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await warm.responses(1)
            let hit = "GET /api/products?items_per_page=1 HTTP/1.1\r\nHost: x\r\n\r\n"
            for order in [["miss", "hit", "hit"], ["hit", "miss", "hit"], ["hit", "hit", "miss", "hit"]] {
                let connection = try RawHTTP(port: port)
                var misses = 0
                var request = ""
                for kind in order {
                    if kind == "hit" {
                        request += hit
                    } else {
                        misses += 1
                        // A page not asked for before: the router builds it.
                        request += "GET /api/products?items_per_page=1&page_no=\(2 + misses)&n=\(UUID()) HTTP/1.1\r\nHost: x\r\n\r\n"
                    }
                }
                try await connection.send(request)
                let pages = try await connection.responses(order.count).map { reply in
                    reply.firstMatch(of: /"pageNo":(\d+)/).map { Int($0.1)! } ?? -1
                }
                #expect(pages == order.map { $0 == "hit" ? 1 : 3 }, "\(order)")
            }
        }
    }

    @Test("a write is seen at once: no stale hit after PATCH", arguments: StoreKind.allCases)
    func invalidation(store: StoreKind) async throws {
        try await live(store) { port, market, client in
            let connection = try RawHTTP(port: port)
            for _ in 0..<2 {
                try await connection.send("GET /api/products/1 HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await connection.responses(1)[0].contains("\"price\":12000"))
            }
            let before = market.server.products.earlyAnswers
            let patched = try await client.send(
                .patch, "/api/products/1", identifier: market.alice.identifier, contentType: "application/json",
                body: Array(#"{"secret":"\#(market.alice.secret)","price":15000}"#.utf8))
            #expect(patched.status == .ok)
            try await connection.send("GET /api/products/1 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.responses(1)[0].contains("\"price\":15000"))
            #expect(
                market.server.products.earlyAnswers == before, "the first read after a write is built by the router")
        }
    }

    @Test("Connection: close and a GET with a body keep their meaning", arguments: StoreKind.allCases)
    func connectionSemantics(store: StoreKind) async throws {
        try await live(store) { port, market, _ in
            let warm = try RawHTTP(port: port)
            try await warm.send("GET /api/products/3 HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await warm.responses(1)

            // A body on a cached GET is read and dropped; the next request on the connection is answered.
            let connection = try RawHTTP(port: port)
            try await connection.send(
                "GET /api/products/3 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
                    + "GET /api/products/1 HTTP/1.1\r\nHost: x\r\n\r\n")
            let replies = try await connection.responses(2)
            #expect(replies[0].contains("\"name\":\"Red Lamp\"") && replies[1].contains("\"name\":\"Blue Mug\""))

            // Connection: close goes to the router, which answers and closes.
            let before = market.server.products.earlyAnswers
            let closing = try RawHTTP(port: port)
            try await closing.send("GET /api/products/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(try await closing.responses(1)[0].contains("\"name\":\"Red Lamp\""))
            #expect(try await closing.readToEnd().isEmpty, "the server closed the connection")
            #expect(market.server.products.earlyAnswers == before)
        }
    }

    @Test("the Date header is IMF-fixdate in English, whatever the locale")
    func dateHeader() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(HTTPDateHeader.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDateHeader.format(1_835_395_200) == "Tue, 29 Feb 2028 00:00:00 GMT")
        var seconds = 0
        for step in 0..<2000 {
            seconds = (seconds &* 1_103_515_245 &+ 12_345 &+ step) & 0xFFFF_FFFF
            let value = seconds % 4_102_444_800  // up to 2100
            #expect(HTTPDateHeader.format(value) == formatter.string(from: Date(timeIntervalSince1970: Double(value))))
        }
        let clock = HTTPDateHeader(now: { Date(timeIntervalSince1970: 1_700_000_000.9) })
        #expect(clock.current == "Tue, 14 Nov 2023 22:13:20 GMT")
    }

    /// The response with its Date line taken out (the two answers may straddle a second).
    static func withoutDate(_ response: String) -> String {
        response.replacing(/\r\nDate: [^\r]*/, with: "")
    }
}

/// One loopback connection that writes raw HTTP and reads whole responses. Its blocking socket calls
/// run on a thread of their own: blocking Swift's cooperative threads would starve the server under test.
final class RawHTTP: @unchecked Sendable {
    private let socket: Int32
    private var pending: [UInt8] = []

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw RawHTTPError("connect failed: errno \(errno)") }
    }

    deinit { close(socket) }

    func send(_ text: String) async throws {
        try await Self.onThread { try self.sendNow(text) }
    }

    func responses(_ count: Int, bodyless: Set<Int> = []) async throws -> [String] {
        try await Self.onThread { try self.responsesNow(count, bodyless: bodyless) }
    }

    func readToEnd() async throws -> [UInt8] {
        try await Self.onThread { try self.readToEndNow() }
    }

    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    private func sendNow(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw RawHTTPError("send failed: errno \(errno)") }
            offset += n
        }
    }

    /// Reads `count` whole responses (head and Content-Length body; none for the indexes in `bodyless`).
    private func responsesNow(_ count: Int, bodyless: Set<Int>) throws -> [String] {
        var replies: [String] = []
        while replies.count < count {
            if let end = headEnd() {
                let head = String(decoding: pending[..<end], as: UTF8.self)
                let length = bodyless.contains(replies.count)
                    ? 0 : head.firstMatch(of: /(?i)\r\ncontent-length: (\d+)/).map { Int($0.1)! } ?? 0
                if pending.count >= end + length {
                    replies.append(String(decoding: pending[..<(end + length)], as: UTF8.self))
                    pending.removeFirst(end + length)
                    continue
                }
            }
            guard try receive() > 0 else { throw RawHTTPError("closed after \(replies.count) responses") }
        }
        return replies
    }

    /// Everything until the server closes the connection.
    private func readToEndNow() throws -> [UInt8] {
        while try receive() > 0 {}
        defer { pending = [] }
        return pending
    }

    private func headEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for i in 0...(pending.count - 4) where pending[i] == 13 && pending[i + 1] == 10 && pending[i + 2] == 13 && pending[i + 3] == 10 {
            return i + 4
        }
        return nil
    }

    private func receive() throws -> Int {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard n >= 0 else { throw RawHTTPError("receive failed: errno \(errno)") }
        pending += buffer[..<n]
        return n
    }
}

struct RawHTTPError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
