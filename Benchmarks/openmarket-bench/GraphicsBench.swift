import Foundation
import ImageCodec
import ImagePipeline
import Mocks
import TerminalCurses
import TerminalPictures
import TerminalUI

/// Pictures in the terminal's own graphics (issue 15): bytes and encode time per picture at 480×360 for
/// sixel, kitty and iTerm2, and sixel's PSNR with and without dithering.
enum GraphicsBench {
    static func run() throws -> [String] {
        var lines: [String] = []
        let studio = StudioPhoto()
        lines.append("demo-like photo drawn with \(studio.usedEmoji ? "Noto Color Emoji" : "shaded discs (no emoji font)")")
        lines.append("| picture | sixel B (ms) | sixel Floyd–Steinberg B (ms) | kitty PNG B | kitty zlib RGB B | kitty sent B (ms) | iTerm JPEG q85 B | iTerm sent B (ms) |")
        lines.append("|---|---|---|---|---|---|---|---|")
        for (name, image) in [
            ("demo-like photo 480×360", studio.scaled(width: 480, height: 360)),
            ("grained photo 480×360", FixturePictures.photo(width: 480, height: 360)),
        ] {
            let sixel = timed { SixelEncoder().encode(image) }
            let dithered = timed { SixelEncoder(dithering: .floydSteinberg).encode(image) }
            let png = try ImageEncoder().png(image)
            let zipped = try Zlib().compress(image.pixels)
            let kitty = try timed { try KittyGraphicsEncoder().transmitAndDisplay(image, id: 1, columns: 60, rows: 20) }
            let jpeg = try ImageEncoder().jpeg(image, quality: 85)
            let iterm = try timed { try ITermImageEncoder().encode(image, columns: 60, rows: 20) }
            lines.append(
                "| \(name) | \(sixel.result.count) (\(figure(sixel.ms))) | \(dithered.result.count) (\(figure(dithered.ms))) "
                    + "| \(png.count) | \(zipped.count) | \(kitty.result.count) (\(figure(kitty.ms))) | \(jpeg.count) "
                    + "| \(iterm.result.count) (\(figure(iterm.ms))) |")
        }
        lines.append("")
        lines.append("| picture | sixel PSNR, no dithering | Floyd–Steinberg |")
        lines.append("|---|---|---|")
        for (name, image) in [
            ("grained photo 240×180", FixturePictures.photo(width: 240, height: 180)),
            ("smooth photo 240×180", FixturePictures.photo(width: 240, height: 180, grain: 0)),
            ("demo-like photo 240×180", studio.scaled(width: 240, height: 180)),
            ("demo-like photo 480×360", studio.scaled(width: 480, height: 360)),
        ] {
            let plain = try SixelDecoder().decode(SixelEncoder().encode(image)).image
            let dithered = try SixelDecoder().decode(SixelEncoder(dithering: .floydSteinberg).encode(image)).image
            lines.append(
                "| \(name) | \(figure(PictureQuality.psnr(plain, image))) dB | \(figure(PictureQuality.psnr(dithered, image))) dB |")
        }
        lines.append("")
        lines += try modes(studio: studio)
        lines.append("")
        lines += try wholeWindow(studio: studio)
        return lines
    }

    /// One picture on the whole window (issue 24's picture window: the window but its caption line), at
    /// 80×24 and 200×60 with 8×16-pixel cells, from a 1600×1200 photo: the bytes each mode sends for it.
    static func wholeWindow(studio: StudioPhoto) throws -> [String] {
        let (cellWidth, cellHeight) = (8, 16)
        var lines = [
            "One 1600×1200 photo on the whole window (all but the caption line), 8×16-pixel cells: bytes on the wire per mode",
            "| window | picture cells | picture px | half blocks 256 | half blocks true colour | sixel | kitty | iTerm2 |",
            "|---|---|---|---|---|---|---|---|",
        ]
        let source = studio.scaled(width: 1600, height: 1200)
        for (columns, rows) in [(80, 24), (200, 60)] {
            let frame = Rect(x: 0, y: 0, width: columns, height: rows - 1)
            let cell = PixelSize(width: cellWidth, height: cellHeight)
            let size = GraphicFit.fitted(PixelSize(width: source.width, height: source.height), into: frame, cell: cell)
            let fit = GraphicFit(size: size, in: frame, cell: cell)
            let scaled = ImageScaler().resize(source, width: size.width, height: size.height)
            var blocks: [Int?] = []
            for palette in [PaletteKind.xterm256, .truecolor] {
                blocks.append(cursesBytes(HalfBlockRenderer(palette: palette).render(source, columns: frame.width, rows: frame.height)))
            }
            let sixel = SixelEncoder().encode(scaled).count
            let kitty = try KittyGraphicsEncoder().transmitAndDisplay(scaled, id: 1, columns: fit.cells.width, rows: fit.cells.height).count
            let iterm = try ITermImageEncoder().encode(scaled, columns: fit.cells.width, rows: fit.cells.height).count
            lines.append(
                "| \(columns)×\(rows) | \(fit.cells.width)×\(fit.cells.height) | \(size.width)×\(size.height) | \(blocks[0].map(String.init) ?? "–") "
                    + "| \(blocks[1].map(String.init) ?? "–") | \(sixel) | \(kitty) | \(iterm) |")
        }
        return lines
    }

    /// Every picture mode on one picture in a 24×12-cell box, as a terminal with 8×16-pixel cells shows
    /// it: PSNR against the picture scaled to those pixels (half blocks enlarged to their cells' pixels),
    /// and the bytes that picture costs on the wire. chafa's half blocks beside ours.
    static func modes(studio: StudioPhoto) throws -> [String] {
        let (cellWidth, cellHeight) = (8, 16)
        var lines = [
            "Each mode on one picture in a 24×12-cell box, at 8×16-pixel cells: PSNR of what the terminal shows against the picture scaled to those pixels; bytes of that one picture on the wire",
            "| picture | mode | PSNR dB | bytes |",
            "|---|---|---|---|",
        ]
        let chafa = SpawnedCommand.find("chafa")
        for (name, source) in [
            ("demo-like photo", studio.scaled(width: 480, height: 360)),
            ("grained photo", FixturePictures.photo(width: 480, height: 360)),
        ] {
            let cells = HalfBlockRenderer().cellSize(width: source.width, height: source.height, columns: 24, rows: 12)
            let reference = ImageScaler().resize(source, width: cells.columns * cellWidth, height: cells.rows * cellHeight)
            func row(_ mode: String, _ shown: PixelImage?, _ bytes: Int?) {
                let quality = shown.map { $0.width == reference.width && $0.height == reference.height
                    ? figure(PictureQuality.psnr($0, reference)) : "size \($0.width)×\($0.height)" } ?? "–"
                lines.append("| \(name) | \(mode) | \(quality == "inf" ? "lossless" : quality) | \(bytes.map { "\($0)" } ?? "–") |")
            }
            for palette in [PaletteKind.xterm256, .truecolor] {
                let image = HalfBlockRenderer(palette: palette).render(source, columns: 24, rows: 12)
                let shown = enlarged(HalfBlockRenderer.pixels(of: image), by: cellWidth)
                row(palette == .truecolor ? "half blocks, true colour" : "half blocks, 256 colours", shown, cursesBytes(image))
            }
            if let chafa {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-modes-\(getpid()).png")
                try Data(try ImageEncoder().png(source)).write(to: file)
                defer { try? FileManager.default.removeItem(at: file) }
                for colors in ["256", "full"] {
                    let output = try SpawnedCommand.output(
                        chafa, ["--format", "symbols", "--symbols", "vhalf", "--colors", colors, "--size", "24x12", "--threads", "1", file.path])
                    let shown = ChafaOutput.pixels(output).map { enlarged($0, by: cellWidth) }
                    row("chafa half blocks, \(colors == "full" ? "true colour" : "256 colours")", shown, output.count)
                }
            }
            let sixel = SixelEncoder().encode(reference)
            row("sixel, 256 registers", try SixelDecoder().decode(sixel).image, sixel.count)
            let kitty = try KittyGraphicsEncoder().transmitAndDisplay(reference, id: 1, columns: cells.columns, rows: cells.rows)
            row("kitty", try KittyPayloadDecoder().decode(kitty).first?.image, kitty.count)
            let iterm = try ITermImageEncoder().encode(reference, columns: cells.columns, rows: cells.rows)
            row("iTerm2 inline image", try ITermImageDecoder().decode(iterm).image(), iterm.count)
        }
        return lines
    }

    /// Each pixel as a `factor × factor` square: a half block's half at 8×16-pixel cells.
    static func enlarged(_ image: PixelImage, by factor: Int) -> PixelImage {
        var out = PixelImage(width: image.width * factor, height: image.height * factor, fill: RGB(0, 0, 0))
        for y in 0..<out.height {
            for x in 0..<out.width { out[x, y] = image[x / factor, y / factor] }
        }
        return out
    }

    /// What curses and the direct-colour cells send to draw a picture on an otherwise drawn screen.
    static func cursesBytes(_ image: CellImage) -> Int? {
        guard let curses = HeadlessCurses(columns: image.columns, rows: image.rows) else { return nil }
        let blank = Canvas(width: image.columns, height: image.rows)
        curses.draw(blank)
        let before = curses.bytesWritten
        var canvas = blank
        canvas.draw(image, x: 0, y: 0)
        curses.draw(canvas)
        return curses.bytesWritten - before
    }

    /// The median time of five runs, in milliseconds, and the last result.
    static func timed<T>(_ work: () throws -> T) rethrows -> (ms: Double, result: T) {
        var times: [Double] = []
        var result: T?
        for _ in 0..<5 {
            let start = ContinuousClock.now
            result = try work()
            times.append(BenchTiming.seconds(ContinuousClock.now - start) * 1000)
        }
        return (BenchTiming.median(times), result!)
    }

    static func figure(_ value: Double) -> String { String(format: "%.1f", value) }
}
