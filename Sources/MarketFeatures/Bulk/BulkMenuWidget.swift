import TerminalUI

/// The menu of bulk changes in a box over the middle of the list: its title names how many are marked, each
/// choice its number; the highlighted one in reverse video.
struct BulkMenuWidget: Widget {
    let menu: BulkState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        let title = context.text(.bulk(.menuTitle(count: menu.count)))
        let choices = BulkState.Choice.allCases.enumerated().map { index, choice in "\(index + 1)  " + context.text(.bulk(choice.phrase)) }
        let widest = ([title] + choices).map { DisplayWidth.of($0) }.max() ?? 0
        let width = min(area.width, widest + 6)
        let height = min(area.height, choices.count + 3)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 2), width: width, height: height)
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        canvas.put(title, x: box.x + 2, y: box.y + 1, style: theme.name, maxWidth: box.width - 4)
        for (index, line) in choices.enumerated() where box.y + 2 + index < box.maxY - 1 {
            let y = box.y + 2 + index
            canvas.put(line, x: box.x + 2, y: y, style: theme.plain, maxWidth: box.width - 4)
            if index == menu.highlighted {
                canvas.restyle(Rect(x: box.x + 1, y: y, width: box.width - 2, height: 1)) { $0.attributes.insert(.reverse) }
            }
        }
    }
}
