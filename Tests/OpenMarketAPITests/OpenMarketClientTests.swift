import NIOConcurrencyHelpers
import Foundation
import Mocks
import OpenMarketAPI
import Synchronization
import Testing

@Suite("OpenMarketClient: the requests it sends and how it reads the answers (MockTransport)")
struct OpenMarketClientTests {
    let mock = MockTransport()
    let identity = VendorIdentity(identifier: "8f0e2b8e-1111-4c5d-9a3b-000000000001", secret: "s3cr\"et")
    var client: OpenMarketClient {
        OpenMarketClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: mock, timeout: .seconds(7))
    }

    private func onlyRequest() throws -> TransportRequest {
        #expect(mock.requests.count == 1)
        #expect(mock.unexpectedRequests.isEmpty)
        return try #require(mock.requests.first)
    }

    // MARK: health

    @Test("health: \"OK\" with or without quotes is healthy; anything else is not")
    func health() async throws {
        mock.enqueue("GET", "/healthChecker", .json("\"OK\""))
        mock.enqueue("GET", "/healthChecker", .text("OK\n"))
        mock.enqueue("GET", "/healthChecker", .text("starting"))
        #expect(try await client.health())
        #expect(try await client.health())
        #expect(try await !client.health())
        #expect(mock.requests.map(\.method) == ["GET", "GET", "GET"])
        #expect(mock.requests[0].url.absoluteString == "http://127.0.0.1:8080/healthChecker")
        #expect(mock.requests[0].timeout == .seconds(7))
    }

    @Test("health: a 503 is an error, not false")
    func unhealthy() async throws {
        mock.enqueue("GET", "/healthChecker", .text("", status: 503))
        let error = try #require(await failure { try await client.health() })
        #expect(error.status == 503)
    }

    // MARK: reading

    @Test("page: query parameters and the decoded page")
    func page() async throws {
        mock.enqueue("GET", "/api/products", try .fixture(.pageCamel))
        let page = try await client.page(number: 2, itemsPerPage: 3)
        #expect(page.products.map(\.id) == [5, 4, 3])
        let request = try onlyRequest()
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/products?page_no=2&items_per_page=3")
        #expect(request.body == nil)
        #expect(request.header("identifier") == nil)
    }

    @Test("page: search text with &, +, %, # and Korean reaches the server intact")
    func search() async throws {
        mock.enqueue("GET", "/api/products", try .fixture(.pageDerived))
        _ = try await client.page(number: 1, itemsPerPage: 20, search: "a&b+c 100% #1 머그")
        let request = try onlyRequest()
        #expect(
            request.url.absoluteString
                == "http://127.0.0.1:8080/api/products?page_no=1&items_per_page=20"
                + "&search_value=a%26b%2Bc%20100%25%20%231%20%EB%A8%B8%EA%B7%B8")
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.count == 3)
        #expect(items.last?.value == "a&b+c 100% #1 머그")
    }

    @Test("page: an empty search is no search")
    func emptySearch() async throws {
        mock.enqueue("GET", "/api/products", try .fixture(.pageDerived))
        _ = try await client.page(number: 1, itemsPerPage: 20, search: "")
        #expect(try onlyRequest().url.query == "page_no=1&items_per_page=20")
    }

    @Test("product: GET by id, decoded detail")
    func product() async throws {
        mock.enqueue("GET", "/api/products/17", try .fixture(.detail))
        let detail = try await client.product(id: 17)
        #expect(detail.images.count == 2)
        #expect(try onlyRequest().method == "GET")
    }

    @Test("data: GET the absolute URL with the byte limit; a 404 is a status error")
    func data() async throws {
        let picture: [UInt8] = [0xFF, 0xD8, 0xFF, 1, 2, 3]
        mock.enqueue("GET", "/images/2/20221115/aa11_origin.jpg", MockTransport.Reply(body: picture))
        mock.enqueue(
            "GET", "/images/missing.jpg",
            .json(#"{"code":404,"message":"no picture at /images/missing.jpg"}"#, status: 404))
        let url = URL(string: "http://cdn.test:9000/images/2/20221115/aa11_origin.jpg")!
        #expect(try await client.data(from: url, maxBytes: 1000) == picture)
        #expect(mock.requests[0].url == url)
        #expect(mock.requests[0].maxResponseBytes == 1000)
        let error = try #require(
            await failure { try await client.data(from: URL(string: "http://cdn.test/images/missing.jpg")!) })
        #expect(error.status == 404)
        #expect(error.serverMessage == "no picture at /images/missing.jpg")
        #expect(mock.requests[1].maxResponseBytes == 16 << 20)
    }

    // MARK: writing

    @Test("register: identifier header, multipart body with exact params and both pictures")
    func register() async throws {
        mock.enqueue("POST", "/api/products", try .fixture(.detail, status: 201))
        let pictures = [
            UploadPicture(filename: "a.jpg", bytes: [0xFF, 0xD8, 0xFF, 9], mimeType: "image/jpeg"),
            UploadPicture(filename: "b.png", bytes: [0x89, 0x50, 0x4E, 0x47], mimeType: "image/png"),
        ]
        let product = NewProduct(
            name: "Blue \"Mug\"", description: "A sturdy cup for your coffee.", price: decimal("2.36"),
            currency: .usd, discountedPrice: decimal("0.36"), stock: 3)
        let detail = try await client.register(product, pictures: pictures, identity: identity)
        #expect(detail.id == 17)

        let request = try onlyRequest()
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/products")
        #expect(request.header("identifier") == identity.identifier)
        let contentType = try #require(request.header("content-type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let params =
            #"{"name":"Blue \"Mug\"","description":"A sturdy cup for your coffee.","price":2.36,"currency":"USD","#
            + #""discounted_price":0.36,"stock":3,"secret":"s3cr\"et"}"#
        let expected = MultipartEncoder(boundary: boundary).encode(paramsJSON: params, pictures: pictures)
        #expect(request.body == expected, "got:\n\(visible(request.body ?? []))")
    }

    @Test("register: progress reaches the transport")
    func registerProgress() async throws {
        mock.enqueue("POST", "/api/products", try .fixture(.detail))
        let calls = Calls()
        _ = try await client.register(
            NewProduct(name: "abc", description: "0123456789", price: 1, currency: .krw),
            pictures: [UploadPicture(filename: "a.jpg", bytes: [0xFF, 0xD8, 0xFF])], identity: identity,
            progress: { sent, total in calls.append(sent, total) })
        let total = try #require(mock.requests.first?.body?.count)
        #expect(calls.values.last?.sent == total)
        #expect(calls.values.last?.total == total)
    }

    @Test("update: PATCH with the secret and only the fields that change")
    func update() async throws {
        mock.enqueue("PATCH", "/api/products/17", try .fixture(.detail))
        mock.enqueue("PATCH", "/api/products/17", try .fixture(.detail))
        _ = try await client.update(id: 17, changes: ProductChanges(price: decimal("3.5")), identity: identity)
        let everything = ProductChanges(
            name: "n", description: "d", thumbnailID: 32, price: decimal("1.2345555E7"), currency: .krw,
            discountedPrice: decimal("0.1"), stock: 0)
        _ = try await client.update(id: 17, changes: everything, identity: identity)

        #expect(mock.requests.count == 2)
        let first = mock.requests[0]
        #expect(first.method == "PATCH")
        #expect(first.url.absoluteString == "http://127.0.0.1:8080/api/products/17")
        #expect(first.header("identifier") == identity.identifier)
        #expect(first.header("Content-Type") == "application/json")
        #expect(first.body == Array(#"{"secret":"s3cr\"et","price":3.5}"#.utf8))
        let second = String(decoding: mock.requests[1].body ?? [], as: UTF8.self)
        #expect(
            second == #"{"secret":"s3cr\"et","name":"n","description":"d","thumbnail_id":32,"price":12345555,"#
                + #""currency":"KRW","discounted_price":0.1,"stock":0}"#)
    }

    @Test("deletePath: POST the secret; the path comes back trimmed, with or without quotes")
    func deletePath() async throws {
        for answer in [
            "/api/products/tok-1", "\"/api/products/tok-1\"", "  /api/products/tok-1\r\n", #""\/api\/products\/tok-1""#,
        ] {
            mock.enqueue("POST", "/api/products/17/archived", .text(answer))
            #expect(try await client.deletePath(id: 17, identity: identity) == "/api/products/tok-1", "\(answer)")
        }
        let request = try #require(mock.requests.first)
        #expect(request.method == "POST")
        #expect(request.header("identifier") == identity.identifier)
        #expect(request.body == Array(#"{"secret":"s3cr\"et"}"#.utf8))
    }

    @Test("deletePath: an answer that is not a path is a decoding error")
    func deletePathGarbage() async throws {
        for answer in ["", "OK", "<html>", "http://evil/api/products/x", "/api/products/a b"] {
            mock.enqueue("POST", "/api/products/17/archived", .text(answer))
            let error = try #require(
                await failure { try await client.deletePath(id: 17, identity: identity) }, "\(answer)")
            #expect(error.isDecoding, "\(answer)")
        }
    }

    @Test("delete: DELETE the path under the base URL with the identifier")
    func delete() async throws {
        mock.enqueue("DELETE", "/api/products/tok-1", try .fixture(.detail))
        let deleted = try await client.delete(path: "/api/products/tok-1", identity: identity)
        #expect(deleted.id == 17)
        let request = try onlyRequest()
        #expect(request.method == "DELETE")
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/products/tok-1")
        #expect(request.header("identifier") == identity.identifier)
    }

    @Test("delete: a path that does not start with / is refused before anything is sent")
    func deleteBadPath() async throws {
        for path in ["api/products/x", "http://evil.example/api/products/x", "//evil.example/x"] {
            let error = try #require(await failure { try await client.delete(path: path, identity: identity) })
            #expect(error.isInvalidRequest, "\(path)")
        }
        #expect(mock.requests.isEmpty)
    }

    // MARK: errors

    @Test("methods throw OpenMarketError itself (typed throws): no casting needed")
    func typedThrows() async throws {
        mock.enqueue("GET", "/api/products/1", .json(#"{"code":404,"message":"no product with id 1"}"#, status: 404))
        do {
            _ = try await client.product(id: 1)
            Issue.record("expected a 404")
        } catch {
            let typed: OpenMarketError = error
            #expect(typed.status == 404)
            #expect(typed.serverMessage == "no product with id 1")
        }
    }

    @Test("any 2xx is success")
    func any2xx() async throws {
        mock.enqueue("PATCH", "/api/products/17", try .fixture(.detail, status: 202))
        #expect(try await client.update(id: 17, changes: ProductChanges(stock: 1), identity: identity).id == 17)
    }

    @Test("a 403 with an API error body carries the server's message")
    func forbidden() async throws {
        mock.enqueue("PATCH", "/api/products/17", try .fixture(.error, status: 403))
        let error = try #require(
            await failure { try await client.update(id: 17, changes: ProductChanges(), identity: identity) })
        #expect(error.status == 403)
        #expect(error.serverMessage == "secret is wrong for this vendor")
        #expect(error.userMessage == "The server refused: secret is wrong for this vendor (403).")
    }

    @Test("a 500 without a body, with an HTML body, or with JSON that is not an API error has no message")
    func serverErrors() async throws {
        mock.enqueue("GET", "/api/products/1", MockTransport.Reply(status: 500))
        mock.enqueue("GET", "/api/products/1", try .fixture(.notJSON, status: 500))
        mock.enqueue("GET", "/api/products/1", .json(#"{"error":"boom"}"#, status: 500))
        mock.enqueue("GET", "/api/products/1", .json(#"{"code":500,"message":"database is locked"}"#, status: 500))
        var messages: [String?] = []
        for _ in 0..<4 {
            let error = try #require(await failure { try await client.product(id: 1) })
            #expect(error.status == 500)
            messages.append(error.serverMessage)
        }
        #expect(messages == [nil, nil, nil, "database is locked"])
    }

    @Test("an HTML page with status 200 is a decoding error")
    func htmlWith200() async throws {
        mock.enqueue("GET", "/api/products", try .fixture(.notJSON))
        let error = try #require(await failure { try await client.page(number: 1, itemsPerPage: 20) })
        #expect(error.isDecoding)
        #expect(error.status == nil)
        #expect(error.userMessage.contains("HTML"))
    }

    @Test("broken JSON on 200: truncated, wrong type, missing key")
    func brokenJSON() async throws {
        let camel = try APIFixtures.bytes(.pageCamel)
        mock.enqueue("GET", "/api/products", MockTransport.Reply(body: Array(camel.prefix(camel.count / 3))))
        mock.enqueue("GET", "/api/products", try .fixture(.pageWrongType))
        mock.enqueue("GET", "/api/products", try .fixture(.pageMissingName))
        var paths: [String?] = []
        for _ in 0..<3 {
            let error = try #require(await failure { try await client.page(number: 1, itemsPerPage: 20) })
            #expect(error.isDecoding)
            paths.append(error.keyPath)
        }
        #expect(paths == [nil, "pages[3].price", "pages[1].name"])
    }

    @Test("a server slower than the timeout is a timeout error, after the timeout and not much later")
    func slowServer() async throws {
        let slow = MockTransport(delay: .seconds(120))
        slow.enqueue("GET", "/api/products/1", try .fixture(.detail))
        let client = OpenMarketClient(baseURL: URL(string: "http://h")!, transport: slow, timeout: .milliseconds(200))
        let started = ContinuousClock.now
        let error = try #require(await failure { try await client.product(id: 1) })
        let elapsed = ContinuousClock.now - started
        #expect(error.isTimeout)
        #expect(error.userMessage == "The server did not answer within 0.2 seconds.")
        // The bound sits halfway to the server's 120 s, not near 200 ms: with every suite running at once on
        // two cores the timer's wake-up waited 18.8 s once (make test, 2026-11-25); what is checked is that the
        // timeout, not the server, ended the call.
        #expect(elapsed >= .milliseconds(200) && elapsed < .seconds(60))
    }

    @Test("a reply within the timeout arrives after its delay")
    func slowButInTime() async throws {
        mock.enqueue("GET", "/api/products/1", try MockTransport.Reply.fixture(.detail).delayed(by: .milliseconds(100)))
        let started = ContinuousClock.now
        #expect(try await client.product(id: 1).id == 17)
        #expect(ContinuousClock.now - started >= .milliseconds(100))
    }

    @Test("cancelling the calling task ends the call with the cancelled error")
    func cancellation() async throws {
        let slow = MockTransport(delay: .seconds(1200))
        slow.enqueue("GET", "/api/products/1", try .fixture(.detail))
        let client = OpenMarketClient(baseURL: URL(string: "http://h")!, transport: slow, timeout: .seconds(600))
        let task = Task { try await client.product(id: 1) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let started = ContinuousClock.now
        let result = await task.result
        // Between the right outcome (at once) and the wrong one (the 600 s timeout): the whole suite at once on
        // 2 cores has delayed a task here by 15 s.
        #expect(ContinuousClock.now - started < .seconds(300), "ended by the cancel, not by the timeout")
        #expect(throws: OpenMarketError.cancelled) { try result.get() }
    }

    @Test("transport failures pass through unchanged; foreign errors become transport errors")
    func transportFailures() async throws {
        let refused = OpenMarketError.transport(endpoint: "127.0.0.1:8080", reason: "connection refused")
        mock.enqueue("GET", "/api/products/1", .failure(refused))
        #expect(await failure { try await client.product(id: 1) } == refused)

        let foreign = OpenMarketClient(baseURL: URL(string: "http://h:81")!, transport: ThrowingTransport())
        let error = try #require(await failure { try await foreign.health() })
        #expect(error.isTransport)
        #expect(error.userMessage.hasPrefix("Could not reach the server at h:81"))
    }

    @Test("an answer over the size limit is refused")
    func tooLarge() async throws {
        mock.enqueue("GET", "/api/products/1", MockTransport.Reply(body: [UInt8](repeating: 0x20, count: 2000)))
        var small = client
        small.maxResponseBytes = 1000
        let error = try #require(await failure { try await small.product(id: 1) })
        #expect(error.isResponseTooLarge)
    }
}

/// Collects progress reports from any thread.
final class Calls: Sendable {
    private let state = NIOLockedValueBox<[(sent: Int, total: Int)]>([])
    var values: [(sent: Int, total: Int)] { state.withLockedValue { $0 } }
    func append(_ sent: Int, _ total: Int) { state.withLockedValue { $0.append((sent, total)) } }
}

/// A transport that fails with an error that is not an `OpenMarketError`.
private struct ThrowingTransport: HTTPTransport {
    struct Broken: Error {}
    func send(_ request: TransportRequest) async throws -> TransportResponse { throw Broken() }
}
