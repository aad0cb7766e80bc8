import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Answers GET requests whose response is already in the answer cache (`CachedProductStore`, the one the
/// routes fill) on the connection's event loop, before they reach Hummingbird's router; everything else
/// passes through untouched.
///
/// A cache hit through the router costs two thread hops (event loop → Swift concurrency → event loop)
/// for a dictionary lookup; here it costs none. It sits on HTTP/1's own parts, before they are made HTTP
/// types: a hit is not converted to `HTTPRequest` (whose path Foundation's URL parser checks) and its answer
/// not from `HTTPResponse` back (together about a tenth of a hit's CPU). The response is the one the router would
/// give, byte for byte (same headers in the same order), and gets the same access-log line.
///
/// Order is kept for pipelined requests: while a request the router is answering has not been
/// answered, later requests go to the router as well, which answers them in order.
final class CachedResponseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let answers: CachedProductStore
    private let date: HTTPDateHeader
    private let serverName: String
    private let logger: Logger
    /// Requests passed to the router and not yet answered.
    private var routerRequests = 0
    /// The request being answered here, from its head until its end arrives.
    private var answering: (body: ByteBuffer, path: String, started: ContinuousClock.Instant)?

    init(answers: CachedProductStore, date: HTTPDateHeader, serverName: String, logger: Logger) {
        self.answers = answers
        self.date = date
        self.serverName = serverName
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if let answering {
            // The cached request's body (a GET should have none) is dropped; its end sends the answer.
            if case .end = part {
                self.answering = nil
                respond(context: context, body: answering.body, path: answering.path, started: answering.started)
            }
            return
        }
        if case .head(let head) = part, routerRequests == 0, let hit = cachedBody(for: head) {
            answering = (hit.body, hit.path, ContinuousClock.now)
            return
        }
        if case .head = part { routerRequests += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { routerRequests = max(0, routerRequests - 1) }
        context.write(data, promise: promise)
    }

    /// The cached body for a plain GET of a page or a product, and the path for the access log. Only a target
    /// in origin form (`/api/…`); any other form is the router's to judge.
    private func cachedBody(for head: HTTPRequestHead) -> (body: ByteBuffer, path: String)? {
        guard head.method == .GET, !head.headers.contains(name: "connection"), head.uri.utf8.first == UInt8(ascii: "/")
        else { return nil }
        let uri = URI(head.uri)
        let path = uri.path
        // Only the canonical spelling of an id; anything else is the router's to judge.
        guard let key = AnswerKey.forGET(path: path, query: uri.query), let body = answers.cachedAnswer(key) else {
            return nil
        }
        return (body, path)
    }

    private func respond(context: ChannelHandlerContext, body: ByteBuffer, path: String, started: ContinuousClock.Instant) {
        // The headers Responses.json sets, then those Hummingbird adds, in its order.
        let head = HTTPResponseHead(
            version: .http1_1, status: .ok,
            headers: [
                "Content-Type": Responses.jsonContentType,
                "Content-Length": String(body.readableBytes),
                "Date": date.current,
                "Server": serverName,
            ])
        // Counted before the answer leaves: a client that has it must see it counted.
        answers.noteEarlyAnswer()
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        AccessLog.record(method: .get, path: path, status: 200, since: started, logger: logger, metrics: answers.metrics)
    }
}
