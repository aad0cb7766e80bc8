import Foundation
import Logging
import MarketWords
import Mocks
import Testing

@testable import MarketServer

/// The change-socket folders a killed front left (`ChangeSocketLeftovers`), with real folders and Unix-domain
/// sockets: which the next change socket removes, and which it must leave.
@Suite("Change socket folders left by killed fronts")
struct ChangeSocketLeftoversTests {
    /// A new folder `name` in `directory`.
    static func folder(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    /// Sets `path`'s modification time `ago` seconds back (a socket bound in a folder changes the folder's).
    static func age(_ path: String, by ago: TimeInterval) throws {
        let then = Date().addingTimeInterval(-ago)
        try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: path)
    }

    /// A socket bound at `path`; listening when asked, else closed at once (what a killed front leaves: the
    /// file, nobody behind it). Returns the listening descriptor, or -1.
    static func socket(at path: String, listening: Bool) throws -> Int32 {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let address = try #require(LocalSocketAddress(path: path))
        try #require(address.withSocketAddress { bind(descriptor, $0, $1) } == 0, "bind: \(errno)")
        if listening {
            try #require(listen(descriptor, 8) == 0)
            return descriptor
        }
        close(descriptor)
        return -1
    }

    /// What a killed front leaves: folder `name` in `directory` with a socket nobody listens on.
    static func killedFront(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = try folder(name, in: directory)
        _ = try socket(at: path + "/changes", listening: false)
        return path
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test("removed: an old folder of this user's whose socket nobody listens on, and an old empty one; kept: a live front's, a young one, one holding anything else, another name, a file, a link, another user's")
    func sweep() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let dead = try Self.killedFront("openmarket-changes-dead01", in: directory)
        let empty = try Self.folder("openmarket-changes-empty1", in: directory)
        let live = try Self.folder("openmarket-changes-live01", in: directory)
        let listener = try Self.socket(at: live + "/changes", listening: true)
        defer { close(listener) }
        let young = try Self.folder("openmarket-changes-young1", in: directory)
        let other = try Self.folder("openmarket-changes-other1", in: directory)
        try Data("a note".utf8).write(to: URL(fileURLWithPath: other + "/notes"))
        let unrelated = try Self.folder("something-else", in: directory)
        let file = directory.path + "/openmarket-changes-file01"
        try Data().write(to: URL(fileURLWithPath: file))
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let link = directory.path + "/openmarket-changes-link01"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere.path)
        // Another user's (only root can give one away: elsewhere the case is left out).
        let theirs = try Self.folder("openmarket-changes-theirs", in: directory)
        let givenAway = chown(theirs, 65_534, 65_534) == 0
        for path in [dead, empty, live, other, unrelated, file, theirs, elsewhere.path] { try Self.age(path, by: 600) }

        let removed = ChangeSocketLeftovers.sweep(in: directory.path)

        #expect(removed == [dead, empty])
        #expect(!Self.exists(dead) && !Self.exists(empty))
        for kept in [live + "/changes", young, other + "/notes", unrelated, file, link, elsewhere.path] {
            #expect(Self.exists(kept), "\(kept)")
        }
        if givenAway { #expect(Self.exists(theirs)) }
        #expect(ChangeSocketLeftovers.answers(live + "/changes"), "the live front still listens")
        // Swept again: nothing more goes.
        #expect(ChangeSocketLeftovers.sweep(in: directory.path) == [])
    }

    @Test("a folder made a moment ago is left even when nobody listens yet (a front between its folder and its listen)")
    func young() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let starting = try Self.killedFront("openmarket-changes-start1", in: directory)
        #expect(ChangeSocketLeftovers.sweep(in: directory.path) == [])
        #expect(ChangeSocketLeftovers.sweep(in: directory.path, now: Date().addingTimeInterval(61)) == [starting])
    }

    @Test("a change socket that opens removes what a killed front left, and makes its own beside it")
    func opening() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let killed = try Self.killedFront("openmarket-changes-killed", in: directory)
        try Self.age(killed, by: 600)

        let socket = try ChangeSocket(stream: ChangeStream(), logger: Logger(label: "test"), temporary: directory.path)
        #expect(!Self.exists(killed))
        #expect(socket.path.hasPrefix(directory.path + "/openmarket-changes-") && Self.exists(socket.path))
        socket.stop()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }
}
