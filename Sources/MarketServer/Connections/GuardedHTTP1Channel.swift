import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 child channel with a `ConnectionGuard` in front of the HTTP decoder and a
/// `RequestProgressObserver` behind it, sharing one connection's deadlines.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let configuration: HTTP1Channel.Configuration
    let watch: ConnectionWatch

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let connectionGuard = ConnectionGuard(watch: watch)
            try channel.pipeline.syncOperations.addHandler(connectionGuard, position: .first)
            return NIOLoopBound(connectionGuard, eventLoop: channel.eventLoop)
        }.flatMap { connectionGuard in
            var configuration = self.configuration
            let others = configuration.additionalChannelHandlers
            configuration.additionalChannelHandlers = {
                [RequestProgressObserver(connectionGuard: connectionGuard.value)] + others()
            }
            return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder, configuration: configuration).handle(value: value, logger: logger)
    }
}
