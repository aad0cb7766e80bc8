import HTTPTypes
import ImageCodec
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Answers GET requests whose response is already in the answer cache (`CachedProductStore`, the one the
/// routes fill) or a picture the picture cache keeps (`CachedPictureStore`) on the connection's event loop,
/// before they reach Hummingbird's router; everything else passes through untouched.
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
    private let pictures: CachedPictureStore?
    private let date: HTTPDateHeader
    private let serverName: String
    private let logger: Logger
    /// Requests passed to the router and not yet answered.
    private var routerRequests = 0
    /// The request being answered here, from its head until its end arrives.
    private var answering: (hit: Hit, path: String, started: ContinuousClock.Instant)?

    /// A cached answer: a JSON body, or a picture's bytes and kind.
    enum Hit {
        case json(ByteBuffer)
        case picture(ByteBuffer, ImageFormat)
    }

    init(answers: CachedProductStore, pictures: CachedPictureStore? = nil, date: HTTPDateHeader, serverName: String, logger: Logger) {
        self.answers = answers
        self.pictures = pictures
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
                respond(context: context, hit: answering.hit, path: answering.path, started: answering.started)
            }
            return
        }
        if case .head(let head) = part, routerRequests == 0, let hit = cachedBody(for: head) {
            answering = (hit.hit, hit.path, ContinuousClock.now)
            return
        }
        if case .head = part { routerRequests += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { routerRequests = max(0, routerRequests - 1) }
        context.write(data, promise: promise)
    }

    /// The cached answer to a plain GET of a page, a product or a kept picture, and the path for the access
    /// log. Only a target in origin form (`/api/…`, `/images/…`); any other form is the router's to judge.
    private func cachedBody(for head: HTTPRequestHead) -> (hit: Hit, path: String)? {
        guard head.method == .GET, !head.headers.contains(name: "connection"), head.uri.utf8.first == UInt8(ascii: "/")
        else { return nil }
        let uri = URI(head.uri)
        let path = uri.path
        // A picture by the path the router would join from the same words: none spelt with an escape.
        if let pictures, path.hasPrefix("/images/"), !path.utf8.contains(UInt8(ascii: "%")) {
            guard let found = pictures.cachedAnswer(String(path.dropFirst("/images/".count))) else { return nil }
            return (.picture(found.body, found.format), path)
        }
        // Only the canonical spelling of an id; anything else is the router's to judge.
        guard let key = AnswerKey.forGET(path: path, query: uri.query), let body = answers.cachedAnswer(key) else {
            return nil
        }
        return (.json(body), path)
    }

    private func respond(context: ChannelHandlerContext, hit: Hit, path: String, started: ContinuousClock.Instant) {
        // The headers the route sets (Responses.json, or the picture route's), then those Hummingbird adds, in its
        // order.
        let body: ByteBuffer
        var headers = HTTPHeaders()
        switch hit {
        case .json(let json):
            body = json
            headers.add(name: "Content-Type", value: Responses.jsonContentType)
        case .picture(let bytes, let format):
            body = bytes
            headers.add(name: "Content-Type", value: format.mimeType)
            headers.add(name: "Cache-Control", value: Responses.pictureCacheControl)
        }
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Date", value: date.current)
        headers.add(name: "Server", value: serverName)
        let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)
        // Counted before the answer leaves: a client that has it must see it counted.
        answers.noteEarlyAnswer()
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        AccessLog.record(method: .get, path: path, status: 200, since: started, logger: logger, metrics: answers.metrics)
    }
}
