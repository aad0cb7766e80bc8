import COpenSSLCrypto
import Crypto
import NIOCore
import NIOSSH

/// AES-GCM protecting the SSH front's connections (`aes128-gcm@openssh.com`, `aes256-gcm@openssh.com`: RFC 5647
/// packets, the MAC negotiation ignored) on OpenSSL's EVP interface, in place of swift-nio-ssh's own.
///
/// swift-nio-ssh's implementation seals each packet with swift-crypto's `AES.GCM`, which makes the key schedule
/// again for every packet and copies the packet into `Data` and arrays on the way: a fifth of the front's CPU for
/// a visitor's key (perf; docs/BENCHMARKS.md). Here each direction keeps one cipher context for its key, made at
/// each key exchange, and every packet is sealed and opened where it lies in its buffer.
///
/// The packet: the length (4 bytes, in the clear, authenticated as associated data), the encrypted padding length,
/// payload and padding, and the 16-byte tag. The 12-byte nonce is a 4-byte fixed part and an 8-byte counter
/// (big-endian) incremented after each packet. Nothing of a packet whose tag does not verify is handed on: it is
/// wiped and the connection fails.
class SSHAESGCM {
    private var inbound: Direction
    private var outbound: Direction

    /// One direction's cipher context (its key's schedule) and nonce.
    private final class Direction {
        let context: OpaquePointer
        var nonce: [UInt8]

        init(key: SymmetricKey, iv: [UInt8], keyBytes: Int, encrypting: Bool) throws {
            guard key.bitCount == keyBytes * 8, iv.count == 12 else { throw SSHAESGCMError.keySize }
            guard let context = EVP_CIPHER_CTX_new() else { throw SSHAESGCMError.noContext }
            self.context = context
            nonce = iv
            let cipher = keyBytes == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm()
            let made = key.withUnsafeBytes { bytes in
                EVP_CipherInit_ex(context, cipher, nil, bytes.bindMemory(to: UInt8.self).baseAddress, nil, encrypting ? 1 : 0)
            }
            guard made == 1 else {
                EVP_CIPHER_CTX_free(context)
                throw SSHAESGCMError.noContext
            }
        }

        deinit {
            EVP_CIPHER_CTX_free(context)
        }

        /// Encrypts (or decrypts) `count` bytes at `bytes` in place under the next nonce, `aad` authenticated
        /// beside them; the tag is written to (or checked against) `tag`. Returns whether it went well (for
        /// decryption: whether the tag verified).
        func run(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, aad: UnsafePointer<UInt8>, tag: UnsafeMutablePointer<UInt8>, sealing: Bool)
            -> Bool
        {
            var written: Int32 = 0
            var ok = nonce.withUnsafeBufferPointer { EVP_CipherInit_ex(context, nil, nil, nil, $0.baseAddress, -1) } == 1
            ok = ok && EVP_CipherUpdate(context, nil, &written, aad, 4) == 1
            ok = ok && EVP_CipherUpdate(context, bytes, &written, bytes, Int32(count)) == 1
            if !sealing { ok = ok && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, tag) == 1 }
            var last: Int32 = 0
            ok = ok && EVP_CipherFinal_ex(context, bytes + Int(written), &last) == 1
            if sealing { ok = ok && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1 }
            // The invocation counter: the nonce's last eight bytes, big-endian, wrapping.
            for index in stride(from: 11, through: 4, by: -1) {
                nonce[index] &+= 1
                if nonce[index] != 0 { break }
            }
            return ok
        }
    }

    /// The key's size in bytes (16 or 32), which the subclasses give.
    class var keyBytes: Int { fatalError("a subclass gives the key size") }

    /// OpenSSH's AES-GCM negotiates no MAC: the tag is the cipher's.
    class var macName: String? { nil }
    class var cipherBlockSize: Int { 16 }
    /// A 12-byte nonce and the key; the MAC key is asked for but never used.
    class var keySizes: ExpectedKeySizes { ExpectedKeySizes(ivSize: 12, encryptionKeySize: keyBytes, macKeySize: 16) }

    required init(initialKeys keys: NIOSSHSessionKeys) throws {
        inbound = try Direction(key: keys.inboundEncryptionKey, iv: keys.initialInboundIV, keyBytes: Self.keyBytes, encrypting: false)
        outbound = try Direction(key: keys.outboundEncryptionKey, iv: keys.initialOutboundIV, keyBytes: Self.keyBytes, encrypting: true)
    }

    func updateKeys(_ keys: NIOSSHSessionKeys) throws {
        inbound = try Direction(key: keys.inboundEncryptionKey, iv: keys.initialInboundIV, keyBytes: Self.keyBytes, encrypting: false)
        outbound = try Direction(key: keys.outboundEncryptionKey, iv: keys.initialOutboundIV, keyBytes: Self.keyBytes, encrypting: true)
    }

    var macBytes: Int { 16 }

    var lengthEncrypted: Bool { false }

    /// The length is in the clear: nothing to do.
    func decryptFirstBlock(_: inout ByteBuffer) throws {}

    func decryptAndVerifyRemainingPacket(_ source: inout ByteBuffer, sequenceNumber _: UInt32) throws -> ByteBuffer {
        let start = source.readerIndex
        let encrypted = source.readableBytes - 4 - 16
        guard encrypted > 0, encrypted % 16 == 0 else { throw SSHAESGCMError.packetLength }
        let verified = source.withUnsafeMutableReadableBytes { bytes in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress!
            let opened = inbound.run(base + 4, count: encrypted, aad: base, tag: base + 4 + encrypted, sealing: false)
            if !opened { (base + 4).update(repeating: 0, count: encrypted) }
            return opened
        }
        guard verified else { throw SSHAESGCMError.tagMismatch }
        // The plaintext: the padding's length (at least 4), the payload, the padding.
        guard let padding = source.getInteger(at: start + 4, as: UInt8.self), padding >= 4 else {
            throw SSHAESGCMError.padding
        }
        let payload = encrypted - 1 - Int(padding)
        guard payload >= 0, let body = source.getSlice(at: start + 5, length: payload) else { throw SSHAESGCMError.padding }
        source.moveReaderIndex(forwardBy: source.readableBytes)
        return body
    }

    func encryptPacket(_ destination: inout ByteBuffer, sequenceNumber _: UInt32) throws {
        let plaintext = destination.readableBytes - 4
        destination.writeRepeatingByte(0, count: 16)
        let sealed = destination.withUnsafeMutableReadableBytes { bytes in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress!
            return outbound.run(base + 4, count: plaintext, aad: base, tag: base + 4 + plaintext, sealing: true)
        }
        guard sealed else { throw SSHAESGCMError.sealFailed }
    }
}

/// `aes128-gcm@openssh.com` on OpenSSL.
final class SSHAES128GCM: SSHAESGCM, NIOSSHTransportProtection, @unchecked Sendable {
    override class var keyBytes: Int { 16 }
    static var cipherName: String { "aes128-gcm@openssh.com" }
}

/// `aes256-gcm@openssh.com` on OpenSSL.
final class SSHAES256GCM: SSHAESGCM, NIOSSHTransportProtection, @unchecked Sendable {
    override class var keyBytes: Int { 32 }
    static var cipherName: String { "aes256-gcm@openssh.com" }
}

/// What the OpenSSL AES-GCM protection can fail with beyond swift-nio-ssh's own errors.
enum SSHAESGCMError: Error {
    /// A key or nonce of another size than the cipher's.
    case keySize
    /// An encrypted part that is empty or not whole blocks.
    case packetLength
    /// A padding length under 4 bytes, or longer than the packet.
    case padding
    /// OpenSSL made no cipher context for the key.
    case noContext
    /// A packet's tag did not verify: it was changed on the way, or sealed under another key.
    case tagMismatch
    /// OpenSSL could not seal a packet.
    case sealFailed
}
