import Localization
import Foundation
import OpenMarketAPI
import TerminalUI

/// The detail of one product: the picture drawn large with "2/5", every field, and the description
/// wrapped by display width and scrollable. It takes the whole area below the title.
struct DetailWidget: Widget {
    let detail: DetailState
    let context: RenderContext

    var theme: Theme { context.theme }

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let wide = area.width >= 90
        let pictureArea: Rect
        let textArea: Rect
        if wide {
            let (left, right) = area.insetBy(dx: 1, dy: 0).splitLeft(min(64, area.width * 45 / 100))
            pictureArea = left
            textArea = Rect(x: right.x + 2, y: right.y, width: right.width - 2, height: right.height)
        } else {
            let (top, bottom) = area.splitTop(max(4, area.height * 45 / 100))
            pictureArea = top.insetBy(dx: 1, dy: 0)
            textArea = bottom.insetBy(dx: 1, dy: 0)
        }
        drawPicture(&canvas, pictureArea, report: &report)
        drawText(&canvas, textArea)
    }

    func drawPicture(_ canvas: inout Canvas, _ area: Rect, report: inout FrameReport) {
        let (box, caption) = area.splitBottom(1)
        let url: URL?
        if let images = detail.detail?.images, !images.isEmpty {
            url = images[min(detail.imageIndex, images.count - 1)].url
            let label = "\(theme.ascii ? "<" : "◀") \(detail.imageIndex + 1)/\(images.count) \(theme.ascii ? ">" : "▶")"
            canvas.put(label, x: caption.x + max(0, (caption.width - DisplayWidth.of(label)) / 2), y: caption.y, style: theme.muted)
        } else {
            url = detail.summary?.thumbnailURL
        }
        guard let url, !box.isEmpty else { return }
        context.placePicture(url, in: box, canvas: &canvas, report: &report)
    }

    /// The text column: fields, then the description; scrolled by `detail.scroll` lines.
    func drawText(_ canvas: inout Canvas, _ area: Rect) {
        guard !area.isEmpty else { return }
        let language = context.language
        guard let p = detail.product else {
            // Opened by its number: the number, and how its request is going (nothing else is known yet).
            var lines = [(language.text(.detailLabel(.product)) + " #\(detail.id)", theme.name), ("", theme.plain)]
            lines += requestLines(width: area.width)
            for (offset, (text, style)) in lines.prefix(area.height).enumerated() {
                canvas.put(TerminalText.truncated(text, toWidth: area.width), x: area.x, y: area.y + offset, style: style, maxWidth: area.width)
            }
            return
        }
        var lines: [(String, CellStyle)] = []
        for line in TerminalText.wrapped(p.name, width: area.width) { lines.append((line, theme.name)) }
        lines.append(("", theme.plain))
        // The labels in one column as wide as the widest of them (Korean's are two columns a letter).
        let labelWidth = Phrase.DetailLabel.allCases.map { DisplayWidth.of(language.text(.detailLabel($0))) }.max() ?? 0
        let label = { (name: Phrase.DetailLabel) in TerminalText.padded(language.text(.detailLabel(name)), toWidth: labelWidth + 2) }
        let (pay, original) = ProductText.prices(p)
        lines.append((label(.price) + pay + (original.map { "  " + language.text(.wasPrice($0)) } ?? ""), theme.price))
        lines.append((label(.stock) + language.text(p.stock <= 0 ? .soldOut : .stockCount(p.stock)), p.stock <= 0 ? theme.soldOut : theme.plain))
        // Others looking at it now, as the market counts them (a count, nothing that tells who).
        if let count = context.looking[p.id], count > 1 {
            lines.append((TerminalText.padded("", toWidth: labelWidth + 2) + language.text(.othersLooking(count - 1)), theme.discount))
        }
        let vendor = detail.detail?.vendor.map { TerminalText.sanitized($0.name) } ?? ProductText.vendor(p, in: language)
        lines.append((label(.vendor) + vendor, theme.vendor))
        lines.append((label(.product) + "#\(p.id)  ·  \(p.currency.code)", theme.muted))
        // The link, clickable where the terminal draws hyperlinks (its cells are reported as one).
        let link = ProductText.link(base: context.marketURL, id: p.id)
        let linkLine = link.map { _ in lines.count }
        if let link { lines.append((label(.link) + link, theme.muted)) }
        lines.append(
            (label(.listed) + Self.date(p.createdAt) + "  ·  " + language.text(.updatedOn(Self.date(p.issuedAt))), theme.muted))
        if let count = detail.detail?.images.count { lines.append((label(.pictures) + "\(count)", theme.muted)) }
        lines.append(("", theme.plain))
        lines += requestLines(width: area.width)
        let description = detail.detail?.description ?? p.description
        for line in TerminalText.wrapped(description.isEmpty ? language.text(.noDescription) : description, width: area.width) {
            lines.append((line, theme.plain))
        }
        let maxScroll = max(0, lines.count - area.height)
        let start = min(detail.scroll, maxScroll)
        let more = (theme.ascii ? " v " : " ↓ ") + language.text(.more)
        for (offset, (text, style)) in lines.dropFirst(start).prefix(area.height).enumerated() {
            let isLast = offset == area.height - 1 && start < maxScroll
            let room = isLast ? area.width - DisplayWidth.of(more) : area.width
            let written = canvas.put(TerminalText.truncated(text, toWidth: room), x: area.x, y: area.y + offset, style: style, maxWidth: room)
            if start + offset == linkLine, let link {
                let from = area.x + labelWidth + 2
                if let hyperlink = Hyperlink(url: link, y: area.y + offset, columns: from..<(area.x + written)) {
                    canvas.links.append(hyperlink)
                }
            }
            if isLast { canvas.put(more, x: area.maxX - DisplayWidth.of(more), y: area.y + offset, style: theme.hintKey) }
        }
    }

    /// "Loading details…", or why the request failed and the key that asks again.
    func requestLines(width: Int) -> [(String, CellStyle)] {
        if detail.isLoading { return [(context.text(.loadingDetails), theme.muted)] }
        guard let error = detail.error else { return [] }
        let text = context.text(.detailError(error, retryKey: context.keymap.hint(.reload)))
        return TerminalText.wrapped(text, width: width).map { ($0, theme.error) }
    }

    static func date(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
    }
}

extension DetailState {
    func widget(_ context: RenderContext) -> any Widget { DetailWidget(detail: self, context: context) }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        let keys = context.keymap
        return [
            context.hint(keys.hint(.picturePrevious) + keys.hint(.pictureNext), .picture),
            context.hint(keys.hint(.pictureWindow), .zoom),
            context.hint(keys.hint(.scrollUp) + keys.hint(.scrollDown), .scroll), context.hint(keys.hint(.reload), .reload),
        ]
            + (context.canWrite ? [context.hint(keys.hint(.edit), .edit), context.hint(keys.hint(.delete), .delete)] : [])
            // Colours (c) are in help: the picture window's key is worth the room at 80 columns.
            + [context.hint(keys.hint(.help), .help), context.hint(keys.hint(.back), .back)]
    }
}
