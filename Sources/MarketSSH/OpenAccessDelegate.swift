import NIOCore
import NIOSSH

/// `--open`: anyone may connect (any key, or none) and browse; writes are off in the sessions.
///
/// The `none` method, which every OpenSSH client tries first, is answered "try publickey or password": a
/// client with a key then offers it (and swift-nio-ssh checks its signature before asking us), so the
/// visitor's wish list can belong to the key; a client with no key is asked for a password, and any
/// password — an empty one too — lets it in. A visitor who connects as `guestUser` (`ssh -t guest@HOST`,
/// the line the front prints for visitors without a key) comes straight in through `none`, no prompt:
/// swift-nio-ssh has no keyboard-interactive method (the quiet way in other servers use), and it sends its
/// banner only with the success, after the prompt, so the prompt itself cannot say "press Enter".
final class OpenAccessDelegate: NIOSSHServerUserAuthenticationDelegate, Sendable {
    let connection: ConnectionInfo
    let metrics: SSHMetrics

    init(connection: ConnectionInfo, metrics: SSHMetrics = SSHMetrics()) {
        self.connection = connection
        self.metrics = metrics
    }

    /// The user name that comes in without a key and without a prompt.
    static let guestUser = "guest"

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        var fingerprint = "none"
        switch request.request {
        case .none where request.username == Self.guestUser:
            break
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
