import TerminalUI

/// The status line: a notice, or what is under way with the spinner, or where the selection is; the
/// picture and colour modes on the right.
struct StatusBarWidget: Widget {
    let state: BrowserState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        if let notice = state.notice {
            canvas.put(" " + notice, x: area.x, y: area.y, style: theme.hintKey, maxWidth: area.width)
            return
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
        canvas.put(left, x: area.x, y: area.y, style: theme.muted, maxWidth: area.width)
        // The picture mode, when the terminal offers more than half blocks (without colour: none drawn).
        var right = context.text(state.colorMode.phrase) + " "
        if !state.pictureModes.isEmpty, state.colorMode != .monochrome {
            right = context.text(state.pictureMode.phrase) + " · " + right
        }
        let width = DisplayWidth.of(right)
        if width + DisplayWidth.of(left) + 2 <= area.width {
            canvas.put(right, x: area.maxX - width, y: area.y, style: theme.muted)
        }
    }
}
