import Crypto
public import Foundation
public import NIOSSH

/// The server's ed25519 host key, created on first start and kept in the data directory (mode 0600).
public enum HostKeyStore {
    /// Loads the key at `url`, or creates one there.
    public static func loadOrCreate(at url: URL) throws -> NIOSSHPrivateKey {
        if let text = try? String(contentsOf: url, encoding: .utf8),
            let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        {
            return NIOSSHPrivateKey(ed25519Key: key)
        }
        let key = Curve25519.Signing.PrivateKey()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let text = Array((key.rawRepresentation.base64EncodedString() + "\n").utf8)
        guard write(descriptor, text, text.count) == text.count else { throw CocoaError(.fileWriteUnknown) }
        return NIOSSHPrivateKey(ed25519Key: key)
    }

    /// `SHA256:…` as `ssh-keygen -l` prints it.
    public static func fingerprint(_ key: NIOSSHPublicKey) -> String {
        let parts = String(openSSHPublicKey: key).split(separator: " ")
        guard parts.count >= 2, let blob = Data(base64Encoded: String(parts[1])) else { return "unknown" }
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }
}
