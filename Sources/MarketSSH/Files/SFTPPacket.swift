import NIOCore

/// SFTP version 3's packet types and status codes, and the replies this front writes.
enum SFTPPacket {
    static let initialize: UInt8 = 1
    static let version: UInt8 = 2
    static let open: UInt8 = 3
    static let close: UInt8 = 4
    static let read: UInt8 = 5
    static let write: UInt8 = 6
    static let lstat: UInt8 = 7
    static let fstat: UInt8 = 8
    static let setstat: UInt8 = 9
    static let fsetstat: UInt8 = 10
    static let opendir: UInt8 = 11
    static let readdir: UInt8 = 12
    static let remove: UInt8 = 13
    static let mkdir: UInt8 = 14
    static let rmdir: UInt8 = 15
    static let realpath: UInt8 = 16
    static let stat: UInt8 = 17
    static let rename: UInt8 = 18
    static let readlink: UInt8 = 19
    static let symlink: UInt8 = 20
    static let status: UInt8 = 101
    static let handle: UInt8 = 102
    static let data: UInt8 = 103
    static let name: UInt8 = 104
    static let attributes: UInt8 = 105

    /// The largest packet taken (its length field's value), as OpenSSH's own sftp-server: 256 KB. A client
    /// announcing more is ended: one packet is all a session holds before it is answered.
    static let maximumLength = 256 * 1024
    /// The most bytes one read answers with (a client asking more gets less, and asks again).
    static let maximumRead: UInt32 = 64 * 1024

    /// `SSH_FX_*`.
    enum Status: UInt32 {
        case ok = 0
        case endOfFile = 1
        case noSuchFile = 2
        case permissionDenied = 3
        case failure = 4
        case badMessage = 5
        case unsupported = 8
    }

    /// A file's or the folder's attributes: size, permissions, times (no owner: the front's user is nobody's
    /// business).
    struct Attributes: Equatable {
        var size: UInt64
        var permissions: UInt32
        var accessed: UInt32
        var modified: UInt32

        func write(to buffer: inout ByteBuffer) {
            buffer.writeInteger(UInt32(0x1 | 0x4 | 0x8))
            buffer.writeInteger(size)
            buffer.writeInteger(permissions)
            buffer.writeInteger(accessed)
            buffer.writeInteger(modified)
        }
    }

    /// A reply: its payload (type on), framed with its length by the writer.
    static func status(_ id: UInt32, _ status: Status, _ message: String = "", language: String = "en") -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(Self.status)
        buffer.writeInteger(id)
        buffer.writeInteger(status.rawValue)
        buffer.writeSFTPString(message)
        buffer.writeSFTPString(language)
        return buffer
    }

    static func versionReply() -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(Self.version)
        buffer.writeInteger(UInt32(3))
        return buffer
    }

    static func handle(_ id: UInt32, _ handle: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(Self.handle)
        buffer.writeInteger(id)
        buffer.writeInteger(UInt32(handle.count))
        buffer.writeBytes(handle)
        return buffer
    }

    static func data(_ id: UInt32, _ bytes: ByteBuffer) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(bytes.readableBytes + 9)
        buffer.writeInteger(Self.data)
        buffer.writeInteger(id)
        buffer.writeInteger(UInt32(bytes.readableBytes))
        buffer.writeImmutableBuffer(bytes)
        return buffer
    }

    /// A name reply: each entry its name, its `ls -l` line and its attributes.
    static func names(_ id: UInt32, _ entries: [(name: String, long: String, attributes: Attributes?)]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(Self.name)
        buffer.writeInteger(id)
        buffer.writeInteger(UInt32(entries.count))
        for entry in entries {
            buffer.writeSFTPString(entry.name)
            buffer.writeSFTPString(entry.long)
            if let attributes = entry.attributes { attributes.write(to: &buffer) } else { buffer.writeInteger(UInt32(0)) }
        }
        return buffer
    }

    static func attributes(_ id: UInt32, _ attributes: Attributes) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(Self.attributes)
        buffer.writeInteger(id)
        attributes.write(to: &buffer)
        return buffer
    }
}

extension ByteBuffer {
    /// An SSH string: its length, then its UTF-8 bytes.
    mutating func writeSFTPString(_ text: String) {
        writeInteger(UInt32(text.utf8.count))
        writeString(text)
    }
}
