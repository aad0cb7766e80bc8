import NIOCore
import NIOHTTP1

/// Sits right behind the HTTP decoder, on HTTP/1's own parts, and tells the connection's `ConnectionGuard`
/// where each request's header and body end and where each answer ends — cached answers and the router's alike.
final class RequestProgressObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connectionGuard: ConnectionGuard

    init(connectionGuard: ConnectionGuard) {
        self.connectionGuard = connectionGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: connectionGuard.headerArrived()
        case .end: connectionGuard.requestEnded()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { connectionGuard.answerEnded() }
        context.write(data, promise: promise)
    }
}
