import Crypto
import Foundation
import NIOCore
import NIOSSH
import Testing

@testable import MarketSSH

/// The front's AES-GCM on OpenSSL, held to swift-crypto's AES-GCM (BoringSSL) packet for packet.
@Suite("SSH AES-GCM on OpenSSL")
struct SSHAESGCMTests {
    static let ivA: [UInt8] = Array(0..<12)
    static let ivB: [UInt8] = Array(100..<112)

    /// Keys for one side: it sends under `out` and receives under `in`.
    static func keys(out: SymmetricKey, in inbound: SymmetricKey, outIV: [UInt8] = ivA, inIV: [UInt8] = ivB) -> NIOSSHSessionKeys {
        NIOSSHSessionKeys(
            initialInboundIV: inIV, initialOutboundIV: outIV, inboundEncryptionKey: inbound, outboundEncryptionKey: out,
            inboundMACKey: SymmetricKey(size: .bits128), outboundMACKey: SymmetricKey(size: .bits128))
    }

    /// An SSH packet before sealing: the length, the padding's length, `payload`, and padding to whole blocks.
    static func packet(_ payload: [UInt8], padding given: Int? = nil) -> ByteBuffer {
        // The encrypted part — the padding's length, the payload, the padding — is whole blocks, with 4 bytes of
        // padding at least.
        var padding = 16 - (1 + payload.count) % 16
        if padding < 4 { padding += 16 }
        padding = given ?? padding
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(1 + payload.count + padding))
        buffer.writeInteger(UInt8(padding))
        buffer.writeBytes(payload)
        buffer.writeBytes([UInt8](repeating: 0xAB, count: padding))
        return buffer
    }

    /// The nonce of the `count`th packet after `iv` (the last eight bytes a big-endian counter).
    static func nonce(_ iv: [UInt8], plus count: UInt64) throws -> AES.GCM.Nonce {
        var counter = UInt64(bigEndian: iv[4...].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }) &+ count
        counter = counter.bigEndian
        return try AES.GCM.Nonce(data: Array(iv[..<4]) + withUnsafeBytes(of: counter) { Array($0) })
    }

    @Test("a packet sealed here opens with swift-crypto, under the nonce counted up a packet at a time", arguments: [16, 32])
    func sealsAsSwiftCrypto(keyBytes: Int) throws {
        let key = SymmetricKey(size: .init(bitCount: keyBytes * 8))
        let protection: SSHAESGCM =
            keyBytes == 16
            ? try SSHAES128GCM(initialKeys: Self.keys(out: key, in: key)) : try SSHAES256GCM(initialKeys: Self.keys(out: key, in: key))
        for (number, payload) in [[UInt8]("first".utf8), Array(repeating: 7, count: 300), [9]].enumerated() {
            var buffer = Self.packet(payload)
            let plain = Array(buffer.readableBytesView)
            try protection.encryptPacket(&buffer, sequenceNumber: UInt32(number))
            let sealed = Array(buffer.readableBytesView)
            #expect(sealed.count == plain.count + 16)
            #expect(sealed[..<4] == plain[..<4], "the length stays in the clear")
            let box = try AES.GCM.SealedBox(
                nonce: Self.nonce(Self.ivA, plus: UInt64(number)), ciphertext: sealed[4..<(sealed.count - 16)],
                tag: sealed[(sealed.count - 16)...])
            let opened = try AES.GCM.open(box, using: key, authenticating: sealed[..<4])
            #expect(Array(opened) == Array(plain[4...]))
        }
    }

    @Test("a packet swift-crypto sealed opens here to its payload, the padding taken off", arguments: [16, 32])
    func opensSwiftCrypto(keyBytes: Int) throws {
        let key = SymmetricKey(size: .init(bitCount: keyBytes * 8))
        let protection: SSHAESGCM =
            keyBytes == 16
            ? try SSHAES128GCM(initialKeys: Self.keys(out: key, in: key)) : try SSHAES256GCM(initialKeys: Self.keys(out: key, in: key))
        for (number, payload) in [[UInt8]("a key: j".utf8), Array(repeating: 1, count: 1000)].enumerated() {
            let plain = Array(Self.packet(payload).readableBytesView)
            let box = try AES.GCM.seal(plain[4...], using: key, nonce: Self.nonce(Self.ivB, plus: UInt64(number)), authenticating: plain[..<4])
            var buffer = ByteBuffer(bytes: Array(plain[..<4]) + Array(box.ciphertext) + Array(box.tag))
            try protection.decryptFirstBlock(&buffer)
            let body = try protection.decryptAndVerifyRemainingPacket(&buffer, sequenceNumber: UInt32(number))
            #expect(Array(body.readableBytesView) == payload)
            #expect(buffer.readableBytes == 0, "the whole packet taken")
        }
    }

    @Test("both ends here talk, across a new key exchange")
    func roundTripAndRekey() throws {
        let (one, two) = (SymmetricKey(size: .bits256), SymmetricKey(size: .bits256))
        let server = try SSHAES256GCM(initialKeys: Self.keys(out: one, in: two, outIV: Self.ivA, inIV: Self.ivB))
        let client = try SSHAES256GCM(initialKeys: Self.keys(out: two, in: one, outIV: Self.ivB, inIV: Self.ivA))
        for round in 0..<3 {
            var toClient = Self.packet([UInt8]("frame \(round)".utf8))
            try server.encryptPacket(&toClient, sequenceNumber: 0)
            #expect(Array(try client.decryptAndVerifyRemainingPacket(&toClient, sequenceNumber: 0).readableBytesView) == [UInt8]("frame \(round)".utf8))
            var toServer = Self.packet([UInt8]("k".utf8))
            try client.encryptPacket(&toServer, sequenceNumber: 0)
            #expect(Array(try server.decryptAndVerifyRemainingPacket(&toServer, sequenceNumber: 0).readableBytesView) == [UInt8]("k".utf8))
        }
        let (three, four) = (SymmetricKey(size: .bits256), SymmetricKey(size: .bits256))
        try server.updateKeys(Self.keys(out: three, in: four, outIV: Self.ivB, inIV: Self.ivA))
        try client.updateKeys(Self.keys(out: four, in: three, outIV: Self.ivA, inIV: Self.ivB))
        var fresh = Self.packet([4, 5, 6])
        try server.encryptPacket(&fresh, sequenceNumber: 0)
        #expect(Array(try client.decryptAndVerifyRemainingPacket(&fresh, sequenceNumber: 0).readableBytesView) == [4, 5, 6])
        // A packet under the new keys does not open under the old ones.
        let old = try SSHAES256GCM(initialKeys: Self.keys(out: two, in: one, outIV: Self.ivB, inIV: Self.ivB))
        var stale = Self.packet([1, 2, 3])
        try server.encryptPacket(&stale, sequenceNumber: 0)
        #expect(throws: SSHAESGCMError.tagMismatch) { _ = try old.decryptAndVerifyRemainingPacket(&stale, sequenceNumber: 0) }
    }

    @Test("a changed byte anywhere fails the packet, and none of its plaintext is left behind")
    func tampering() throws {
        let key = SymmetricKey(size: .bits128)
        for position in [0, 3, 4, 20, 47] {
            let sender = try SSHAES128GCM(initialKeys: Self.keys(out: key, in: key))
            let receiver = try SSHAES128GCM(initialKeys: Self.keys(out: key, in: key, inIV: Self.ivA))
            var buffer = Self.packet([UInt8]("secret payload!!".utf8))
            try sender.encryptPacket(&buffer, sequenceNumber: 0)
            let index = buffer.readerIndex + position
            buffer.setInteger(buffer.getInteger(at: index, as: UInt8.self)! ^ 0x01, at: index)
            #expect(throws: SSHAESGCMError.tagMismatch, "byte \(position)") {
                _ = try receiver.decryptAndVerifyRemainingPacket(&buffer, sequenceNumber: 0)
            }
            #expect(!String(decoding: buffer.readableBytesView, as: UTF8.self).contains("secret"))
        }
    }

    @Test("a padding under four bytes or longer than the packet is refused after the tag verified")
    func padding() throws {
        let key = SymmetricKey(size: .bits128)
        for (payload, padding) in [([UInt8](repeating: 5, count: 12), 3), ([UInt8](repeating: 5, count: 10), 5)] {
            let sender = try SSHAES128GCM(initialKeys: Self.keys(out: key, in: key))
            let receiver = try SSHAES128GCM(initialKeys: Self.keys(out: key, in: key, inIV: Self.ivA))
            var buffer = Self.packet(payload, padding: padding)
            if padding == 5 {
                // Claims 200 bytes of padding in a 16-byte packet.
                buffer.setInteger(UInt8(200), at: buffer.readerIndex + 4)
            }
            try sender.encryptPacket(&buffer, sequenceNumber: 0)
            #expect(throws: SSHAESGCMError.padding) { _ = try receiver.decryptAndVerifyRemainingPacket(&buffer, sequenceNumber: 0) }
        }
    }

    @Test("keys of the wrong size are refused")
    func keySizes() {
        #expect(throws: SSHAESGCMError.keySize) {
            _ = try SSHAES256GCM(initialKeys: Self.keys(out: SymmetricKey(size: .bits128), in: SymmetricKey(size: .bits128)))
        }
        #expect(throws: SSHAESGCMError.keySize) {
            _ = try SSHAES128GCM(initialKeys: Self.keys(out: SymmetricKey(size: .bits128), in: SymmetricKey(size: .bits128), outIV: [1, 2]))
        }
    }
}
