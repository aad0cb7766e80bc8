public import Crypto
public import Foundation
public import NIOSSH

/// The server's ed25519 host key, created on first start and kept in the data directory (mode 0600).
public enum HostKeyStore {
    /// Loads the key at `url`, or creates one there. Several servers may share one key file (SSH fronts
    /// behind a load balancer): a new key is written to a temporary file and linked into place only if
    /// no key is there yet, so fronts starting at once all end up with the one key that won. A file that
    /// is there but is not a key is an error, never overwritten.
    public static func loadOrCreate(at url: URL) throws -> NIOSSHPrivateKey {
        if FileManager.default.fileExists(atPath: url.path) { return try load(url) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let key = Curve25519.Signing.PrivateKey()
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw HostKeyError("cannot write \(temporary.path): \(String(cString: strerror(errno)))") }
        defer { unlink(temporary.path) }
        fchmod(descriptor, 0o600)
        let text = Array((key.rawRepresentation.base64EncodedString() + "\n").utf8)
        let written = write(descriptor, text, text.count)
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == text.count, synced == 0 else { throw HostKeyError("cannot write \(temporary.path)") }
        if link(temporary.path, url.path) != 0 {
            guard errno == EEXIST else {
                throw HostKeyError("cannot create \(url.path): \(String(cString: strerror(errno)))")
            }
            return try load(url)  // another server created it first: use that one
        }
        return NIOSSHPrivateKey(ed25519Key: key)
    }

    /// A secret derived from the key in the file at `url` (never the key itself): what every front sharing the
    /// host key shares, to name things only they can name (visitors' wish lists).
    public static func derivedSecret(at url: URL, purpose: String) throws -> SymmetricKey {
        _ = try load(url)
        let raw = Data(base64Encoded: try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))!
        return SymmetricKey(data: SHA256.hash(data: Data(purpose.utf8) + raw))
    }

    /// The key in the file at `url`, or an error saying what is wrong with it.
    static func load(_ url: URL) throws -> NIOSSHPrivateKey {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw HostKeyError("cannot read the host key \(url.path)")
        }
        guard let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else {
            throw HostKeyError("\(url.path) is not an openmarket host key (one base64 line of an ed25519 key); move it away to make a new one")
        }
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

/// A host key that cannot be read or made, with what to do about it.
public struct HostKeyError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
