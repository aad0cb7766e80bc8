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
        var diff = ["screen differs (- expected, + actual):"]
        for i in 0..<max(actual.count, expected.count) {
            let a = i < actual.count ? actual[i] : "<none>"
            let e = i < expected.count ? expected[i] : "<none>"
            diff.append(a == e ? "  \(a)" : "- \(e)\n+ \(a)")
        }
        Issue.record(Comment(rawValue: diff.joined(separator: "\n")), sourceLocation: sourceLocation)
    }
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
