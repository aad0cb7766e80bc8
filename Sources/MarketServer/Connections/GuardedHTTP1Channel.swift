import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with a `ConnectionGuard` in front of the HTTP decoder, and behind the
/// decoder — on HTTP/1's own parts, before they are made HTTP types — a `RequestProgressObserver` sharing the
/// connection's deadlines and then the handlers `early` makes (the answer cache's fast path): what they answer
/// is never converted to HTTP types and back.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let configuration: HTTP1Channel.Configuration
    let watch: ConnectionWatch
    let early: @Sendable () -> [any RemovableChannelHandler]

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let connectionGuard = ConnectionGuard(watch: watch)
            try channel.pipeline.syncOperations.addHandler(connectionGuard, position: .first)
            return NIOLoopBound(connectionGuard, eventLoop: channel.eventLoop)
        }.flatMap { connectionGuard in
            HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
                .flatMapThrowing { value in
                    let operations = channel.pipeline.syncOperations
                    let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                    let handlers: [any ChannelHandler] =
                        [RequestProgressObserver(connectionGuard: connectionGuard.value)] + early()
                    try operations.addHandlers(handlers, position: .after(decoder))
                    return value
                }
        }
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder, configuration: configuration).handle(value: value, logger: logger)
    }
}
