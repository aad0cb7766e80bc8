import TerminalUI

/// The picture on the whole window but its last line, which says whose picture it is, which of how many,
/// and the keys: `Blue Mug · 2/5 · ←→ pictures · Esc back`.
struct PictureWindowWidget: Widget {
    let window: PictureWindowState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        let (box, caption) = area.splitBottom(1)
        canvas.fill(area)
        if let url = window.picture, !box.isEmpty {
            context.placePicture(url, in: box, canvas: &canvas, report: &report)
        }
        let keymap = context.keymap
        var parts = [TerminalText.sanitized(window.name)]
        if window.pictures.count > 1 {
            parts.append("\(window.index + 1)/\(window.pictures.count)")
            parts.append(keymap.label([.picturePrevious, .pictureNext]).split(separator: " ").prefix(2).joined(separator: " ") + " " + context.text(.hint(.picture)))
        }
        parts.append(keymap.hint(.back) + " " + context.text(.hint(.back)))
        let line = " " + parts.joined(separator: "  ·  ")
        canvas.put(line, x: caption.x, y: caption.y, style: theme.muted, maxWidth: caption.width)
    }
}
