import ImagePipeline
import TerminalPictures
import TerminalUI
import Testing

@testable import MarketFeatures

/// Renders a state and compares its lines, printing a line-by-line diff when they differ.
func expectScreen(
    _ state: BrowserState, images: [ImageCacheKey: CellImage] = [:], ascii: Bool = false, _ expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = render(state, images: images, ascii: ascii).0.trimmedLines()
    if actual != expected {
        Issue.record(Comment(rawValue: lineDiff("screen differs", expected, actual)), sourceLocation: sourceLocation)
    }
}

/// Two screens line by line, under `title`: equal lines once, differing ones as `- expected` / `+ actual`.
func lineDiff(_ title: String, _ expected: [some StringProtocol], _ actual: [some StringProtocol]) -> String {
    var diff = [title + " (- expected, + actual):"]
    for i in 0..<max(actual.count, expected.count) {
        let a = i < actual.count ? String(actual[i]) : "<none>"
        let e = i < expected.count ? String(expected[i]) : "<none>"
        diff.append(a == e ? "  \(a)" : "- \(e)\n+ \(a)")
    }
    return diff.joined(separator: "\n")
}

/// The rendered canvas of a state.
func render(_ state: BrowserState, images: [ImageCacheKey: CellImage] = [:], ascii: Bool = false) -> (Canvas, [ImageCacheKey]) {
    var canvas = Canvas(width: 0, height: 0)
    var state = state
    if ascii { state.ascii = true }
    let screen = BrowserScreen(state: state)
    let report = screen.render(into: &canvas)
    let painter = HalfBlockPainter(images: images, palette: screen.palette)
    painter.paint(report, into: &canvas)
    return (canvas, painter.keys(for: report))
}
