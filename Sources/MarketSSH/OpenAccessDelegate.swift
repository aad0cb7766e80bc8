import NIOCore
import NIOSSH

/// `--open`: anyone may connect (any key, or none) and browse; writes are off in the sessions.
///
/// The `none` method, which every OpenSSH client tries first, is answered "try publickey or password": a
/// client with a key then offers it (and swift-nio-ssh checks its signature before asking us), so the
/// visitor's wish list can belong to the key; a client with no key is asked for a password, and any
/// password — an empty one too — lets it in.
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
        switch request.request {
        case .none:
            responsePromise.succeed(.failure)
            return
        case .publicKey(let key):
            fingerprint = HostKeyStore.fingerprint(key.publicKey)
        default:
            break
        }
        connection.authenticated(user: request.username, fingerprint: fingerprint)
        metrics.handshake.recordNanoseconds((ContinuousClock.now - connection.opened).nanoseconds)
        responsePromise.succeed(.success)
    }
}
