import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The application: `router` behind Hummingbird's HTTP/1 server, with the connection guards and the fast
/// path that answers cache hits from `answers` before the router. When the configuration names no
/// public URL, picture URLs are rebased on the bound port once it is known.
func buildApplication(
    router: Router<MarketRequestContext>, answers: CachedProductStore, pictures: CachedPictureStore? = nil,
    configuration: ServerConfiguration,
    services: [any Service], logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void
) -> some ApplicationProtocol {
    let configuredURL = configuration.publicURL
    let host = configuration.host
    let watch = ConnectionWatch(limits: configuration.connections, logger: logger)
    let date = HTTPDateHeader()
    let early: @Sendable () -> [any RemovableChannelHandler] = {
        [
            CachedResponseHandler(
                answers: answers, pictures: pictures, date: date, serverName: OpenMarketServer.serverName, logger: logger)
        ]
    }
    return Application(
        router: router,
        server: HTTPServerBuilder { responder in
            GuardedHTTP1Channel(responder: responder, configuration: HTTP1Channel.Configuration(), watch: watch, early: early)
        },
        configuration: .init(
            address: .hostname(host, port: configuration.port), serverName: OpenMarketServer.serverName, backlog: 1024,
            availableConnectionsDelegate: OpenConnectionsGate(watch: watch)),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? 0
            if configuredURL == nil {
                answers.rebase(to: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
            }
            await onRunning(port)
        },
        logger: logger
    )
}
