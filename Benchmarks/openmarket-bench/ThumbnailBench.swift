import Foundation
import ImageCodec
import ImagePipeline
import Mocks

/// Thumbnails per second from a ~300 KB JPEG to 24×12 cells, beside chafa, and the quality of both.
enum ThumbnailBench {
    static func run() throws -> [String] {
        let columns = 24
        let rows = 12
        // A camera-like JPEG of about 300 KB: find the grain that gives that size.
        var low = 0
        var high = 64
        var jpeg: [UInt8] = []
        while low < high {
            let grain = (low + high) / 2
            jpeg = try ImageEncoder().jpeg(FixturePictures.photo(width: 1280, height: 960, grain: grain), quality: 90)
            if jpeg.count < 300_000 { low = grain + 1 } else { high = grain }
        }
        jpeg = try ImageEncoder().jpeg(FixturePictures.photo(width: 1280, height: 960, grain: low), quality: 90)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-bench-photo.jpg")
        try Data(jpeg).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let renderer = ThumbnailRenderer(palette: .xterm256)
        let ours = try BenchTiming.medianRate(iterations: 300) {
            _ = try renderer.render(jpeg, columns: columns, rows: rows)
        }
        let cells = try renderer.render(jpeg, columns: columns, rows: rows)
        // The peer in the same run: the same renderer with libjpeg-turbo's own 1/8-scale decode.
        var turboRenderer = renderer
        turboRenderer.decoder.dcScan = false
        let turbo = try BenchTiming.medianRate(iterations: 300) {
            _ = try turboRenderer.render(jpeg, columns: columns, rows: rows)
        }
        let turboCells = try turboRenderer.render(jpeg, columns: columns, rows: rows)
        // Decoding alone, both ways (Huffman decoding is nearly all of it).
        let decodeOnly = try BenchTiming.medianRate(iterations: 300) {
            _ = try ImageDecoder().decode(jpeg, atLeast: (width: 24, height: 18))
        }
        let turboDecodeOnly = try BenchTiming.medianRate(iterations: 300) {
            _ = try ImageDecoder(dcScan: false).decode(jpeg, atLeast: (width: 24, height: 18))
        }
        // What the list and grid really draw: the server's thumbnails (≤ 200 px, a few KB).
        let small = try ImageEncoder().jpeg(
            ImageScaler().resize(try ImageDecoder().decode(jpeg), width: 200, height: 150), quality: 82)
        let fromThumbnail = try BenchTiming.medianRate(iterations: 3000) {
            _ = try renderer.render(small, columns: columns, rows: rows)
        }
        let original = try ImageDecoder().decode(jpeg)
        let reference = HalfBlockRenderer().reference(original, columns: columns, rows: rows)
        let ourPSNR = PictureQuality.psnr(HalfBlockRenderer.pixels(of: cells), reference)
        let turboPSNR = PictureQuality.psnr(HalfBlockRenderer.pixels(of: turboCells), reference)

        var lines = [
            "thumbnail source: \(jpeg.count) bytes, 1280×960 JPEG → \(columns)×\(rows) cells (\(cells.columns)×\(cells.rows) used)",
            "| renderer | thumbnails/s (one core) | PSNR dB vs area-averaged original |",
            "|---|---|---|",
            "| openmarket ThumbnailRenderer (in process, DC scan) | \(Int(ours)) | \(String(format: "%.2f", ourPSNR)) |",
            "| — of which the DC scan's 1/8-scale decode alone | \(Int(decodeOnly)) | – |",
            "| the same renderer on libjpeg-turbo's 1/8-scale decode (peer) | \(Int(turbo)) | \(String(format: "%.2f", turboPSNR)) |",
            "| — of which libjpeg-turbo's 1/8-scale decode alone | \(Int(turboDecodeOnly)) | – |",
            "| openmarket, from a server thumbnail (200×150, \(small.count) bytes) | \(Int(fromThumbnail)) | – |",
        ]
        let scanRatio = "ratio DC scan / libjpeg-turbo thumbnails per second: \(String(format: "%.2f", ours / turbo))×"
        guard let chafa = SpawnedCommand.find("chafa") else {
            lines.append("| chafa | not installed (make bench-deps) | – |")
            lines.append(scanRatio)
            return lines
        }
        let arguments = [
            "--format", "symbols", "--symbols", "vhalf", "--colors", "256", "--size", "\(columns)x\(rows)",
            "--threads", "1", file.path,
        ]
        let chafaRate = try BenchTiming.medianRate(iterations: 30) {
            _ = try SpawnedCommand.output(chafa, arguments)
        }
        let output = try SpawnedCommand.output(chafa, arguments)
        var chafaPSNR = "unreadable output"
        if let pixels = ChafaOutput.pixels(output) {
            let chafaReference = ImageScaler().resize(original, width: pixels.width, height: pixels.height)
            chafaPSNR = String(format: "%.2f", PictureQuality.psnr(pixels, chafaReference))
                + " (\(pixels.width)×\(pixels.height / 2) cells)"
        }
        lines.append("| chafa 1.12 CLI, one process per picture, --threads 1 | \(Int(chafaRate)) | \(chafaPSNR) |")
        lines.append(scanRatio)
        lines.append("ratio openmarket/chafa thumbnails per second: \(String(format: "%.1f", ours / chafaRate))×")
        return lines
    }
}
