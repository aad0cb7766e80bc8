import ImageCodec
import ImagePipeline

/// Reads chafa's `--format symbols` output (SGR colour sequences, palette or 24-bit, and half blocks)
/// back as pixels: each cell becomes an upper and a lower pixel in the colours a terminal would show.
enum ChafaOutput {
    static func pixels(_ output: [UInt8]) -> PixelImage? {
        var rows: [[(RGB, RGB)]] = [[]]
        var fg = XtermPalette.rgb(7)
        var bg = XtermPalette.rgb(0)
        var inverse = false
        var i = 0
        let text = Array(String(decoding: output, as: UTF8.self).unicodeScalars)
        while i < text.count {
            let c = text[i]
            if c == "\u{1B}" {
                guard i + 1 < text.count, text[i + 1] == "[" else { i += 1; continue }
                var j = i + 2
                var parameters = ""
                while j < text.count, !(text[j].value >= 0x40 && text[j].value <= 0x7E) {
                    parameters.unicodeScalars.append(text[j])
                    j += 1
                }
                if j < text.count, text[j] == "m" {
                    let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
                    var k = 0
                    func rgb(at k: Int) -> RGB {
                        RGB(UInt8(clamping: numbers[k]), UInt8(clamping: numbers[k + 1]), UInt8(clamping: numbers[k + 2]))
                    }
                    if numbers.isEmpty { fg = XtermPalette.rgb(7); bg = XtermPalette.rgb(0); inverse = false }
                    while k < numbers.count {
                        switch numbers[k] {
                        case 0: fg = XtermPalette.rgb(7); bg = XtermPalette.rgb(0); inverse = false
                        case 7: inverse = true
                        case 27: inverse = false
                        case 38 where k + 2 < numbers.count && numbers[k + 1] == 5: fg = XtermPalette.rgb(numbers[k + 2]); k += 2
                        case 48 where k + 2 < numbers.count && numbers[k + 1] == 5: bg = XtermPalette.rgb(numbers[k + 2]); k += 2
                        case 38 where k + 4 < numbers.count && numbers[k + 1] == 2: fg = rgb(at: k + 2); k += 4
                        case 48 where k + 4 < numbers.count && numbers[k + 1] == 2: bg = rgb(at: k + 2); k += 4
                        case 39: fg = XtermPalette.rgb(7)
                        case 49: bg = XtermPalette.rgb(0)
                        case 30...37: fg = XtermPalette.rgb(numbers[k] - 30)
                        case 40...47: bg = XtermPalette.rgb(numbers[k] - 40)
                        case 90...97: fg = XtermPalette.rgb(numbers[k] - 90 + 8)
                        case 100...107: bg = XtermPalette.rgb(numbers[k] - 100 + 8)
                        default: break
                        }
                        k += 1
                    }
                }
                i = j + 1
                continue
            }
            if c == "\n" {
                rows.append([])
                i += 1
                continue
            }
            let (front, back) = inverse ? (bg, fg) : (fg, bg)
            switch c {
            case "▀": rows[rows.count - 1].append((front, back))
            case "▄": rows[rows.count - 1].append((back, front))
            case "█": rows[rows.count - 1].append((front, front))
            case " ": rows[rows.count - 1].append((back, back))
            default: break
            }
            i += 1
        }
        rows.removeAll { $0.isEmpty }
        guard let width = rows.first?.count, width > 0, rows.allSatisfy({ $0.count == width }) else { return nil }
        var image = PixelImage(width: width, height: rows.count * 2, fill: RGB(0, 0, 0))
        for (y, row) in rows.enumerated() {
            for (x, cell) in row.enumerated() {
                image[x, 2 * y] = cell.0
                image[x, 2 * y + 1] = cell.1
            }
        }
        return image
    }
}
