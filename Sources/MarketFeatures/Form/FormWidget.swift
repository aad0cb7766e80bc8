import Localization
import Foundation
import OpenMarketAPI
import TerminalPictures
import TerminalUI
import MarketWords

/// Draws the product form: a title, the summary of what needs fixing, each field with its message
/// beside it, and the Save button.
struct FormWidget: Widget {
    let form: ProductFormState
    let context: RenderContext
    let labelWidth = 13
    /// The widest note beside a field: a space and the description's "0/1000".
    static let sideNoteWidth = 7

    var theme: Theme { context.theme }

    /// The most rows the fields take (five pictures' previews, a message under each field, and more).
    static let sheetRows = 64

    /// The title and what needs attention stay at the top; the fields are drawn whole on a sheet and the rows
    /// holding the focused one are shown, so a window too short for the form scrolls to the field being typed
    /// in (arrows above the fields say there is more above or below).
    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        canvas.fill(area)
        let top = drawHeader(&canvas, area) + 1
        let body = Rect(x: area.x, y: top, width: area.width, height: max(0, area.maxY - top))
        guard body.height > 0 else { return }
        var sheet = Canvas(width: canvas.width, height: Self.sheetRows)
        var drawn = FrameReport()
        let (rows, focused) = drawFields(into: &sheet, x: area.x + 1, width: area.width - 2, fit: body.height, report: &drawn)
        let offset = Self.offset(showing: focused, of: rows, in: body.height)
        canvas.blit(sheet, x: 0, y: body.y - offset, clip: body)
        for picture in drawn.pictures {
            report.pictures.append(picture.offsetBy(dx: 0, dy: body.y - offset, clip: body))
        }
        // On the blank row above the fields, where no field's note can be under it.
        let marks = (offset > 0 ? (theme.ascii ? "^" : "↑") : "") + (offset + body.height < rows ? (theme.ascii ? "v" : "↓") : "")
        canvas.put(marks, x: area.maxX - 1 - DisplayWidth.of(marks), y: top - 1, style: theme.hint)
    }

    /// The first of `rows` rows to show in `height`: none scrolled while they fit, else the least scroll that
    /// shows the whole of the `focused` rows (their top, when they are taller than the window).
    static func offset(showing focused: Range<Int>?, of rows: Int, in height: Int) -> Int {
        guard rows > height, let focused else { return 0 }
        return max(0, min(focused.upperBound - height, focused.lowerBound, rows - height))
    }

    /// Each field with its message under it, from row 0 of `sheet`; `fit` is the rows the window gives them
    /// (the description is as tall as they allow). Returns the rows drawn and those of the focused field.
    func drawFields(
        into sheet: inout Canvas, x: Int, width: Int, fit: Int, report: inout FrameReport
    ) -> (rows: Int, focused: Range<Int>?) {
        var y = 0
        var focusedRows: Range<Int>?
        let fieldX = x + labelWidth
        // Room on the right for the notes beside a field (the description's " 0/1000").
        let fieldWidth = max(10, min(60, width - labelWidth - Self.sideNoteWidth))
        for field in form.shownFields where y < sheet.height - 1 {
            let focused = form.focus == field
            let first = y
            if field != .submit {
                sheet.put(context.text(field.phrase), x: x, y: y, style: focused ? theme.hintKey : theme.vendor, maxWidth: labelWidth - 1)
            }
            switch field {
            case .name: drawLine(&sheet, form.name, x: fieldX, y: y, width: fieldWidth, focused: focused)
            case .price: drawLine(&sheet, form.price, x: fieldX, y: y, width: 16, focused: focused)
            case .discount: drawLine(&sheet, form.discount, x: fieldX, y: y, width: 16, focused: focused)
            case .stock: drawLine(&sheet, form.stock, x: fieldX, y: y, width: 10, focused: focused)
            case .description:
                let rows = max(2, min(6, fit - y - (form.isRegistration || !form.images.isEmpty ? 20 : 12)))
                drawText(&sheet, form.description, x: fieldX, y: y, width: fieldWidth, rows: rows, focused: focused)
                y += rows - 1
            case .currency: drawCurrency(&sheet, x: fieldX, y: y, focused: focused)
            case .thumbnail: y = drawThumbnails(&sheet, x: fieldX, y: y, maxY: sheet.height, focused: focused, report: &report)
            case .pictures: y = drawPictures(&sheet, x: fieldX, y: y, width: fieldWidth, focused: focused) - 1
            case .submit:
                y += 1
                drawSubmit(&sheet, x: fieldX, y: y, maxX: x + width + 1, focused: focused)
            }
            y += 1
            if let message = form.message(for: field, in: context.language) {
                sheet.put(message, x: fieldX, y: y, style: CellStyle(foreground: theme.error.background, attributes: .bold), maxWidth: width - labelWidth)
                y += 1
            }
            if focused { focusedRows = first..<y }
        }
        return (min(y, sheet.height), focusedRows)
    }

    /// The title, and the line of what needs attention (the server's refusal, or the broken rules); returns the
    /// row after them.
    func drawHeader(_ canvas: inout Canvas, _ area: Rect) -> Int {
        var y = area.y
        let title = context.text(form.productID.map { .editTitle(id: $0) } ?? .registerTitle)
        canvas.put(title, x: area.x + 1, y: y, style: theme.name, maxWidth: area.width - 2)
        y += 1
        let messages = form.shownMessages(in: context.language)
        if let serverError = form.serverError {
            canvas.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: theme.error)
            canvas.put(TerminalText.truncated(" ! " + serverError, toWidth: area.width), x: area.x, y: y, style: theme.error)
            y += 1
        } else if !messages.isEmpty {
            let summary = context.text(.fieldsNeedAttention(messages.count))
            canvas.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: theme.error)
            canvas.put(
                TerminalText.truncated(" ! \(summary): " + messages.joined(separator: " "), toWidth: area.width), x: area.x, y: y,
                style: theme.error)
            y += 1
        }
        return y
    }

    /// The two currencies, the chosen one marked.
    func drawCurrency(_ canvas: inout Canvas, x: Int, y: Int, focused: Bool) {
        var cx = x
        for option in [Currency.krw, .usd] {
            let chosen = form.currency == option
            let label = chosen ? "(•) \(option.code)" : "( ) \(option.code)"
            let style = chosen && focused ? CellStyle(attributes: [.reverse, .bold]) : (chosen ? theme.name : theme.plain)
            cx += canvas.put(label, x: cx, y: y, style: style) + 2
        }
        if focused { canvas.put(context.text(.changeWithArrows), x: cx + 1, y: y, style: theme.hint) }
    }

    /// The product's pictures (they cannot be changed), the one lists show marked; returns the section's last row.
    /// Only their part above `maxY` shows.
    func drawThumbnails(_ canvas: inout Canvas, x: Int, y top: Int, maxY: Int, focused: Bool, report: inout FrameReport) -> Int {
        if focused { canvas.put(context.text(.thumbnailChooser), x: x, y: top, style: theme.hint) }
        let y = top + 1
        for (i, image) in form.images.enumerated() {
            let px = x + i * 12
            guard px + 12 <= canvas.width else { break }
            canvas.put(theme.ascii ? "." : "░", x: px + 5, y: y + 2, style: theme.muted)
            let frame = Rect(x: px, y: y, width: ProductFormState.previewColumns, height: ProductFormState.previewRows)
            let shown = Rect(x: frame.x, y: frame.y, width: frame.width, height: max(0, min(frame.height, maxY - frame.y)))
            if shown.height > 0 { report.place(image.thumbnailURL, in: frame, visible: shown) }
            let chosen = image.id == form.thumbnailID
            let label = chosen ? context.text(.thumbnailMark(i + 1)) : " \(i + 1) "
            canvas.put(label, x: px, y: y + 4, style: chosen && focused ? CellStyle(attributes: [.reverse, .bold]) : (chosen ? theme.name : theme.plain))
        }
        return y + 4
    }

    /// The button (or the upload's progress while saving) and the keys that save and cancel.
    func drawSubmit(_ canvas: inout Canvas, x: Int, y: Int, maxX: Int, focused: Bool) {
        let label: String
        if form.isSubmitting {
            if let progress = form.progress, progress.total > 0 {
                label = "[ " + context.text(.uploadingPercent(progress.sent * 100 / progress.total)) + " ]"
            } else {
                label = "[ " + context.spinner + " " + context.text(.savingButton) + " ]"
            }
        } else {
            label = "[ " + context.text(form.isRegistration ? .registerButton : .saveButton) + " ]"
        }
        canvas.put(label, x: x, y: y, style: focused ? CellStyle(attributes: [.reverse, .bold]) : theme.name)
        let keys = context.text(
            .submitHint(saveKey: context.keymap.label([.formSubmit]), cancelKey: context.keymap.label([.formCancel])))
        let hintX = x + DisplayWidth.of(label) + 3
        canvas.put(keys, x: hintX, y: y, style: theme.hint, maxWidth: max(0, maxX - hintX))
    }

    /// The pictures of a registration: the path field, completions, a message, and a preview of each.
    /// Returns the row after the section.
    func drawPictures(_ canvas: inout Canvas, x: Int, y: Int, width: Int, focused: Bool) -> Int {
        var y = y
        drawLine(&canvas, form.picturePath, x: x, y: y, width: width, focused: focused && (form.picturePath.text.isEmpty == false || form.pictures.isEmpty))
        // The count always, then as many of the keys as fit whole (none at 80 columns).
        var hint = "\(form.pictures.count)/\(ProductRules.pictureCount.upperBound)"
        let room = canvas.width - (x + width + 1)
        for keys in Phrase.PictureKey.allCases.map({ context.text(.pictureKeys($0)) }) {
            guard DisplayWidth.of(hint + " · " + keys) <= room else { break }
            hint += " · " + keys
        }
        canvas.put(hint, x: x + width + 1, y: y, style: theme.hint)
        y += 1
        if !form.completions.isEmpty {
            let names = form.completions.map { ($0 as NSString).lastPathComponent }.joined(separator: "  ")
            canvas.put(TerminalText.truncated(names, toWidth: width), x: x, y: y, style: theme.muted)
            y += 1
        }
        if let message = form.pictureMessage {
            canvas.put(TerminalText.truncated(context.text(message), toWidth: canvas.width - x - 1), x: x, y: y, style: theme.discount)
            y += 1
        } else if !form.loadingPictures.isEmpty {
            canvas.put(context.text(.readingPictures(form.loadingPictures.count)), x: x, y: y, style: theme.muted)
            y += 1
        }
        guard !form.pictures.isEmpty else { return y }
        let cell = 12
        for (i, picture) in form.pictures.enumerated() {
            let px = x + i * cell
            guard px + cell <= canvas.width else { break }
            if let preview = picture.preview {
                // The picture read from disk, rendered when it was added (not a product picture to place).
                let columns = ProductFormState.previewColumns
                let rows = ProductFormState.previewRows
                canvas.draw(preview, x: px + (columns - preview.columns) / 2, y: y + (rows - preview.rows) / 2)
            }
            let selected = focused && form.picturePath.text.isEmpty && i == form.selectedPicture
            let caption = TerminalText.truncated("\(i + 1) " + TerminalText.sanitized(picture.filename), toWidth: 10)
            canvas.put(caption, x: px, y: y + 4, style: selected ? CellStyle(attributes: [.reverse, .bold]) : theme.plain)
            let size = ProductFormState.size(picture.upload.bytes.count) + (picture.upload.wasShrunk ? "*" : "")
            canvas.put(size, x: px, y: y + 5, style: theme.muted)
        }
        return y + 6
    }

    /// A one-line field: an underlined input area with the cursor in reverse video.
    func drawLine(_ canvas: inout Canvas, _ editor: TextFieldEditor, x: Int, y: Int, width: Int, focused: Bool) {
        let (text, cursor) = editor.visible(width: width)
        canvas.put(TerminalText.padded(text, toWidth: width), x: x, y: y, style: CellStyle(attributes: .underline), maxWidth: width)
        if focused { canvas.placeTextCursor(x: x + cursor, y: y, context: context) }
    }

    /// The multi-line description: wrapped by display width, scrolled to the cursor.
    func drawText(_ canvas: inout Canvas, _ editor: TextFieldEditor, x: Int, y: Int, width: Int, rows: Int, focused: Bool) {
        var lines: [(start: Int, text: String)] = [(0, "")]
        var column = 0
        var cursorLine = 0
        var cursorColumn = 0
        for (index, character) in editor.characters.enumerated() {
            if index == editor.cursor {
                cursorLine = lines.count - 1
                cursorColumn = column
            }
            if character == "\n" {
                lines.append((index + 1, ""))
                column = 0
                continue
            }
            let w = DisplayWidth.of(character)
            if column + w > width {
                lines.append((index, ""))
                column = 0
            }
            lines[lines.count - 1].text.append(character)
            column += w
        }
        if editor.cursor == editor.characters.count {
            cursorLine = lines.count - 1
            cursorColumn = column
        }
        let first = max(0, min(cursorLine - rows + 1, lines.count - rows))
        for row in 0..<rows {
            let text = first + row < lines.count ? lines[first + row].text : ""
            canvas.put(TerminalText.padded(text, toWidth: width), x: x, y: y + row, style: CellStyle(attributes: .underline), maxWidth: width)
        }
        if focused, cursorLine - first < rows {
            canvas.placeTextCursor(x: x + min(cursorColumn, width - 1), y: y + cursorLine - first, context: context)
        }
        let count = "\(editor.characters.count)/\(ProductRules.descriptionLength.upperBound)"
        canvas.put(count, x: x + width + 1, y: y + rows - 1, style: theme.hint)
    }

}

extension ProductFormState {
    func widget(_ context: RenderContext) -> any Widget { FormWidget(form: self, context: context) }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        [
            context.hint("Tab ↑↓", .field), context.hint("←→", .cursor), context.hint(context.keymap.label([.formSubmit]), .save),
            context.hint(context.keymap.hint(.formCancel), .cancel),
        ]
    }
}
