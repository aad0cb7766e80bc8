import Logging
import NIOCore
import NIOSSH
import Notices

/// What a new connection gets once its client's address is known: the rate and startup limits, then the
/// SSH handler whose sessions are browsers. Called at accept, or after a PROXY header named the client.
struct ConnectionSetUp {
    let registry: SessionRegistry
    let notices: NoticeThrottle
    let limits: SessionLimits
    let hostKey: NIOSSHPrivateKey
    let launcher: SessionLauncher
    let authorizedKeys: AuthorizedKeys?

    /// Admits the connection from `address` and adds its SSH handlers (after `handler`, when given), or
    /// closes it. Returns whether it was admitted. Runs on the channel's event loop.
    @discardableResult
    func admit(_ channel: any Channel, from address: String, after handler: (any ChannelHandler)? = nil) throws -> Bool {
        guard registry.admitConnection(from: address) else {
            notices.post("rate") { count in
                "refused \(count) ssh connection(s) (latest from \(address)): more than \(limits.connectionsPerMinute) a minute"
            }
            channel.close(promise: nil)
            return false
        }
        guard registry.admitStartup(from: address) else {
            notices.post("startups") { count in
                "refused \(count) ssh connection(s) (latest from \(address)): \(registry.startupCount) without a session already (--max-startups \(limits.maxStartups), \(limits.maxStartupsPerAddress) per address)"
            }
            channel.close(promise: nil)
            return false
        }
        let connection = ConnectionInfo(address: address)
        MarketSSHServer.watch(connection, on: channel, registry: registry, notices: notices)
        let sessions = registry
        let launcher = self.launcher
        let handlers: [any ChannelHandler] = [
            NIOSSHHandler(
                role: .server(
                    .init(
                        hostKeys: [hostKey],
                        userAuthDelegate: authorizedKeys.map { AuthorizedKeysDelegate(keys: $0, connection: connection) }
                            ?? OpenAccessDelegate(connection: connection))),
                allocator: channel.allocator,
                inboundChildChannelInitializer: { child, type in
                    guard case .session = type else {
                        return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                    }
                    return child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(
                            SessionHandler(launcher: launcher, connection: connection, registry: sessions))
                    }
                }),
            ConnectionErrorHandler(logger: launcher.logger, address: address),
        ]
        if let handler {
            try channel.pipeline.syncOperations.addHandlers(handlers, position: .after(handler))
        } else {
            try channel.pipeline.syncOperations.addHandlers(handlers)
        }
        return true
    }
}
