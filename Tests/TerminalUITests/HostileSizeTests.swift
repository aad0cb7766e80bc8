import Testing
import TerminalUI

/// A terminal's answers about its size come from whoever is at the other end of an SSH connection: pictures
/// are scaled by them, so they are clamped to what real terminals report and pictures are capped.
@Suite("Sizes a terminal claims")
struct HostileSizeTests {
    @Test("a reported cell is clamped to 4…32 × 8…64 pixels, however it was told")
    func cellClamped() {
        #expect(TerminalAnswers.parse(Array("\u{1B}[6;600;300t\u{1B}[?62;4c".utf8)).cellPixels == PixelSize(width: 32, height: 64))
        #expect(TerminalAnswers.parse(Array("\u{1B}[6;20;10t\u{1B}[?62;4c".utf8)).cellPixels == PixelSize(width: 10, height: 20))
        #expect(TerminalAnswers.parse(Array("\u{1B}[6;1;1t\u{1B}[?62;4c".utf8)).cellPixels == PixelSize(width: 4, height: 8))
        // The text area's pixels over its cells, and the kernel's window size, are clamped the same way.
        let area = TerminalAnswers.parse(Array("\u{1B}[4;60000;60000t\u{1B}[8;24;80t\u{1B}[?62;4c".utf8))
        #expect(area.cellPixels == PixelSize(width: 32, height: 64))
        var window = TerminalAnswers()
        window.windowPixels = PixelSize(width: 65535, height: 65535)
        window.windowCells = PixelSize(width: 80, height: 24)
        #expect(window.cellPixels == PixelSize(width: 32, height: 64))
    }

    @Test("a picture is never scaled past 1920×1080 pixels, nor past four times its own size")
    func pictureCapped() {
        let huge = GraphicFit.fitted(
            PixelSize(width: 4000, height: 3000), into: Rect(x: 0, y: 0, width: 1000, height: 1000), cell: PixelSize(width: 300, height: 600))
        #expect(huge.width * huge.height <= 1920 * 1080)
        #expect(huge.width * huge.height > 1920 * 1080 * 9 / 10, "the cap, not less: \(huge)")
        #expect(abs(Double(huge.width) / Double(huge.height) - 4.0 / 3.0) < 0.01, "aspect kept: \(huge)")
        let small = GraphicFit.fitted(
            PixelSize(width: 100, height: 50), into: Rect(x: 0, y: 0, width: 200, height: 60), cell: PixelSize(width: 10, height: 20))
        #expect(small == PixelSize(width: 400, height: 200), "four times, not the 1200 px the frame allows")
        let usual = GraphicFit.fitted(
            PixelSize(width: 640, height: 480), into: Rect(x: 0, y: 0, width: 20, height: 8), cell: PixelSize(width: 10, height: 20))
        #expect(usual == PixelSize(width: 200, height: 150), "an ordinary card is as before")
    }
}
