import NIOCore

/// One request of an SFTP client (version 3, draft-ietf-secsh-filexfer-02, what OpenSSH's `sftp` and `scp`
/// speak), decoded from a packet's payload (its type byte on). What this front takes part in is decoded in
/// full; anything else is kept as its number, to be answered "unsupported".
enum SFTPRequest: Equatable {
    case initialize(version: UInt32)
    case open(id: UInt32, path: String, flags: OpenFlags)
    case close(id: UInt32, handle: [UInt8])
    case read(id: UInt32, handle: [UInt8], offset: UInt64, length: UInt32)
    case write(id: UInt32, handle: [UInt8], offset: UInt64, data: ByteBuffer)
    case lstat(id: UInt32, path: String)
    case fstat(id: UInt32, handle: [UInt8])
    case setstat(id: UInt32, path: String)
    case fsetstat(id: UInt32, handle: [UInt8])
    case opendir(id: UInt32, path: String)
    case readdir(id: UInt32, handle: [UInt8])
    case remove(id: UInt32, path: String)
    case mkdir(id: UInt32, path: String)
    case rmdir(id: UInt32, path: String)
    case realpath(id: UInt32, path: String)
    case stat(id: UInt32, path: String)
    case rename(id: UInt32, from: String, to: String)
    case readlink(id: UInt32, path: String)
    case symlink(id: UInt32, path: String)
    /// An extended request or any other type: only its id is read.
    case other(id: UInt32, type: UInt8)

    /// `SSH_FXF_*`: how a file is opened.
    struct OpenFlags: OptionSet, Equatable {
        let rawValue: UInt32
        static let read = OpenFlags(rawValue: 0x01)
        static let write = OpenFlags(rawValue: 0x02)
        static let append = OpenFlags(rawValue: 0x04)
        static let create = OpenFlags(rawValue: 0x08)
        static let truncate = OpenFlags(rawValue: 0x10)
        static let exclusive = OpenFlags(rawValue: 0x20)
    }

    /// A payload that is no well-formed request: too short, a string past its end, a name that is no UTF-8.
    struct Malformed: Error {
        /// The request's id when it could be read (it is answered "bad message"), else nil (the session ends).
        var id: UInt32?
    }

    /// The request's id (none for `initialize`).
    var id: UInt32? {
        switch self {
        case .initialize: nil
        case .open(let id, _, _), .close(let id, _), .read(let id, _, _, _), .write(let id, _, _, _), .lstat(let id, _),
            .fstat(let id, _), .setstat(let id, _), .fsetstat(let id, _), .opendir(let id, _), .readdir(let id, _),
            .remove(let id, _), .mkdir(let id, _), .rmdir(let id, _), .realpath(let id, _), .stat(let id, _),
            .rename(let id, _, _), .readlink(let id, _), .symlink(let id, _), .other(let id, _):
            id
        }
    }

    /// Decodes a packet's payload: its type, its id, its fields. Attributes sent with `open`, `setstat`
    /// and `mkdir` are read past: the front keeps every picture 0600 and its own times.
    static func decode(_ payload: ByteBuffer) throws(Malformed) -> SFTPRequest {
        var buffer = payload
        guard let type = buffer.readInteger(as: UInt8.self) else { throw Malformed() }
        if type == SFTPPacket.initialize {
            guard let version = buffer.readInteger(as: UInt32.self) else { throw Malformed() }
            return .initialize(version: version)
        }
        guard let id = buffer.readInteger(as: UInt32.self) else { throw Malformed() }
        func string() throws(Malformed) -> String {
            guard let bytes = bytes(), let text = String(validating: bytes, as: UTF8.self) else { throw Malformed(id: id) }
            return text
        }
        func bytes() -> [UInt8]? {
            guard let length = buffer.readInteger(as: UInt32.self), length <= buffer.readableBytes else { return nil }
            return buffer.readBytes(length: Int(length))
        }
        func handle() throws(Malformed) -> [UInt8] {
            guard let bytes = bytes(), bytes.count <= 256 else { throw Malformed(id: id) }
            return bytes
        }
        func integer<T: FixedWidthInteger>(_: T.Type) throws(Malformed) -> T {
            guard let value = buffer.readInteger(as: T.self) else { throw Malformed(id: id) }
            return value
        }
        switch type {
        case SFTPPacket.open:
            let path = try string()
            return .open(id: id, path: path, flags: OpenFlags(rawValue: try integer(UInt32.self)))
        case SFTPPacket.close: return .close(id: id, handle: try handle())
        case SFTPPacket.read:
            let handle = try handle()
            let offset = try integer(UInt64.self)
            return .read(id: id, handle: handle, offset: offset, length: try integer(UInt32.self))
        case SFTPPacket.write:
            let handle = try handle()
            let offset = try integer(UInt64.self)
            let length = try integer(UInt32.self)
            guard length <= buffer.readableBytes, let data = buffer.readSlice(length: Int(length)) else { throw Malformed(id: id) }
            return .write(id: id, handle: handle, offset: offset, data: data)
        case SFTPPacket.lstat: return .lstat(id: id, path: try string())
        case SFTPPacket.fstat: return .fstat(id: id, handle: try handle())
        case SFTPPacket.setstat: return .setstat(id: id, path: try string())
        case SFTPPacket.fsetstat: return .fsetstat(id: id, handle: try handle())
        case SFTPPacket.opendir: return .opendir(id: id, path: try string())
        case SFTPPacket.readdir: return .readdir(id: id, handle: try handle())
        case SFTPPacket.remove: return .remove(id: id, path: try string())
        case SFTPPacket.mkdir: return .mkdir(id: id, path: try string())
        case SFTPPacket.rmdir: return .rmdir(id: id, path: try string())
        case SFTPPacket.realpath: return .realpath(id: id, path: try string())
        case SFTPPacket.stat: return .stat(id: id, path: try string())
        case SFTPPacket.rename:
            let from = try string()
            return .rename(id: id, from: from, to: try string())
        case SFTPPacket.readlink: return .readlink(id: id, path: try string())
        case SFTPPacket.symlink: return .symlink(id: id, path: try string())
        default: return .other(id: id, type: type)
        }
    }
}
