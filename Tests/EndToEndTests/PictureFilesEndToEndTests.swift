import Foundation
import Mocks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Pictures over the same SSH connection: OpenSSH's own `sftp` and `scp` against `openmarket ssh`, as a
/// vendor puts files and as an attacker tries to get out. Part of the attack suite.
extension AttackEndToEndTests {
    /// `sftp` or `scp` with the test's key, on the front at `port`; `arguments` after the options.
    static func fileClient(_ program: String, port: Int, key: String, _ arguments: [String]) throws -> SpawnedProcess {
        try SpawnedProcess(
            "/usr/bin/\(program)",
            ["-P", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
             "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-i", key] + arguments)
    }

    /// `sftp -b` with these commands; its exit status, standard output and error.
    static func sftp(port: Int, key: String, in directory: TemporaryDirectory, _ commands: [String]) async throws
        -> (status: Int32, output: String, error: String)
    {
        let batch = directory.url.appendingPathComponent("batch-\(UUID().uuidString)").path
        try (commands.joined(separator: "\n") + "\n").write(toFile: batch, atomically: true, encoding: .utf8)
        let run = try fileClient("sftp", port: port, key: key, ["-b", batch, "127.0.0.1"])
        let status = await run.waitForExit()
        return (status, run.standardOutput, run.standardError)
    }

    /// The names in a folder, hidden ones too.
    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("a vendor's key puts pictures with OpenSSH's sftp and scp into its own folder, gets and removes them; the register form's Tab lists them; help says how")
    func sftpAndScp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (key, keys) = try vendorKey(in: directory)
        let data = directory.url.appendingPathComponent("data")
        let (front, port) = try await startFront(dataDirectory: data.path, options: ["--authorized-keys", keys, "--log-level", "info"])
        defer { front.stop() }
        let kettle = directory.url.appendingPathComponent("kettle.jpg").path
        try Data(FixturePictures.jpeg(width: 320, height: 240)).write(to: URL(fileURLWithPath: kettle))
        let pot = directory.url.appendingPathComponent("pot.png").path
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus/picture/alpha.png")).write(to: URL(fileURLWithPath: pot))
        let back = directory.url.appendingPathComponent("back.jpg").path

        let session = try await Self.sftp(port: port, key: key, in: directory, [
            "pwd", "put \(kettle)", "put \(pot) teapot.png", "put \(kettle) spare.jpg", "rename spare.jpg kettle-2.jpg", "ls -l",
            "get kettle.jpg \(back)", "rm kettle-2.jpg", "ls",
        ])
        #expect(session.status == 0, "\(session.output)\n\(session.error)")
        #expect(session.output.contains("Remote working directory: /"))
        #expect(session.output.contains("-rw-------"), "ls -l shows each picture as 0600: \(session.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: kettle)))
        let uploads = data.appendingPathComponent("uploads").path
        let folders = Self.names(in: uploads)
        try #require(folders.count == 1, "one folder, the key's: \(folders)")
        let folder = uploads + "/" + folders[0]
        #expect(Self.names(in: folder) == ["kettle.jpg", "teapot.png"])

        // scp (OpenSSH 9's default speaks SFTP) puts and gets the same way.
        let put = try Self.fileClient("scp", port: port, key: key, [kettle, "127.0.0.1:scp.jpg"])
        #expect(await put.waitForExit() == 0, "\(put.standardError)")
        let get = try Self.fileClient("scp", port: port, key: key, ["127.0.0.1:teapot.png", back])
        #expect(await get.waitForExit() == 0, "\(get.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: pot)))
        #expect(Self.names(in: folder) == ["kettle.jpg", "scp.jpg", "teapot.png"])
        // Each file session is logged when its channel has closed (just after the client's exit).
        let logDeadline = ContinuousClock.now + .seconds(10)
        while !front.standardError.contains("put=1 bytes=") || !front.standardError.contains("put=3 bytes="), ContinuousClock.now < logDeadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(front.standardError.contains("ssh files end"), "each file session is logged: \(front.standardError.suffix(800))")
        #expect(front.standardError.contains("put=3 bytes=14286 refused=0"), "the first session put kettle.jpg, teapot.png and spare.jpg, and nothing was refused: \(front.standardError.suffix(800))")

        // `help` says where pictures go.
        let help = try SpawnedProcess(
            "/usr/bin/ssh",
            ["-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
             "-o", "IdentitiesOnly=yes", "-i", key, "127.0.0.1", "help"])
        #expect(await help.waitForExit() == 0)
        #expect(help.standardOutput.contains("sftp -P PORT HOST, then put photo.jpg"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("100 JPEG or PNG pictures of up to"))

        // The register form's picture field: Tab completes the names just put.
        let tmux = try TmuxSession(command: Self.ssh(port: port, key: key), columns: 110, rows: 36)
        try await tmux.waitFor(text: "products")
        try tmux.send("n")
        try await tmux.waitFor(text: "Register a product")
        for _ in 0..<6 { try tmux.send("Tab") }  // name, description, price, discount, stock, currency → pictures
        try tmux.send("te", literal: true)
        try tmux.send("Tab")
        try await tmux.waitFor(text: "teapot.png")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "1/5")
        try tmux.send("Escape")
        withExtendedLifetime(front) {}
    }

    @Test("sftp as an attacker: .., absolute host paths, another key's folder, a planted link, a folder, a script named .jpg, a 10 GB file — each refused, nothing outside touched; an open front and a key-less visitor get no files")
    func sftpAttacks() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (key, keys) = try vendorKey(in: directory)
        let other = directory.url.appendingPathComponent("id_other").path
        #expect(try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "other@test", "-f", other]).status == 0)
        try (String(contentsOfFile: keys, encoding: .utf8) + String(contentsOfFile: other + ".pub", encoding: .utf8))
            .write(toFile: keys, atomically: true, encoding: .utf8)
        let data = directory.url.appendingPathComponent("data")
        let (front, port) = try await startFront(
            dataDirectory: data.path, options: ["--authorized-keys", keys, "--upload-file-size", "1", "--upload-space", "2"])
        defer { front.stop() }
        let kettle = directory.url.appendingPathComponent("kettle.jpg").path
        try Data(FixturePictures.jpeg(width: 64, height: 48)).write(to: URL(fileURLWithPath: kettle))

        // The other key puts a picture: its folder exists, with a secret in it.
        let others = try await Self.sftp(port: port, key: other, in: directory, ["put \(kettle) secret.jpg"])
        #expect(others.status == 0, "\(others.error)")
        let uploads = data.appendingPathComponent("uploads").path
        let otherFolder = try #require(Self.names(in: uploads).first)
        let hostKey = data.appendingPathComponent("ssh_host_ed25519_key").path
        let hostKeyBefore = try Data(contentsOf: URL(fileURLWithPath: hostKey))

        // Each attempt on its own line, so each one's failure is seen (sftp -b stops at the first).
        let attempts: [(String, String)] = [
            ("put \(kettle) ../escape.jpg", "Permission denied"),
            ("put \(kettle) ../../ssh_host_ed25519_key.jpg", "Permission denied"),
            ("put \(kettle) /etc/cron.d/x.jpg", "Permission denied"),
            ("put \(kettle) ../\(otherFolder)/secret.jpg", "Permission denied"),
            ("get ../\(otherFolder)/secret.jpg \(directory.path)/stolen.jpg", ""),
            ("get /etc/passwd \(directory.path)/passwd", ""),
            ("cd ..", "no way out"),
            ("mkdir sub", "Permission denied"),
            ("ln -s /etc/passwd passwd.jpg", ""),
            ("put \(kettle) run.sh", "Permission denied"),
            ("get planted.jpg \(directory.path)/planted", ""),
            ("rm planted.jpg", ""),
        ]
        // The vendor's folder is made by its first session; a link to the host key is planted in it, as if by
        // anyone who could.
        let first = try await Self.sftp(port: port, key: key, in: directory, ["ls"])
        #expect(first.status == 0, "\(first.error)")
        let folder = uploads + "/" + (Self.names(in: uploads).first { $0 != otherFolder } ?? "")
        try FileManager.default.createSymbolicLink(atPath: folder + "/planted.jpg", withDestinationPath: hostKey)
        for (command, said) in attempts {
            let run = try await Self.sftp(port: port, key: key, in: directory, [command])
            #expect(run.status != 0, "\(command) is refused: \(run.output)")
            if !said.isEmpty { #expect(run.error.contains(said), "\(command): \(run.error)") }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/stolen.jpg"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/passwd"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/planted"))
        #expect(FileManager.default.destinationOfSymbolicLinkExists(folder + "/planted.jpg"), "the planted link is not removed through")
        #expect(try Data(contentsOf: URL(fileURLWithPath: hostKey)) == hostKeyBefore)
        #expect(Self.names(in: uploads + "/" + otherFolder) == ["secret.jpg"])

        // A script named .jpg: sent whole, then not kept.
        let script = directory.url.appendingPathComponent("script.jpg").path
        try "#!/bin/sh\nrm -rf /\n".write(toFile: script, atomically: true, encoding: .utf8)
        let scripted = try await Self.sftp(port: port, key: key, in: directory, ["put \(script)"])
        #expect(scripted.status != 0)
        // 10 GB (sparse here, a JPEG's first bytes): refused at the write past 1 MB, within a few MB sent.
        let huge = directory.url.appendingPathComponent("huge.jpg").path
        try Data(FixturePictures.jpeg(width: 64, height: 48)).write(to: URL(fileURLWithPath: huge))
        #expect(truncate(huge, 10 << 30) == 0)
        let started = ContinuousClock.now
        let large = try await Self.sftp(port: port, key: key, in: directory, ["put \(huge)"])
        #expect(large.status != 0)
        // The right outcome takes a second; the wrong one (sending 10 GB) far longer than two minutes.
        #expect(ContinuousClock.now - started < .seconds(120))
        #expect(Self.names(in: folder) == ["planted.jpg"], "nothing kept, no temporary file left")

        // Another key's session sees only its own folder.
        let listing = try await Self.sftp(port: port, key: other, in: directory, ["ls"])
        #expect(listing.output.contains("secret.jpg") && !listing.output.contains("planted"))
        withExtendedLifetime(front) {}
    }

    @Test("an --open front takes no files: sftp and scp are told so on standard error; an unknown subsystem too")
    func openFrontTakesNoFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (key, _) = try vendorKey(in: directory)
        let data = directory.url.appendingPathComponent("data")
        let (front, port) = try await startFront(dataDirectory: data.path, options: ["--open"])
        defer { front.stop() }
        let run = try await Self.sftp(port: port, key: key, in: directory, ["ls"])
        #expect(run.status != 0)
        #expect(run.error.contains("This server is open to everyone and read-only: it takes no files."), "\(run.error)")
        let copy = try Self.fileClient("scp", port: port, key: key, ["/etc/hostname", "127.0.0.1:x.jpg"])
        #expect(await copy.waitForExit() != 0)
        #expect(copy.standardError.contains("takes no files"))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("uploads").path), "no folder is made")
        let subsystem = try SpawnedProcess(
            "/usr/bin/ssh",
            ["-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
             "-i", key, "-s", "127.0.0.1", "shell"])
        #expect(await subsystem.waitForExit() == 1)
        #expect(subsystem.standardError.contains("There is no “shell” here"))
        withExtendedLifetime(front) {}
    }
}

extension FileManager {
    /// Whether a link is still there (its target may or may not be).
    func destinationOfSymbolicLinkExists(_ path: String) -> Bool {
        (try? destinationOfSymbolicLink(atPath: path)) != nil
    }
}
