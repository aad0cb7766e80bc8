import Crypto

/// Hashes and checks vendor secrets: SHA-256 over a per-vendor random salt and the secret.
///
/// Secrets are 128-bit random tokens issued by the server, not passwords people choose, so a fast
/// hash is enough; a slow KDF would only add latency to every write.
enum SecretHasher {
    static func newSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// A fresh secret: 24 random bytes, URL-safe base64, never beginning with `-` (one in 64 would, and a
    /// command line reads `--secret -x…` as a missing value followed by an option).
    static func newSecret() -> String {
        while true {
            let secret = TokenMaker.random(bytes: 24)
            if !secret.hasPrefix("-") { return secret }
        }
    }

    static func hash(secret: String, salt: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: salt)
        hasher.update(data: Array(secret.utf8))
        return Array(hasher.finalize())
    }

    /// Compares in time independent of where the hashes differ.
    static func matches(secret: String, salt: [UInt8], hash expected: [UInt8]) -> Bool {
        let actual = hash(secret: secret, salt: salt)
        guard actual.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(actual, expected) { difference |= a ^ b }
        return difference == 0
    }
}

/// Random URL-safe tokens (delete tokens, secrets, file names).
enum TokenMaker {
    static func random(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(bytes)
    }

    static func randomHex(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let b = UInt8.random(in: .min ... .max, using: &generator)
            return String(b >> 4, radix: 16) + String(b & 0xF, radix: 16)
        }.joined()
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var i = 0
        while i + 2 < bytes.count {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63], alphabet[n >> 6 & 63], alphabet[n & 63]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = Int(bytes[i]) << 16
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63]]
        } else if rest == 2 {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63], alphabet[n >> 6 & 63]]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
