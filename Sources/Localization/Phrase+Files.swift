extension Phrase {
    /// What `openmarket ssh` says to an SFTP (or `scp`) client putting pictures into a vendor's upload folder.
    public enum Files: Error, Sendable, Equatable {
        /// A visitor the front knows no key of (an `--open` front): no files at all.
        case openFront
        /// A subsystem other than sftp.
        case unknownSubsystem(String)
        /// A second file session on one connection.
        case oneAtATime
        /// A path that leaves the folder: `..`, a folder inside it, a link.
        case outside
        /// A name that is no picture's: only `.jpg`, `.jpeg`, `.png`.
        case pictureNamesOnly
        /// A name that cannot be a file's (a leading dot, control characters, too long).
        case badName
        /// A finished file that is no JPEG or PNG by its content: not kept.
        case notAPicture
        /// Over the size a picture may have: not kept.
        case tooLarge(limit: Int)
        /// The folder holds as many pictures as it may.
        case tooMany(limit: Int)
        /// The folder's space is used up.
        case noSpace(limit: Int)
        case noSuchPicture
        case exists
        /// An upload that does not start at the file's beginning (resuming, appending).
        case wholeOnly
        case unsupported
        case diskFull
        case tooManyOpen
        /// `ssh … help`: where pictures go, on a front that takes them.
        case help(files: Int, fileSize: Int, space: Int)
    }
}

extension Phrase.Files {
    var english: String {
        switch self {
        case .openFront: "This server is open to everyone and read-only: it takes no files."
        case .unknownSubsystem(let name): "There is no “\(name)” here; sftp and scp put pictures into your folder."
        case .oneAtATime: "One file session per connection: this connection has one open already."
        case .outside: "Only your folder: no way out of it (no .., no folders inside it, no links)."
        case .pictureNamesOnly: "Pictures only: a name ending in .jpg, .jpeg or .png."
        case .badName: "Not a name for a picture: no leading dot, no control characters, at most 255 bytes."
        case .notAPicture: "Not a JPEG or PNG picture: nothing was kept."
        case .tooLarge(let limit): "Over \(Phrase.englishSize(limit)) a picture: nothing was kept."
        case .tooMany(let limit): "Your folder holds \(limit) pictures, its most: remove one first."
        case .noSpace(let limit): "Your folder's \(Phrase.englishSize(limit)) are used up: remove pictures first."
        case .noSuchPicture: "No such picture in your folder."
        case .exists: "A picture of that name is there already."
        case .wholeOnly: "A picture is sent whole, from its first byte: resuming is not supported."
        case .unsupported: "Not supported here."
        case .diskFull: "The server's disk is full: try again later."
        case .tooManyOpen: "Too many files open at once."
        case .help(let files, let fileSize, let space):
            """
            Pictures for the register form (with your key): sftp -P PORT HOST, then put photo.jpg
            (or scp -P PORT photo.jpg HOST:). Your folder holds \(files) JPEG or PNG pictures of up to
            \(Phrase.englishSize(fileSize)) each, \(Phrase.englishSize(space)) in all; Tab in the form's picture field lists them.

            """
        }
    }

    var korean: String {
        switch self {
        case .openFront: "이 서버는 누구나 읽기만 하는 곳이라 파일을 받지 않습니다."
        case .unknownSubsystem(let name): "여기에는 “\(name)”이(가) 없습니다. sftp와 scp로 폴더에 사진을 올립니다."
        case .oneAtATime: "연결 하나에 파일 세션 하나: 이 연결에는 이미 하나가 열려 있습니다."
        case .outside: "내 폴더 안에서만: 밖으로 나갈 수 없습니다 (.., 안쪽 폴더, 링크 모두 안 됩니다)."
        case .pictureNamesOnly: "사진만 됩니다: 이름이 .jpg, .jpeg, .png로 끝나야 합니다."
        case .badName: "사진 이름으로 쓸 수 없습니다: 점으로 시작하거나 제어 문자가 있거나 255바이트를 넘습니다."
        case .notAPicture: "JPEG나 PNG 사진이 아니라 남기지 않았습니다."
        case .tooLarge(let limit): "사진 하나가 \(Phrase.koreanSize(limit))를 넘어 남기지 않았습니다."
        case .tooMany(let limit): "폴더에 사진이 가장 많은 \(limit)장 있습니다: 하나를 먼저 지우세요."
        case .noSpace(let limit): "폴더의 \(Phrase.koreanSize(limit))를 다 썼습니다: 사진을 먼저 지우세요."
        case .noSuchPicture: "폴더에 그런 사진이 없습니다."
        case .exists: "그 이름의 사진이 이미 있습니다."
        case .wholeOnly: "사진은 첫 바이트부터 통째로 보냅니다: 이어 보내기는 되지 않습니다."
        case .unsupported: "여기서는 되지 않습니다."
        case .diskFull: "서버의 디스크가 가득 찼습니다: 나중에 다시 해 보세요."
        case .tooManyOpen: "한꺼번에 연 파일이 너무 많습니다."
        case .help(let files, let fileSize, let space):
            """
            등록 화면에 쓸 사진 (내 키로 접속했을 때): sftp -P PORT HOST 뒤에 put photo.jpg
            (또는 scp -P PORT photo.jpg HOST:). 폴더에는 하나에 \(Phrase.koreanSize(fileSize))까지인 JPEG·PNG 사진을
            \(files)장, 모두 \(Phrase.koreanSize(space))까지 둡니다. 등록 화면의 사진 칸에서 Tab을 누르면 보입니다.

            """
        }
    }
}
