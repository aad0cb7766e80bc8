import NIOCore
import NIOSSH

/// `--open`: anyone may connect (any key, or none) and browse; writes are off in the sessions.
final class OpenAccessDelegate: NIOSSHServerUserAuthenticationDelegate, Sendable {
    let connection: ConnectionInfo
    let metrics: SSHMetrics

    init(connection: ConnectionInfo, metrics: SSHMetrics = SSHMetrics()) {
        self.connection = connection
        self.metrics = metrics
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        var fingerprint = "none"
        if case .publicKey(let key) = request.request { fingerprint = HostKeyStore.fingerprint(key.publicKey) }
        connection.authenticated(user: request.username, fingerprint: fingerprint)
        metrics.handshake.recordNanoseconds((ContinuousClock.now - connection.opened).nanoseconds)
        responsePromise.succeed(.success)
    }
}
