import ImageCodec
import Localization
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// One SFTP session in a vendor's upload folder: each request answered, the folder seen as `/` and nothing
/// else reachable. Every file is opened relative to the folder's descriptor without following links; a
/// picture being put is written to a hidden temporary file, counted against the quota as it grows, checked to
/// be a JPEG or PNG by its content when closed, and only then renamed to its name. Not thread-safe: its
/// channel handler calls it one request at a time (on a thread pool: it does file I/O).
final class SFTPSession: @unchecked Sendable {
    let folder: UploadFolder
    private var directory: Int32
    private var initialized = false
    private var handles: [UInt32: OpenFile] = [:]
    private var nextHandle: UInt32 = 1
    /// What the session has done, for its log line: pictures kept, their bytes, requests refused.
    private(set) var put = 0
    private(set) var putBytes = 0
    private(set) var refused = 0

    /// The most files open at once.
    static let maximumHandles = 16

    private enum OpenFile {
        case reading(Int32)
        case writing(Upload)
        case listing(sent: Bool)
    }

    /// A picture being put.
    private struct Upload {
        var descriptor: Int32
        var name: String
        var temporary: String
        var reservation: Int
        var size = 0
        /// Why it will not be kept, once something was refused (later writes and the close say so again).
        var refusal: Phrase.Files?
    }

    /// Opens the folder; nil when it cannot be opened (then the session is refused).
    init?(folder: UploadFolder) {
        guard let directory = folder.openDirectory() else { return nil }
        self.folder = folder
        self.directory = directory
    }

    /// Ends the session: uploads not closed are given up (their temporary files removed), every file closed.
    func end() {
        for (_, file) in handles { discard(file) }
        handles = [:]
        if directory >= 0 { close(directory) }
        directory = -1
    }

    deinit { end() }

    private func discard(_ file: OpenFile) {
        switch file {
        case .reading(let descriptor): close(descriptor)
        case .writing(let upload):
            close(upload.descriptor)
            unlinkat(directory, upload.temporary, 0)
            folder.abandon(upload.reservation)
        case .listing: break
        }
    }

    /// The answer to one packet's payload; nil when the session must end (a malformed packet without an id,
    /// anything before the version is agreed).
    func answer(_ payload: ByteBuffer) -> ByteBuffer? {
        let request: SFTPRequest
        do {
            request = try SFTPRequest.decode(payload)
        } catch {
            guard let id = error.id, initialized else { return nil }
            return SFTPPacket.status(id, .badMessage, "bad message")
        }
        if case .initialize = request {
            initialized = true
            return SFTPPacket.versionReply()
        }
        guard initialized, let id = request.id else { return nil }
        return answer(request, id: id)
    }

    private func refuse(_ id: UInt32, _ status: SFTPPacket.Status, _ phrase: Phrase.Files) -> ByteBuffer {
        // Asking after a name that is not there is how clients look before they put: not a refusal.
        if status != .noSuchFile { refused += 1 }
        // In English whatever the visitor's language: OpenSSH's sftp writes a server's message through its log,
        // which shows every byte past ASCII as an octal escape (\353\202\264…). What is said before a session,
        // on standard error, is in the visitor's language.
        return SFTPPacket.status(id, status, Language.english.text(.files(phrase)), language: "en")
    }

    private func ok(_ id: UInt32) -> ByteBuffer { SFTPPacket.status(id, .ok) }

    private func answer(_ request: SFTPRequest, id: UInt32) -> ByteBuffer {
        switch request {
        case .initialize: return SFTPPacket.versionReply()
        case .realpath(_, let path):
            switch UploadName.resolve(path) {
            case .success(.folder): return SFTPPacket.names(id, [("/", "/", nil)])
            case .success(.file(let name)): return SFTPPacket.names(id, [("/" + name, "/" + name, nil)])
            case .failure(let why): return refuse(id, .permissionDenied, why)
            }
        case .stat(_, let path), .lstat(_, let path):
            switch UploadName.resolve(path) {
            case .success(.folder): return SFTPPacket.attributes(id, folderAttributes())
            case .success(.file(let name)):
                guard let info = regularFile(name) else { return refuse(id, .noSuchFile, .noSuchPicture) }
                return SFTPPacket.attributes(id, Self.attributes(info))
            case .failure(let why): return refuse(id, .permissionDenied, why)
            }
        case .fstat(_, let handle):
            guard let number = Self.number(handle), let file = handles[number] else { return refuse(id, .failure, .unsupported) }
            let descriptor: Int32
            switch file {
            case .reading(let reading): descriptor = reading
            case .writing(let upload): descriptor = upload.descriptor
            case .listing: return SFTPPacket.attributes(id, folderAttributes())
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return refuse(id, .failure, .unsupported) }
            return SFTPPacket.attributes(id, Self.attributes(info))
        case .setstat(_, let path):
            // Times and modes are the front's to keep (every picture 0600); taken and set aside, as a chroot's
            // server does for attributes it cannot honour, so `put -p` and `scp -p` still work.
            switch UploadName.resolve(path) {
            case .success(.folder): return ok(id)
            case .success(.file(let name)): return regularFile(name) == nil ? refuse(id, .noSuchFile, .noSuchPicture) : ok(id)
            case .failure(let why): return refuse(id, .permissionDenied, why)
            }
        case .fsetstat(_, let handle):
            guard let number = Self.number(handle), handles[number] != nil else { return refuse(id, .failure, .unsupported) }
            return ok(id)
        case .open(_, let path, let flags): return open(id: id, path: path, flags: flags)
        case .write(_, let handle, let offset, let data): return write(id: id, handle: handle, offset: offset, data: data)
        case .read(_, let handle, let offset, let length):
            guard let number = Self.number(handle), case .reading(let descriptor)? = handles[number] else {
                return refuse(id, .failure, .unsupported)
            }
            let wanted = Int(min(length, SFTPPacket.maximumRead))
            var buffer = ByteBuffer()
            let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { raw in
                max(0, pread(descriptor, raw.baseAddress, wanted, off_t(clamping: offset)))
            }
            if count == 0 { return SFTPPacket.status(id, .endOfFile, "end of file") }
            return SFTPPacket.data(id, buffer)
        case .close(_, let handle):
            guard let number = Self.number(handle), let file = handles.removeValue(forKey: number) else {
                return refuse(id, .failure, .unsupported)
            }
            switch file {
            case .reading(let descriptor):
                close(descriptor)
                return ok(id)
            case .listing: return ok(id)
            case .writing(let upload): return finish(id: id, upload: upload)
            }
        case .opendir(_, let path):
            switch UploadName.resolve(path) {
            case .success(.folder):
                guard let number = take(.listing(sent: false)) else { return refuse(id, .failure, .tooManyOpen) }
                return SFTPPacket.handle(id, Self.bytes(number))
            case .success(.file): return refuse(id, .noSuchFile, .outside)
            case .failure(let why): return refuse(id, .permissionDenied, why)
            }
        case .readdir(_, let handle):
            guard let number = Self.number(handle), case .listing(let sent)? = handles[number] else {
                return refuse(id, .failure, .unsupported)
            }
            if sent { return SFTPPacket.status(id, .endOfFile, "end of folder") }
            handles[number] = .listing(sent: true)
            let files = UploadFolder.contents(of: directory).files
            let entries = files.keys.sorted().map { name -> (name: String, long: String, attributes: SFTPPacket.Attributes?) in
                (name, Self.longName(name, files[name]!), Self.attributes(files[name]!))
            }
            return SFTPPacket.names(id, entries)
        case .remove(_, let path):
            switch UploadName.resolve(path) {
            case .success(.file(let name)):
                guard regularFile(name) != nil, unlinkat(directory, name, 0) == 0 else { return refuse(id, .noSuchFile, .noSuchPicture) }
                return ok(id)
            case .success(.folder): return refuse(id, .permissionDenied, .outside)
            case .failure(let why): return refuse(id, .permissionDenied, why)
            }
        case .rename(_, let from, let to):
            guard case .success(.file(let old)) = UploadName.resolve(from) else { return refuse(id, .permissionDenied, .outside) }
            let new: String
            switch UploadName.resolve(to) {
            case .success(.file(let name)): new = name
            case .success(.folder): return refuse(id, .permissionDenied, .outside)
            case .failure(let why): return refuse(id, .permissionDenied, why)
            }
            guard UploadName.isPictureName(new) else { return refuse(id, .permissionDenied, .pictureNamesOnly) }
            guard regularFile(old) != nil else { return refuse(id, .noSuchFile, .noSuchPicture) }
            guard UploadFolder.status(of: new, in: directory) == nil else { return refuse(id, .failure, .exists) }
            guard renameat(directory, old, directory, new) == 0 else { return refuse(id, .failure, .unsupported) }
            return ok(id)
        case .mkdir, .rmdir, .symlink: return refuse(id, .permissionDenied, .outside)
        case .readlink: return refuse(id, .noSuchFile, .outside)
        case .other: return refuse(id, .unsupported, .unsupported)
        }
    }

    private func open(id: UInt32, path: String, flags: SFTPRequest.OpenFlags) -> ByteBuffer {
        let name: String
        switch UploadName.resolve(path) {
        case .success(.file(let file)): name = file
        case .success(.folder): return refuse(id, .failure, .outside)
        case .failure(let why): return refuse(id, .permissionDenied, why)
        }
        guard handles.count < Self.maximumHandles else { return refuse(id, .failure, .tooManyOpen) }
        guard flags.contains(.write) || flags.contains(.append) else {
            guard regularFile(name) != nil else { return refuse(id, .noSuchFile, .noSuchPicture) }
            let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return refuse(id, .noSuchFile, .noSuchPicture) }
            let number = take(.reading(descriptor))!
            return SFTPPacket.handle(id, Self.bytes(number))
        }
        guard UploadName.isPictureName(name) else { return refuse(id, .permissionDenied, .pictureNamesOnly) }
        let exists = UploadFolder.status(of: name, in: directory) != nil
        if exists, regularFile(name) == nil { return refuse(id, .permissionDenied, .outside) }
        if exists, flags.contains(.exclusive) { return refuse(id, .failure, .exists) }
        if !exists, !flags.contains(.create) { return refuse(id, .noSuchFile, .noSuchPicture) }
        if flags.contains(.append) || (exists && !flags.contains(.truncate)) { return refuse(id, .unsupported, .wholeOnly) }
        let reservation: Int
        do throws(Phrase.Files) {
            reservation = try folder.begin(name, in: directory)
        } catch {
            return refuse(id, .failure, error)
        }
        let temporary = UploadName.uploadPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let descriptor = openat(directory, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            folder.abandon(reservation)
            return refuse(id, .failure, errno == ENOSPC || errno == EDQUOT ? .diskFull : .unsupported)
        }
        let number = take(.writing(Upload(descriptor: descriptor, name: name, temporary: temporary, reservation: reservation)))!
        return SFTPPacket.handle(id, Self.bytes(number))
    }

    private func write(id: UInt32, handle: [UInt8], offset: UInt64, data: ByteBuffer) -> ByteBuffer {
        guard let number = Self.number(handle), case .writing(var upload)? = handles[number] else {
            return refuse(id, .failure, .unsupported)
        }
        if let refusal = upload.refusal { return refuse(id, .failure, refusal) }
        let end = offset.addingReportingOverflow(UInt64(data.readableBytes))
        do throws(Phrase.Files) {
            guard !end.overflow, end.partialValue <= UInt64(Int.max) else { throw .tooLarge(limit: folder.quota.fileBytes) }
            try folder.grow(upload.reservation, to: max(upload.size, Int(end.partialValue)))
            var written = 0
            while written < data.readableBytes {
                let count = data.withUnsafeReadableBytes { raw in
                    pwrite(upload.descriptor, raw.baseAddress! + written, raw.count - written, off_t(offset) + off_t(written))
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw errno == ENOSPC || errno == EDQUOT ? .diskFull : .unsupported
                }
                written += count
            }
            upload.size = max(upload.size, Int(end.partialValue))
            handles[number] = .writing(upload)
            return ok(id)
        } catch {
            // Refused once, refused for good: nothing of it is kept, and its space is free at once.
            upload.refusal = error
            ftruncate(upload.descriptor, 0)
            folder.abandon(upload.reservation)
            handles[number] = .writing(upload)
            return refuse(id, .failure, error)
        }
    }

    /// The close of a picture being put: kept under its name when whole, a JPEG or PNG by its content and
    /// within the quota; otherwise removed, and the client told why.
    private func finish(id: UInt32, upload: Upload) -> ByteBuffer {
        defer { close(upload.descriptor) }
        func giveUp(_ why: Phrase.Files) -> ByteBuffer {
            unlinkat(directory, upload.temporary, 0)
            folder.abandon(upload.reservation)
            return refuse(id, .failure, why)
        }
        if let refusal = upload.refusal { return giveUp(refusal) }
        // A JPEG or PNG by its content: its signature, and a header that reads (width, height) — unless the
        // header lies past the first 256 KB (a camera's EXIF and colour profile come first).
        let window = 256 * 1024
        var head = [UInt8](repeating: 0, count: min(upload.size, window))
        let count = head.withUnsafeMutableBytes { pread(upload.descriptor, $0.baseAddress, $0.count, 0) }
        guard count == head.count, ImageFormat.detect(head) != nil, (try? ImageHeader.read(head)) != nil || head.count == window
        else { return giveUp(.notAPicture) }
        do throws(Phrase.Files) {
            try folder.finish(upload.reservation, temporary: upload.temporary, size: upload.size, in: directory)
        } catch {
            unlinkat(directory, upload.temporary, 0)
            return refuse(id, .failure, error)
        }
        put += 1
        putBytes += upload.size
        return ok(id)
    }

    private func take(_ file: OpenFile) -> UInt32? {
        guard handles.count < Self.maximumHandles else { return nil }
        let number = nextHandle
        nextHandle &+= 1
        handles[number] = file
        return number
    }

    /// A name's status when it is a regular file (a link, a folder or a device planted there reads as absent).
    private func regularFile(_ name: String) -> stat? {
        guard let info = UploadFolder.status(of: name, in: directory), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return info
    }

    private func folderAttributes() -> SFTPPacket.Attributes {
        var info = stat()
        fstat(directory, &info)
        return SFTPPacket.Attributes(
            size: 0, permissions: UInt32(S_IFDIR) | 0o700, accessed: UInt32(clamping: info.st_atim.tv_sec),
            modified: UInt32(clamping: info.st_mtim.tv_sec))
    }

    static func attributes(_ info: stat) -> SFTPPacket.Attributes {
        SFTPPacket.Attributes(
            size: UInt64(max(0, info.st_size)), permissions: UInt32(S_IFREG) | 0o600,
            accessed: UInt32(clamping: info.st_atim.tv_sec), modified: UInt32(clamping: info.st_mtim.tv_sec))
    }

    /// `-rw-------   1 you  you   123456 Nov 28 04:42 kettle.jpg`, as `ls -l` writes it.
    static func longName(_ name: String, _ info: stat) -> String {
        var time = info.st_mtim.tv_sec
        var parts = tm()
        gmtime_r(&time, &parts)
        var text = [CChar](repeating: 0, count: 32)
        strftime(&text, text.count, "%b %e %H:%M", &parts)
        let date = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let size = String(info.st_size)
        return "-rw-------    1 you      you      " + String(repeating: " ", count: max(0, 8 - size.count)) + size + " " + date + " " + name
    }

    static func bytes(_ number: UInt32) -> [UInt8] {
        [UInt8(number >> 24), UInt8(number >> 16 & 0xFF), UInt8(number >> 8 & 0xFF), UInt8(number & 0xFF)]
    }

    static func number(_ bytes: [UInt8]) -> UInt32? {
        guard bytes.count == 4 else { return nil }
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
