import Foundation
import ImagePipeline
import TerminalUI
import Testing

@testable import MarketFeatures

/// A whole screen as text with its styles, for snapshots a reviewer can read:
///
///     the screen's rows, as text (trailing blanks cut)
///     ── styles
///     one row per screen row, one character per cell: `.` a plain cell, a letter one of the legend's styles
///     ── legend
///     a: bold, foreground 15, background 24
///
/// Letters are given in order of first appearance, so a style that changes shows as a changed letter
/// and legend line. A wide character's two cells have its letter twice, so the map lines up with the text.
func styledScreen(_ canvas: Canvas) -> String {
    var letters: [CellStyle: Character] = [:]
    var legend: [String] = []
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var map: [String] = []
    for y in 0..<canvas.height {
        var row = ""
        for x in 0..<canvas.width {
            let style = canvas[x, y].style
            if style == .plain {
                row.append(".")
                continue
            }
            if letters[style] == nil {
                let letter = letters.count < alphabet.count ? alphabet[letters.count] : "?"
                letters[style] = letter
                legend.append("\(letter): \(describe(style))")
            }
            row.append(letters[style]!)
        }
        while row.last == "." { row.removeLast() }
        map.append(row)
    }
    let links = canvas.links.map { "row \($0.y), columns \($0.columns.lowerBound)–\($0.columns.upperBound - 1): \($0.url)" }
    return (canvas.trimmedLines() + ["── styles"] + map + ["── legend"] + legend + (links.isEmpty ? [] : ["── links"] + links))
        .joined(separator: "\n") + "\n"
}

/// A style in words: its attributes, then its colours.
private func describe(_ style: CellStyle) -> String {
    let names: [(TextAttributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"), (.italic, "italic"),
        (.invisible, "invisible"),
    ]
    var words = names.filter { style.attributes.contains($0.0) }.map(\.1)
    func color(_ color: TerminalColor) -> String? {
        switch color {
        case .default: nil
        case .indexed(let index): "\(index)"
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
        }
    }
    if let fg = color(style.foreground) { words.append("foreground \(fg)") }
    if let bg = color(style.background) { words.append("background \(bg)") }
    return words.joined(separator: ", ")
}

/// Compares a state's whole screen, text and styles, with the snapshot `name` in `Screens/`. With
/// `OPENMARKET_RECORD_SCREENS=1` (or when the file is missing) it writes the snapshot instead — a missing
/// one still fails, so CI never passes on a snapshot nobody looked at.
func expectSnapshot(
    _ state: BrowserState, named name: String, images: [ImageCacheKey: CellImage] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = styledScreen(render(state, images: images).0)
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens/\(name).txt")
    let recording = ProcessInfo.processInfo.environment["OPENMARKET_RECORD_SCREENS"] == "1"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        if !recording {
            Issue.record("no snapshot \(name) yet: written to \(file.path); look at it and commit it", sourceLocation: sourceLocation)
        }
        return
    }
    guard actual != expected else { return }
    let diff = lineDiff(
        "screen \(name) differs (OPENMARKET_RECORD_SCREENS=1 records it anew)",
        expected.split(separator: "\n", omittingEmptySubsequences: false),
        actual.split(separator: "\n", omittingEmptySubsequences: false))
    Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
}
