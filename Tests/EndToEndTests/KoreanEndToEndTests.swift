import Foundation
import Mocks
import Testing

/// The Korean interface with the real binary under tmux: chosen by `LANG` on a host that has not generated
/// `ko_KR.UTF-8` (this one has only C.UTF-8), its double-width words laid out to the column, the form's
/// rules in Korean; `--lang` over the locale, the file's `lang` over it too.
@Suite("The Korean interface, end to end", .serialized)
struct KoreanEndToEndTests {
    /// Columns a line takes: two for a Hangul syllable, one for anything else these screens show.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) || (0x1100...0x115F).contains($1.value) ? 2 : 1) }
    }

    @Test("LANG=ko_KR.UTF-8 gives Korean at 80×24, every line to its width; the form's rules are Korean; q ends it")
    func korean() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(
            command: "env LANG=ko_KR.UTF-8 \(BuiltProducts.openmarket) --data-dir \(directory.path) --layout list", columns: 80, rows: 24)
        let screen = try await tmux.waitFor(text: "상품 20+개")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix(" openmarket  ·  ") && lines[0].contains("목록"), "\(screen)")
        let title = lines[0].replacing(/\s+$/, with: "")
        #expect(Self.columns(title) == 79, "the count ends one column from the edge: \(title)")
        #expect(screen.contains("도움말") && screen.contains("끝내기") && !screen.contains("products"), "\(screen)")
        for line in lines { #expect(Self.columns(line) <= 80, "\(line)") }

        try tmux.send("?")
        // 80×24 does not hold every row: help scrolls, and says so.
        let help = try await tmux.waitFor(text: "↑↓ 더 보기 · 다른 키를 누르면 닫힙니다")
        #expect(help.contains("상품 열기") && help.contains("찜하기"), "\(help)")
        try tmux.send("Escape")
        try await tmux.waitFor("help closed") { !$0.contains("더 보기 · 다른 키를") }
        try tmux.send("n")
        try await tmux.waitFor(text: "상품 등록")
        try tmux.send("C-s")
        let form = try await tmux.waitFor(text: "고칠 곳")
        #expect(form.contains("이름은 3–100자여야 합니다 (지금 0자)."), "\(form)")
        try tmux.send("Escape")
        try await tmux.waitFor("the list again") { !$0.contains("상품 등록") }
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("--lang en wins over LANG=ko_KR.UTF-8; the file's lang: ko wins over LANG=C.UTF-8")
    func ranks() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let english = try TmuxSession(
            command: "env LANG=ko_KR.UTF-8 \(BuiltProducts.openmarket) --data-dir \(directory.path) --lang en", columns: 100, rows: 30)
        let screen = try await english.waitFor(text: "20+ products")
        #expect(screen.contains("help") && !screen.contains("도움말"), "\(screen)")
        try english.send("q")
        try await english.waitFor(text: "EXITED:0")

        let file = directory.path + "/config.yaml"
        try Data("lang: ko\n".utf8).write(to: URL(fileURLWithPath: file))
        let korean = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --config \(file) --data-dir \(directory.path)", columns: 100, rows: 30)
        let filed = try await korean.waitFor(text: "상품 20+개")
        #expect(filed.contains("도움말"), "\(filed)")
        try korean.send("q")
        try await korean.waitFor(text: "EXITED:0")
    }
}
