import Foundation
import NIOCore
import NIOSSH

/// `--authorized-keys FILE`: only the public keys listed in the file (OpenSSH format) may connect.
/// NIOSSH checks the signature; this decides whether the key is one of ours.
final class AuthorizedKeysDelegate: NIOSSHServerUserAuthenticationDelegate, Sendable {
    let keys: AuthorizedKeys
    let connection: ConnectionInfo
    let metrics: SSHMetrics

    init(keys: AuthorizedKeys, connection: ConnectionInfo, metrics: SSHMetrics = SSHMetrics()) {
        self.keys = keys
        self.connection = connection
        self.metrics = metrics
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        guard case .publicKey(let offer) = request.request, keys.contains(offer.publicKey) else {
            responsePromise.succeed(.failure)
            return
        }
        connection.authenticated(user: request.username, fingerprint: HostKeyStore.fingerprint(offer.publicKey))
        metrics.handshake.recordNanoseconds((ContinuousClock.now - connection.opened).nanoseconds)
        responsePromise.succeed(.success)
    }
}

/// The keys of an authorized_keys file, with their comments (used to name the vendor a key becomes).
public struct AuthorizedKeys: Sendable {
    let entries: [(key: NIOSSHPublicKey, comment: String)]

    /// Reads `type base64 [comment]` lines; blank lines and `#` comments are skipped, unreadable lines too.
    public init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var entries: [(NIOSSHPublicKey, String)] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let parts = trimmed.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(parts[0]) \(parts[1])") else {
                continue
            }
            entries.append((key, parts.count == 3 ? String(parts[2]) : ""))
        }
        self.entries = entries
    }

    public var count: Int { entries.count }

    func contains(_ key: NIOSSHPublicKey) -> Bool { entries.contains { $0.key == key } }

    /// The comment of the key with this fingerprint.
    public func comment(forFingerprint fingerprint: String) -> String? {
        entries.first { HostKeyStore.fingerprint($0.key) == fingerprint }?.comment
    }
}
