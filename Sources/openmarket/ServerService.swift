import Hummingbird
import Logging
import MarketServer
import ServiceLifecycle

/// Opens the API server on stores whose pool runs beside it, then serves: the service that follows the
/// pool in `openmarket serve --database`'s `ServiceGroup`. The group shuts services down in reverse
/// order, so the server finishes its answers before the pool closes.
struct ServerService: Service {
    let configuration: ServerConfiguration
    let stores: MarketStores
    let logger: Logger
    let onRunning: @Sendable (OpenMarketServer, Int) async -> Void

    func run() async throws {
        let server = try await OpenMarketServer.open(configuration, stores: stores, logger: logger)
        try await server.application { port in await onRunning(server, port) }.run()
    }
}
