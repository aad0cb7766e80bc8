import TerminalUI

/// The status line: a notice, or what is under way with the spinner, or where the selection is; the
/// picture and colour modes on the right.
struct StatusBarWidget: Widget {
    let state: BrowserState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        line(area).draw(area, into: &canvas)
    }

    /// The line as drawn in `area`.
    func line(_ area: Rect) -> ScreenLine {
        let theme = context.theme
        var line = ScreenLine()
        if let notice = state.notice {
            line.put(" " + notice, x: area.x, style: theme.hintKey, maxWidth: area.width)
            return line
        }
        let catalog = state.catalog
        var left = " "
        // The poll for new products is silent: it says something only when it finds some (the banner).
        if let run = state.bulkRun {
            left += context.spinner + " " + context.text(run.progress)
        } else if let activity = state.activity {
            left += context.spinner + " " + context.text(activity.phrase)
        } else if let product = catalog.selectedProduct, state.detail == nil {
            left += context.text(
                .position(index: catalog.selectedIndex + 1, count: catalog.products.count, more: catalog.hasNext, id: product.id))
            if !state.marks.isEmpty { left += "  ·  " + context.text(.bulk(.markedCount(state.marks.count))) }
            if catalog.isArranged {
                left += "  ·  " + context.text(
                    .arrangement(
                        catalog.order.phrase, inStockOnly: catalog.filter.inStockOnly,
                        priceRange: catalog.filter.priceRange.map { TerminalText.sanitized($0.formatted) },
                        loadedOnly: catalog.serverArranges != true))
            }
            // How a search was ranked, unless the list is in an order asked for (said above).
            switch catalog.listedQuery == nil || catalog.isArranged ? nil : catalog.searchRanking {
            case .bestMatch?: left += "  ·  " + context.text(.rankedBestMatch)
            case .substring?: left += "  ·  " + context.text(.rankedSubstring)
            case .sorted?, nil: break
            }
        }
        line.put(left, x: area.x, style: theme.muted, maxWidth: area.width)
        // The picture mode, when the terminal offers more than half blocks (without colour: none drawn).
        var right = context.text(state.colorMode.phrase) + " "
        if !state.pictureModes.isEmpty, state.colorMode != .monochrome {
            right = context.text(state.pictureMode.phrase) + " · " + right
        }
        let width = DisplayWidth.of(right)
        if width + DisplayWidth.of(left) + 2 <= area.width {
            line.put(right, x: area.maxX - width, style: theme.muted)
        }
        return line
    }
}
