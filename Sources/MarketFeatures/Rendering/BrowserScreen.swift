import Localization
public import ImagePipeline
import OpenMarketAPI
public import TerminalUI

/// Draws the whole browser from its state into a canvas: the title and banner, the list or grid (or
/// the start screen), what is presented over it bottom to top, the status line and the key hints.
/// Pure: pictures are not drawn here but reported as placements, for a picture painter.
public struct BrowserScreen {
    public let state: BrowserState
    public let theme: Theme

    public init(state: BrowserState) {
        self.state = state
        theme = state.customTheme.map { Theme(mode: state.colorMode, ascii: state.ascii, custom: $0) }
            ?? Theme(mode: state.colorMode, ascii: state.ascii, name: state.themeName)
    }

    /// The palette pictures are rendered in for this screen.
    public var palette: PaletteKind { state.palette }

    var context: RenderContext {
        RenderContext(
            theme: theme, spinnerFrame: state.spinnerFrame, canWrite: state.writer != nil, keymap: state.keymap,
            language: state.language, marketURL: state.marketURL, wishes: state.wishes, marks: state.marks,
            writerVendorID: state.writer?.vendorID, lowStock: state.lowStock,
            fresh: Set(state.live.fresh.keys), gone: state.live.gone, looking: state.live.looking,
            about: state.presented.contains { if case .about = $0 { true } else { false } } ? AboutFacts(state) : nil,
            terminalCursor: state.terminalCursor, picturesOff: state.pictureMode == .off)
    }

    /// Draws into `canvas` (reset to blanks of the state's screen size, in its own storage when it can) and returns what it placed besides text:
    /// the pictures, most urgent first, and the boxes over them. With `memo`, the list's items whose inputs are
    /// the last frame's are copied from it, not laid out again (the same cells either way).
    ///
    /// `retaining`: `canvas` holds the last frame drawn with `memo`, its pictures painted as its report said, and
    /// nothing changed since but the state (no picture came or went). Then, while the list is all the screen shows
    /// and stands where it stood, the frame is drawn over the last one: the lines around the list again, and of the
    /// list only the items that changed; the others are reported `kept`, and a painter leaves their pictures alone.
    /// An edit then draws one card, not the screen (the same cells either way: `RetainedFrameTests`).
    public func render(into canvas: inout Canvas, memo: CatalogMemo? = nil, retaining: Bool = false) -> FrameReport {
        let features = state.presented.map(\.feature)
        let beforeFirstPage = state.catalog.isStarting && state.catalog.products.isEmpty
        // Only the list, with nothing over it, is drawn over the last frame: the memo knows where it stood.
        let plain = features.isEmpty && !beforeFirstPage && !state.size.isTooSmall
        if !plain { memo?.drew(nil) }
        let retained = retaining && plain && memo != nil && canvas.width == state.size.columns && canvas.height == state.size.rows
        var report = FrameReport()
        if retained {
            // The lines around the list, and the list, say what they draw again (`line`, `CatalogWidget`).
            canvas.links = []
            canvas.cursor = nil
            report.redrawn = []
        } else {
            canvas.reset(width: state.size.columns, height: state.size.rows)
        }
        if state.size.isTooSmall {
            drawTooSmall(&canvas)
            return report
        }
        let context = self.context
        let layout = state.layout
        // A feature that takes the whole window is all there is (and what is over it).
        if let top = features.lastIndex(where: { $0.coversScreen }) {
            for feature in features[top...] {
                canvas.cursor = nil  // the terminal's cursor is the topmost feature's, if it has a text field
                feature.widget(context).render(canvas.bounds, into: &canvas, report: &report)
            }
            if theme.ascii { canvas.replaceGlyphs(Self.asciiGlyphs) }
            return report
        }
        // Only the topmost feature that takes the whole content area, and what is over it, are drawn.
        let firstDrawn = features.lastIndex { $0.coversContent } ?? -1
        let starting = beforeFirstPage && firstDrawn < 0
        let body = Rect(x: 0, y: layout.header.maxY, width: canvas.width, height: layout.status.y - layout.header.maxY)
        let lines = plain ? memo : nil
        line(TitleBarWidget(state: state, context: context).line(layout.header), in: layout.header, &canvas, lines, &report)
        if retained {
            canvas.fill(layout.banner)
            report.redrawn?.append(layout.banner)
        }
        if !starting { BannerWidget(catalog: state.catalog, context: context).render(layout.banner, into: &canvas, report: &report) }
        if firstDrawn < 0 {
            let base: any Widget =
                starting
                ? StartWidget(catalog: state.catalog, context: context)
                : CatalogWidget(catalog: state.catalog, context: context, memo: memo, retaining: retained, alone: plain)
            base.render(starting ? body : layout.content, into: &canvas, report: &report)
        }
        // The topmost feature's own status line (the search line's), and which feature it is.
        let status = features.indices.reversed().lazy.compactMap { index in features[index].statusLine(context).map { (index, $0) } }.first
        let hints = features.lazy.reversed().compactMap { $0.hints(context) }.first
        let drawn = features.indices[max(0, firstDrawn)...]
        // The terminal's cursor is the topmost feature's, where its widget or its status line (the search line's)
        // put it: a box over a field (a question over the form) has the keys, and a cursor only if it has a field.
        var cursors: [Int: CellPosition] = [:]
        // Screens in the content area first, then the status and hint lines, then boxes over everything.
        for index in drawn where features[index].coversContent {
            canvas.cursor = nil
            features[index].widget(context).render(body, into: &canvas, report: &report)
            if let cursor = canvas.cursor { cursors[index] = cursor }
        }
        canvas.cursor = nil
        if let status {
            status.1.render(layout.status, into: &canvas, report: &report)
        } else {
            line(StatusBarWidget(state: state, context: context).line(layout.status), in: layout.status, &canvas, lines, &report)
        }
        if let owner = status?.0, let cursor = canvas.cursor { cursors[owner] = cursor }
        let hintBar = HintBarWidget(hints: hints ?? HintBarWidget.browsing(state.catalog, context: context), theme: theme)
        line(hintBar.line(layout.hints), in: layout.hints, &canvas, lines, &report)
        for index in drawn where !features[index].coversContent {
            canvas.cursor = nil
            features[index].widget(context).render(canvas.bounds, into: &canvas, report: &report)
            if let cursor = canvas.cursor { cursors[index] = cursor }
        }
        canvas.cursor = features.indices.last.flatMap { cursors[$0] }
        // A link under a box drawn over it (a question, help) is no link: its cells show the box now.
        canvas.links.removeAll { link in
            let cells = Rect(x: link.columns.lowerBound, y: link.y, width: link.columns.count, height: 1)
            return report.covers.contains { let shared = $0.intersection(cells); return shared.width > 0 && shared.height > 0 }
        }
        if theme.ascii { canvas.replaceGlyphs(Self.asciiGlyphs) }
        return report
    }

    /// Draws a line around the list — unless the frame is drawn over the last one (`report.redrawn` says so) and
    /// that drew the same line there (`memo`, given only while the list is drawn with nothing over it).
    func line(_ line: ScreenLine, in area: Rect, _ canvas: inout Canvas, _ memo: CatalogMemo?, _ report: inout FrameReport) {
        defer { memo?.draws(line, in: area, ascii: theme.ascii) }
        if report.redrawn != nil {
            if memo?.drewLine(line, in: area, ascii: theme.ascii) == true { return }
            canvas.fill(area)
            report.redrawn?.append(area)
        }
        line.draw(area, into: &canvas)
    }

    /// One-column ASCII stand-ins for the East Asian "ambiguous" characters the screens use.
    static let asciiGlyphs: [String: String] = [
        "…": ".", "·": "|", "—": "-", "−": "-", "×": "x", "“": "\"", "”": "\"", "▶": ">", "◀": "<", "←": "<",
        "→": ">", "↑": "^", "↓": "v", "⏎": "~", "░": ".", "▏": "_", "│": "|", "─": "-", "┌": "+", "┐": "+",
        "└": "+", "┘": "+",
    ]

    func drawTooSmall(_ canvas: inout Canvas) {
        let language = state.language
        let lines = [
            language.text(.terminalTooSmall),
            language.text(
                .sizeNeeded(
                    columns: state.size.columns, rows: state.size.rows, minimumColumns: ScreenSize.minimum.columns,
                    minimumRows: ScreenSize.minimum.rows)),
            language.text(.quitKey(state.keymap.hint(.quit))),
        ]
        for (i, line) in lines.enumerated() {
            let y = canvas.height / 2 - 1 + i
            let x = max(0, (canvas.width - DisplayWidth.of(line)) / 2)
            canvas.put(line, x: x, y: y, style: i == 0 ? theme.name : theme.plain)
        }
    }
}
