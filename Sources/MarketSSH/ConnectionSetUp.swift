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
    let reports: FirstPageReports

    /// Admits the connection from `address` and adds its SSH handlers (after `handler`, when given), or
    /// closes it. Returns whether it was admitted. Runs on the channel's event loop.
    @discardableResult
    func admit(_ channel: any Channel, from address: String, after handler: (any ChannelHandler)? = nil) throws -> Bool {
        let connection: ConnectionInfo
        switch registry.admit(from: address, channel: channel) {
        case .refused(let refusal):
            notices.post(refusal.rawValue) { count in
                switch refusal {
                case .penalized:
                    "refused \(count) ssh connection(s) (latest from \(address)): the address is penalized for connections that went nowhere"
                case .rate:
                    "refused \(count) ssh connection(s) (latest from \(address)): more than \(limits.connectionsPerMinute) a minute"
                case .startups:
                    "refused \(count) ssh connection(s) (latest from \(address)): \(limits.maxStartupsPerAddress) without a session from that address already (--max-startups-per-address)"
                }
            }
            channel.close(promise: nil)
            return false
        case .admitted(let admitted, let closing):
            connection = admitted
            if let closing {
                notices.post("room") { count in
                    "closed \(count) ssh connection(s) without a session to make room (--max-startups \(limits.maxStartups)): the oldest of the address holding the most"
                }
                closing.close(promise: nil)
            }
        }
        MarketSSHServer.watch(connection, on: channel, registry: registry, notices: notices)
        let sessions = registry
        let launcher = self.launcher
        let reports = self.reports
        let metrics = registry.metrics
        let handlers: [any ChannelHandler] = [
            FirstBytesWatch(connection: connection),
            NIOSSHHandler(
                role: .server(
                    .init(
                        hostKeys: [hostKey],
                        userAuthDelegate: authorizedKeys.map { AuthorizedKeysDelegate(keys: $0, connection: connection, metrics: metrics) }
                            ?? OpenAccessDelegate(connection: connection, metrics: metrics),
                        // AES-GCM on OpenSSL, a key schedule per key exchange (swift-nio-ssh's made one per packet).
                        transportProtectionSchemes: [SSHAES128GCM.self, SSHAES256GCM.self])),
                allocator: channel.allocator,
                inboundChildChannelInitializer: { child, type in
                    guard case .session = type else {
                        return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                    }
                    return child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(
                            SessionHandler(launcher: launcher, connection: connection, registry: sessions, reports: reports))
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
