import Foundation
import Mocks
import Testing

/// `y` and `Y` with the real binary: OSC 52 reaches the terminal's clipboard — tmux's, with set-clipboard
/// on — locally and through `openmarket ssh`, where nothing else reaches a visitor's clipboard.
@Suite("Copying to the clipboard, end to end", .serialized)
struct CopyEndToEndTests {
    @Test("locally: y puts the selected product's link on the clipboard, Y a line with its name and price")
    func locally() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --data-dir \(directory.path) --layout list", columns: 100, rows: 30)
        try tmux.acceptClipboard()
        try await tmux.waitFor(text: "20+ products")
        try tmux.send("y")
        // tmux takes OSC 52 only with set-clipboard on, which nothing tells a program: "sent", not "copied".
        let screen = try await tmux.waitFor(text: "Link sent to the clipboard: http://127.0.0.1:")
        let link = String(try #require(screen.firstMatch(of: /clipboard: (http:\/\/127\.0\.0\.1:\d+\/api\/products\/\d+)/)?.1))
        try await tmux.waitFor("the clipboard") { _ in (try? tmux.pasteBuffer()) == link }
        try tmux.send("Y")
        try await tmux.waitFor(text: "Sent to the clipboard: ")
        try await tmux.waitFor("the line on the clipboard") { _ in
            let line = (try? tmux.pasteBuffer()) ?? ""
            return line.hasSuffix(" — " + link) && line.contains("₩")
        }
        // The link answers: it is the product's detail in the market's API.
        let detail = try await LiveHTTP(base: link).send("GET", "")
        #expect(detail.status == 200 && detail.text.contains("\"id\""), "\(detail.status) \(detail.text.prefix(200))")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("over openmarket ssh: the visitor's terminal gets the copy (a Korean visitor's notice in Korean)")
    func overSSH() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ssh = SSHEndToEndTests()
        let (server, port, _) = try await ssh.startServer(directory)
        defer { server.stop() }
        let key = try ssh.makeKey(in: directory)
        let tmux = try TmuxSession(
            command: ssh.sshCommand(port: port, key: key, extra: "-t -o SetEnv=LANG=ko_KR.UTF-8"), columns: 100, rows: 30)
        try tmux.acceptClipboard()
        try await tmux.waitFor(text: "상품 20+개")
        try tmux.send("y")
        try await tmux.waitFor(text: "링크를 클립보드로 보냈습니다: http://127.0.0.1:")
        try await tmux.waitFor("the clipboard") { _ in
            ((try? tmux.pasteBuffer()) ?? "").wholeMatch(of: /http:\/\/127\.0\.0\.1:\d+\/api\/products\/\d+/) != nil
        }
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}
