import ArgumentParser
import CoreMetrics
import Foundation
import Logging
import MarketServer
import WishListOwners
import ServiceLifecycle

/// The API server started inside the browser's process, on a free loopback port.
public struct EmbeddedServer {
    /// Where it answers.
    public let url: URL
    let group: ServiceGroup
    let task: Task<Void, Never>
    /// The demo catalog's vendor, when the market has one.
    public let demoVendor: VendorCredentials?
    /// The vendors, blocking-capable for the SSH server's key vendors (`KeyVendors`).
    public let vendors: SQLiteVendorStore
    /// The change stream on a local socket, when asked for (`openmarket ssh`'s browsers follow it there).
    public let changeSocket: ChangeSocket?

    /// Opens the market in `directory` (seeding the demo catalog when empty) and serves it on a free loopback port.
    /// `maxConnections`: connections open at once (`ConnectionLimits`' default unless given; `openmarket ssh`
    /// sizes it for its sessions' browsers, `SessionCapacity.marketConnections`). `changeSocket`: the change
    /// stream on a local socket as well; one that cannot be made is logged, and its browsers follow over HTTP.
    public static func start(
        directory: URL, logger: Logger, metrics: any MetricsFactory = NOOPMetricsHandler.instance,
        wishListIssuers: [WishListIssuerKey] = [], maxConnections: Int? = nil, changeSocket: Bool = false
    ) async throws -> EmbeddedServer {
        var connections = ConnectionLimits.loopbackOnly
        if let maxConnections { connections.maxConnections = max(1, maxConnections) }
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: directory, demo: .whenEmpty, connections: connections)
        configuration.metrics = metrics
        configuration.changeStream = .loopbackOnly
        configuration.wishListIssuers = wishListIssuers
        let sqlite = try SQLiteStores.open(directory: directory, now: configuration.now)
        let server = try await OpenMarketServer.open(configuration, stores: sqlite.stores, logger: logger)
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = server.application { port in portSink.yield(port) }
        var groupConfiguration = ServiceGroupConfiguration(services: [.init(service: app)], logger: logger)
        // A request that will not finish is cut off after this long.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(3)
        let group = ServiceGroup(configuration: groupConfiguration)
        let task = Task {
            do {
                try await group.run()
            } catch {
                logger.error("embedded server stopped: \(error)")
            }
            portSink.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            throw ValidationError("the embedded server did not start; see the log in \(directory.path)")
        }
        var socket: ChangeSocket?
        if changeSocket {
            do {
                socket = try server.openChangeSocket()
            } catch {
                logger.warning("no change socket (\(error)): the browsers follow the market's changes over HTTP")
            }
        }
        return EmbeddedServer(
            url: URL(string: "http://127.0.0.1:\(port)")!, group: group, task: task, demoVendor: server.demoVendor,
            vendors: sqlite.vendors, changeSocket: socket)
    }

    /// Stops the server gracefully and waits for it: open connections finish their answers and close.
    /// Cancelling its task instead can trap inside NIO ("Deinited NIOAsyncWriter without calling
    /// finish()") when a connection has been accepted but not yet handed to the server.
    public func stop() async {
        changeSocket?.stop()
        await group.triggerGracefulShutdown()
        await task.value
    }
}
