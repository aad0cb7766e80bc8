import Foundation
import Localization
import Mocks
import NIOCore
import Testing

@testable import MarketSSH

#if canImport(Glibc)
import Glibc
#endif

/// The SFTP side of a vendor's upload folder, request by request, on a real folder.
@Suite("SFTP in a vendor's upload folder")
struct SFTPSessionTests {
    /// A folder with its session, version agreed.
    struct Fixture {
        let directory: TemporaryDirectory
        let folder: UploadFolder
        let session: SFTPSession
        var path: String { folder.path }

        init(quota: UploadQuota = UploadQuota()) throws {
            directory = try TemporaryDirectory()
            let folders = UploadFolders(root: directory.url.appendingPathComponent("uploads").path, quota: quota)
            folder = try #require(folders.folder(forFingerprint: "SHA256:abc/def+ghi"))
            session = try #require(SFTPSession(folder: folder))
            let version = try #require(session.answer(Self.packet(1) { $0.writeInteger(UInt32(3)) }))
            #expect(Array(version.readableBytesView) == [2, 0, 0, 0, 3])
        }

        static func packet(_ type: UInt8, id: UInt32? = nil, _ body: (inout ByteBuffer) -> Void = { _ in }) -> ByteBuffer {
            var buffer = ByteBuffer()
            buffer.writeInteger(type)
            if let id { buffer.writeInteger(id) }
            body(&buffer)
            return buffer
        }

        static func string(_ text: String, _ buffer: inout ByteBuffer) {
            buffer.writeInteger(UInt32(text.utf8.count))
            buffer.writeString(text)
        }

        static func bytes(_ bytes: [UInt8], _ buffer: inout ByteBuffer) {
            buffer.writeInteger(UInt32(bytes.count))
            buffer.writeBytes(bytes)
        }

        func ask(_ type: UInt8, _ body: (inout ByteBuffer) -> Void) -> Reply {
            Reply(session.answer(Self.packet(type, id: 7, body))!)
        }

        /// OPEN with flags; the handle, or the refusal.
        func open(_ path: String, flags: UInt32 = 0x02 | 0x08 | 0x10) -> Reply {
            ask(3) {
                Self.string(path, &$0)
                $0.writeInteger(flags)
                $0.writeInteger(UInt32(0))
            }
        }

        func write(_ handle: [UInt8], offset: UInt64, _ data: [UInt8]) -> Reply {
            ask(6) {
                Self.bytes(handle, &$0)
                $0.writeInteger(offset)
                Self.bytes(data, &$0)
            }
        }

        func close(_ handle: [UInt8]) -> Reply { ask(4) { Self.bytes(handle, &$0) } }

        /// Opens, writes in 32 KB pieces as `sftp` does, closes: the close's reply.
        func put(_ path: String, _ data: [UInt8]) throws -> Reply {
            let opened = open(path)
            let handle = try #require(opened.handle, "open \(path): \(opened)")
            var offset = 0
            while offset < data.count {
                let piece = Array(data[offset..<min(data.count, offset + 32_768)])
                let written = write(handle, offset: UInt64(offset), piece)
                if written.status != 0 { _ = close(handle); return written }
                offset += piece.count
            }
            return close(handle)
        }

        func names(_ path: String) throws -> [String] {
            let handle = try #require(ask(11) { Self.string(path, &$0) }.handle)
            let listing = ask(12) { Self.bytes(handle, &$0) }
            #expect(ask(12) { Self.bytes(handle, &$0) }.status == 1, "the second read of a folder is its end")
            _ = close(handle)
            return listing.names
        }

        /// What is in the folder on disk, hidden files too.
        var onDisk: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    /// A reply, read.
    struct Reply: CustomStringConvertible {
        var type: UInt8
        var status: UInt32?
        var message = ""
        var handle: [UInt8]?
        var names: [String] = []
        var data: [UInt8]?
        var size: UInt64?
        var permissions: UInt32?

        init(_ reply: ByteBuffer) {
            var buffer = reply
            type = buffer.readInteger()!
            _ = buffer.readInteger(as: UInt32.self)
            func string() -> [UInt8] {
                let length = Int(buffer.readInteger(as: UInt32.self)!)
                return buffer.readBytes(length: length)!
            }
            switch type {
            case 101:
                status = buffer.readInteger()
                message = String(decoding: string(), as: UTF8.self)
            case 102: handle = string()
            case 103: data = string()
            case 104:
                let count = buffer.readInteger(as: UInt32.self)!
                for _ in 0..<count {
                    names.append(String(decoding: string(), as: UTF8.self))
                    _ = string()
                    let flags = buffer.readInteger(as: UInt32.self)!
                    if flags != 0 { _ = buffer.readBytes(length: 20) }
                }
            case 105:
                _ = buffer.readInteger(as: UInt32.self)
                size = buffer.readInteger()
                permissions = buffer.readInteger()
            default: break
            }
        }

        var description: String { "type \(type) status \(status.map(String.init) ?? "-") “\(message)”" }
    }

    let picture = FixturePictures.jpeg(width: 64, height: 48)

    @Test("a picture put in 32 KB pieces is kept under its name, whole, 0600; listed, read back, renamed, removed")
    func putAndKeep() throws {
        let fixture = try Fixture()
        let big = FixturePictures.jpeg(exactly: 100_000)
        let kept = try fixture.put("kettle.jpg", big)
        #expect(kept.status == 0, "\(kept)")
        #expect(try fixture.put("/pot.PNG", try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("FuzzCorpus/picture/alpha.png")).map { $0 }).status == 0)
        #expect(fixture.onDisk == ["kettle.jpg", "pot.PNG"], "no temporary file is left")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path + "/kettle.jpg")) == Data(big))
        #expect(try FileManager.default.attributesOfItem(atPath: fixture.path + "/kettle.jpg")[.posixPermissions] as? Int == 0o600)
        #expect(try fixture.names("/") == ["kettle.jpg", "pot.PNG"])
        #expect(try fixture.names(".") == ["kettle.jpg", "pot.PNG"])

        let stat = fixture.ask(17) { Fixture.string("kettle.jpg", &$0) }
        #expect(stat.size == 100_000)
        #expect(stat.permissions == 0o100600)
        #expect(fixture.ask(17) { Fixture.string("/", &$0) }.permissions == 0o40700)
        #expect(fixture.ask(16) { Fixture.string(".", &$0) }.names == ["/"])
        #expect(fixture.ask(16) { Fixture.string("/x/./../", &$0) }.status == 3, "a .. is refused, even one that stays inside")

        // Read back in pieces.
        let handle = try #require(fixture.open("kettle.jpg", flags: 0x01).handle)
        var back: [UInt8] = []
        while true {
            let piece = fixture.ask(5) {
                Fixture.bytes(handle, &$0)
                $0.writeInteger(UInt64(back.count))
                $0.writeInteger(UInt32(1 << 20))
            }
            guard let data = piece.data else {
                #expect(piece.status == 1)
                break
            }
            #expect(data.count <= 65_536, "a read answers 64 KB at most")
            back += data
        }
        #expect(back == big)
        #expect(fixture.close(handle).status == 0)

        #expect(fixture.ask(18) { Fixture.string("kettle.jpg", &$0); Fixture.string("pot.PNG", &$0) }.status == 4, "no renaming over a picture")
        #expect(fixture.ask(18) { Fixture.string("kettle.jpg", &$0); Fixture.string("kettle.txt", &$0) }.status == 3)
        #expect(fixture.ask(18) { Fixture.string("kettle.jpg", &$0); Fixture.string("teapot.jpeg", &$0) }.status == 0)
        #expect(fixture.ask(13) { Fixture.string("pot.PNG", &$0) }.status == 0)
        #expect(fixture.onDisk == ["teapot.jpeg"])
        #expect(fixture.session.put == 2)
    }

    @Test("a file that is no JPEG or PNG by its content is not kept, whatever its name; the close says why")
    func notAPicture() throws {
        let fixture = try Fixture()
        let reply = try fixture.put("photo.jpg", Array("#!/bin/sh\necho hello\n".utf8) + [UInt8](repeating: 0x41, count: 70_000))
        #expect(reply.status == 4)
        #expect(reply.message == "Not a JPEG or PNG picture: nothing was kept.")
        let empty = try fixture.put("empty.png", [])
        #expect(empty.status == 4)
        #expect(fixture.onDisk == [])
    }

    @Test("no way out: .., folders, hidden names, other names than a picture's, links planted inside; nothing outside is touched")
    func confinement() throws {
        let fixture = try Fixture()
        let outside = fixture.directory.url.appendingPathComponent("secret.jpg").path
        try Data(picture).write(to: URL(fileURLWithPath: outside))
        symlink(outside, fixture.path + "/link.jpg")
        symlink("/etc", fixture.path + "/etc")

        for path in ["../secret.jpg", "/../secret.jpg", "../../etc/passwd", "etc/passwd", "a/b.jpg", "/etc/x.jpg"] {
            let reply = fixture.open(path)
            #expect(reply.status == 3, "\(path): \(reply)")
            #expect(reply.message == "Only your folder: no way out of it (no .., no folders inside it, no links).")
            #expect(fixture.open(path, flags: 0x01).status == 3, "\(path) for reading")
        }
        #expect(fixture.open(".bashrc.jpg").status == 3)
        #expect(fixture.open("note.txt").message == "Pictures only: a name ending in .jpg, .jpeg or .png.")
        #expect(fixture.open("bad\u{1B}[2J.jpg").status == 3, "control characters")
        // The link planted inside reads as absent and is not written through.
        #expect(fixture.open("link.jpg", flags: 0x01).status == 2)
        #expect(fixture.ask(17) { Fixture.string("link.jpg", &$0) }.status == 2)
        #expect(fixture.open("link.jpg").status == 3, "a link is not written over")
        #expect(fixture.ask(13) { Fixture.string("link.jpg", &$0) }.status == 2, "nor removed")
        #expect(fixture.ask(18) { Fixture.string("link.jpg", &$0); Fixture.string("mine.jpg", &$0) }.status == 2, "nor renamed")
        #expect(try fixture.names("/") == [], "links are not listed")
        #expect(fixture.ask(14) { Fixture.string("sub", &$0); $0.writeInteger(UInt32(0)) }.status == 3, "mkdir")
        #expect(fixture.ask(20) { Fixture.string("x.jpg", &$0); Fixture.string("/etc/passwd", &$0) }.status == 3, "symlink")
        #expect(fixture.ask(11) { Fixture.string("/etc", &$0) }.status == 3 || fixture.ask(11) { Fixture.string("/etc", &$0) }.status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside)) == Data(picture), "the file outside is untouched")
        #expect(fixture.session.put == 0)
    }

    @Test("quota: a picture past its size (a 10 GB offset too) stops at the write that passes it; the count and the space hold across two sessions")
    func quota() throws {
        let fixture = try Fixture(quota: UploadQuota(files: 2, fileBytes: 100 << 10, bytes: 150 << 10))
        // Too large: refused at the write past 100 KB, and the close says so; nothing kept.
        let large = try fixture.put("large.jpg", FixturePictures.jpeg(exactly: 120_000))
        #expect(large.status == 4)
        #expect(large.message == "Over 100 KB a picture: nothing was kept.")
        #expect(fixture.onDisk == [])
        // 10 GB in: one byte at an offset of 10 GB is refused before anything is written.
        let handle = try #require(fixture.open("huge.jpg").handle)
        #expect(fixture.write(handle, offset: 10 << 30, [0xFF]).status == 4)
        #expect(fixture.write(handle, offset: 0, picture).status == 4, "refused once, refused for good")
        #expect(fixture.close(handle).status == 4)
        #expect(fixture.onDisk == [])

        // Space: 90,000 + 70,000 bytes > 150 KB, also when the second is put by another session of the same key.
        #expect(try fixture.put("one.jpg", FixturePictures.jpeg(exactly: 90_000)).status == 0)
        let other = try #require(SFTPSession(folder: fixture.folder))
        _ = other.answer(Fixture.packet(1) { $0.writeInteger(UInt32(3)) })
        let second = Reply(other.answer(Fixture.packet(3, id: 1) {
            Fixture.string("two.jpg", &$0)
            $0.writeInteger(UInt32(0x1A))
            $0.writeInteger(UInt32(0))
        })!)
        let secondHandle = try #require(second.handle)
        let bytes = FixturePictures.jpeg(exactly: 70_000)
        let refused = Reply(other.answer(Fixture.packet(6, id: 2) {
            Fixture.bytes(secondHandle, &$0)
            $0.writeInteger(UInt64(0))
            Fixture.bytes(bytes, &$0)
        })!)
        #expect(refused.status == 4)
        #expect(refused.message == "Your folder's 150 KB are used up: remove pictures first.")
        other.end()
        // Count: two pictures, then a third name is refused at its open; replacing one is not a new one.
        #expect(try fixture.put("two.jpg", FixturePictures.jpeg(exactly: 30_000)).status == 0)
        let third = fixture.open("three.jpg")
        #expect(third.status == 4)
        #expect(third.message == "Your folder holds 2 pictures, its most: remove one first.")
        #expect(try fixture.put("two.jpg", FixturePictures.jpeg(exactly: 40_000)).status == 0)
        #expect(fixture.onDisk == ["one.jpg", "two.jpg"])
        #expect(fixture.folder.uploadsUnderWay == 0)
    }

    @Test("uploads cut off are given up: their temporary files removed, their place in the quota free")
    func cutOff() throws {
        let fixture = try Fixture(quota: UploadQuota(files: 1, fileBytes: 100_000, bytes: 100_000))
        let handle = try #require(fixture.open("half.jpg").handle)
        #expect(fixture.write(handle, offset: 0, Array(picture.prefix(100))).status == 0)
        #expect(fixture.onDisk.count == 1 && fixture.onDisk[0].hasPrefix(".upload-"))
        #expect(try fixture.names("/") == [], "an upload under way is not listed")
        fixture.session.end()
        #expect(fixture.onDisk == [])
        #expect(fixture.folder.uploadsUnderWay == 0)
    }

    @Test("malformed packets: a bad one with an id is answered bad message; before the version, or without an id, the session ends")
    func malformed() throws {
        let fixture = try Fixture()
        #expect(fixture.ask(3) { $0.writeInteger(UInt32(1000)) }.status == 5, "a string past the end")
        #expect(fixture.ask(3) { Fixture.bytes([0xFF, 0xFE], &$0) }.status == 5, "a name that is no UTF-8")
        #expect(fixture.session.answer(Fixture.packet(3)) == nil, "no id")
        #expect(fixture.ask(200) { Fixture.string("limits@openssh.com", &$0) }.status == 8, "extensions are unsupported")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folders = UploadFolders(root: directory.path)
        let freshFolder = try #require(folders.folder(forFingerprint: "SHA256:x"))
        let fresh = try #require(SFTPSession(folder: freshFolder))
        #expect(fresh.answer(Fixture.packet(17, id: 1) { Fixture.string("/", &$0) }) == nil, "nothing before the version")
        #expect(folders.folder(forFingerprint: "none") == nil, "a visitor without a key has no folder")
    }
}
