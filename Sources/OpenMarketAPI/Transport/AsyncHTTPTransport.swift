import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The live `HTTPTransport`: AsyncHTTPClient over SwiftNIO.
///
/// Owns one `HTTPClient` on NIO's shared event loop group; call `shutdown()` once when done (AsyncHTTPClient
/// checks this in debug builds). Every request is bounded three ways:
/// - **time**: AsyncHTTPClient's deadline covers the request until the response head; a timer raced
///   against the whole exchange covers the body too. When it fires, the request is cancelled.
/// - **cancellation**: cancelling the calling task cancels the request (AsyncHTTPClient closes the connection).
/// - **size**: a `Content-Length` over `maxResponseBytes` is refused before the body is read; otherwise the
///   body is collected chunk by chunk and refused as soon as it passes the limit.
///
/// Upload progress: with `uploadProgress` set, the body is streamed in 32 KiB chunks. AsyncHTTPClient asks for
/// the next chunk only when the connection can take more, so "sent" is the bytes handed to the socket so far.
public final class AsyncHTTPTransport: HTTPTransport {
    let client: HTTPClient
    /// Streams' own client: a stream holds its connection for as long as it is followed, and must not take one
    /// of the few the requests share (`connectionsPerHost`).
    let streamClient: HTTPClient
    /// Whether each request races a timer of its `timeout` (see `init`).
    let racesTimer: Bool
    /// The size of the upload chunks that progress is reported in.
    static let uploadChunkSize = 32 * 1024

    /// A transport with its own `HTTPClient` on NIO's shared event loop group.
    ///
    /// A failed connection attempt fails the request at once (no retries with back-off): an interactive
    /// client should say "connection refused" now, not after the connect timeout.
    ///
    /// At most `connectionsPerHost` connections to a server (AsyncHTTPClient's default is 8): a thousand
    /// browsers under one `openmarket ssh` share its market, and eight each ran the server out of
    /// connections while pictures are loaded as well over two (docs/DECISIONS.md).
    ///
    /// `eventLoopGroup`: NIO's shared group unless given. `racesTimer` false is for a process that may not start
    /// the concurrency runtime's timers (the session template's warm-up, `SessionTemplateJobs`): a request is then
    /// bounded by AsyncHTTPClient's own deadline to the head and by `readTimeout` between the body's chunks.
    /// `idleTimeout`: how long a connection is kept unused (AsyncHTTPClient's 60 s unless given).
    public init(
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup, connectTimeout: Duration = .seconds(10),
        connectionsPerHost: Int = 2, readTimeout: Duration? = nil, idleTimeout: Duration? = nil, racesTimer: Bool = true
    ) {
        self.racesTimer = racesTimer
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: TimeAmount(connectTimeout), read: readTimeout.map(TimeAmount.init))
        configuration.connectionPool.retryConnectionEstablishment = false
        if let idleTimeout { configuration.connectionPool.idleTimeout = TimeAmount(idleTimeout) }
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 4
        streamClient = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    /// Closes the connections and releases the client. Requests sent afterwards fail.
    public func shutdown() async throws {
        try await streamClient.shutdown()
        try await client.shutdown()
    }

    /// Sends `request` and returns the complete response; throws only `OpenMarketError`.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let prepared = try Self.prepare(request)
        guard racesTimer else {
            do {
                return try await exchange(prepared, request)
            } catch {
                throw Self.openMarketError(for: error, request: request, taskCancelled: Task.isCancelled)
            }
        }
        do {
            // The exchange races a timer: whichever ends first wins, and leaving the group cancels the other.
            // A cancelled exchange makes AsyncHTTPClient drop the request and its connection. The timer is the
            // event loop's, taken off it when cancelled: a `Task.sleep` went to libdispatch's timers, which woke a
            // worker thread when each request's timer came due long after its answer (and looked the executor up
            // by conformance at each).
            let loop = client.eventLoopGroup.next()
            let response = try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
                group.addTask { try await self.exchange(prepared, request) }
                group.addTask {
                    let timer = loop.scheduleTask(in: TimeAmount(request.timeout)) {}
                    try await withTaskCancellationHandler {
                        try await timer.futureResult.get()
                    } onCancel: {
                        timer.cancel()
                    }
                    return nil
                }
                defer { group.cancelAll() }
                guard let response = try await group.next() ?? nil else {
                    throw OpenMarketError.timeout(after: request.timeout)
                }
                return response
            }
            // A body stream ended by cancellation may look complete; never hand it out as a success.
            try Task.checkCancellation()
            return response
        } catch {
            throw Self.openMarketError(for: error, request: request, taskCancelled: Task.isCancelled)
        }
    }

    /// Sends the request and collects the body within `maxResponseBytes`.
    private func exchange(_ prepared: HTTPClientRequest, _ request: TransportRequest) async throws
        -> TransportResponse
    {
        let response = try await client.execute(prepared, deadline: .now() + TimeAmount(request.timeout))
        let limit = request.maxResponseBytes
        let declared = response.headers.first(name: "content-length").flatMap { Int($0) }
        if let declared, declared > limit {
            throw OpenMarketError.responseTooLarge(limit: limit)
        }
        var body: [UInt8] = []
        body.reserveCapacity(max(0, min(declared ?? 16 * 1024, limit)))
        for try await chunk in response.body {
            guard chunk.readableBytes <= limit - body.count else {
                throw OpenMarketError.responseTooLarge(limit: limit)
            }
            body.append(contentsOf: chunk.readableBytesView)
        }
        try Task.checkCancellation()
        return TransportResponse(
            status: Int(response.status.code), headers: response.headers.map { HTTPHeader($0.name, $0.value) },
            body: body)
    }

    /// The AsyncHTTPClient request for `request`; an invalid-request error for a URL it cannot send to.
    static func prepare(_ request: TransportRequest) throws(OpenMarketError) -> HTTPClientRequest {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = request.url.host, !host.isEmpty
        else {
            throw .invalidRequest("\(request.url.absoluteString.prefix(100)) is not an http or https URL")
        }
        guard !request.method.isEmpty, request.method.utf8.allSatisfy({ (65...90).contains($0) }) else {
            throw .invalidRequest("\"\(request.method.prefix(20))\" is not an HTTP method")
        }
        var prepared = HTTPClientRequest(url: request.url.absoluteString)
        prepared.method = HTTPMethod(rawValue: request.method)
        for header in request.headers {
            prepared.headers.add(name: header.name, value: header.value)
        }
        if let body = request.body {
            if let progress = request.uploadProgress {
                prepared.body = .stream(
                    UploadChunks(bytes: body, chunkSize: uploadChunkSize, progress: progress),
                    length: .known(Int64(body.count)))
            } else {
                prepared.body = .bytes(body)
            }
        }
        return prepared
    }
}

extension TimeAmount {
    /// The same span as `duration`, in nanoseconds, clamped to what `TimeAmount` holds.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else {
            self = .nanoseconds(seconds < 0 ? .min : .max)
            return
        }
        let (sum, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        self = .nanoseconds(overflowAgain ? (seconds < 0 ? .min : .max) : sum)
    }
}
