import Foundation
import HTTPTypes
import Hummingbird
import MarketWords
import NIOCore
import ServiceLifecycle

/// `GET /api/products/changes`: the market's changes as Server-Sent Events (`ChangeStream`), from the last
/// event a client had (`Last-Event-ID`, or `?after=`) when it names one. A malformed or unknown id is a 400
/// that says to start afresh; an address over its share of streams, or starting them too often, a 429.
struct ChangeStreamController: Sendable {
    let stream: ChangeStream

    static let lastEventID = HTTPField.Name(ChangeEvents.lastEventHeader)!

    func addRoutes(to router: Router<MarketRequestContext>) {
        router.get(RouterPath(ChangeEvents.path), use: follow)
        router.put(RouterPath(ChangeEvents.lookingPath(viewer: ":viewer")), use: look)
    }

    /// `PUT …/viewers/{viewer}` with `{"looking": 42}` (or `null`): the product the stream's client looks at now;
    /// answers `{"looking": n}`, how many look at it (this client included). 404 for a token of no open stream.
    @Sendable func look(_ request: Request, context: MarketRequestContext) async throws -> Response {
        let viewer = context.parameters.get("viewer") ?? ""
        let body = try await request.body.collect(upTo: 256)
        struct Look: Decodable { var looking: Int? }
        guard let look = try? JSONDecoder().decode(Look.self, from: Data(buffer: body)), look.looking.map({ $0 > 0 }) ?? true else {
            throw APIError.badRequest("a look is {\"\(ChangeEvents.lookingKey)\": a product's id, or null}")
        }
        guard viewer.utf8.count <= 64, let count = stream.look(viewer: viewer, at: look.looking) else {
            throw APIError.notFound("no change stream is open with that viewer; follow \(ChangeEvents.path) first")
        }
        return Responses.json("{\"\(ChangeEvents.lookingKey)\":\(count)}")
    }

    @Sendable func follow(_ request: Request, context: MarketRequestContext) async throws -> Response {
        let sent = request.headers[Self.lastEventID] ?? request.uri.queryParameters.get(ChangeEvents.afterParameter)
        var after: ChangeEventID?
        if let sent, !sent.isEmpty {
            guard let id = ChangeEventID(sent) else {
                throw APIError.badRequest(
                    "\(ChangeEvents.lastEventHeader) is not an event id this market writes (like 9f3a07c2-42); follow the changes without it to start afresh")
            }
            after = id
        }
        let limits = stream.limits
        switch stream.open(after: after, address: context.remoteAddress ?? "?") {
        case .failure(.unknownID):
            throw APIError.badRequest(
                "\(ChangeEvents.lastEventHeader) names a change this market has not made yet; follow the changes without it to start afresh")
        case .failure(.tooMany):
            throw APIError(
                .tooManyRequests, "at most \(limits.perAddress) change streams may be open from one address; close one, or try again later",
                retryAfter: 30)
        case .failure(.tooOften(let retryAfter)):
            throw APIError(
                .tooManyRequests, "at most \(limits.startsPerMinute) change streams a minute from one address; try again in \(retryAfter) s",
                retryAfter: retryAfter)
        case .success(let subscription):
            let stream = self.stream
            let headers: HTTPFields = [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ]
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    // However it ends (the client gone, the subscriber cut off, the server stopping), it leaves.
                    // A server stopping ends every stream at once (the open ones would hold its shutdown up).
                    defer { stream.leave(subscription.id) }
                    try await withGracefulShutdownHandler {
                        for await bytes in subscription.events { try await writer.write(bytes) }
                    } onGracefulShutdown: {
                        stream.leave(subscription.id)
                    }
                    try await writer.finish(nil)
                })
        }
    }
}
