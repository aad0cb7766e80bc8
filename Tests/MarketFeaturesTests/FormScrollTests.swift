import TerminalUI
import Testing

@testable import MarketFeatures

/// The form in a window too short for it: the title stays, the fields scroll to the focused one.
@Suite("The form scrolls to the focused field")
struct FormScrollTests {
    /// The edit form of product 100 (three pictures) at 60×16, focused on `focus`: its screen and its pictures.
    func shown(focus: ProductFormState.Field) -> (lines: [String], pictures: [PicturePlacement]) {
        var state = Samples.loaded(size: ScreenSize(columns: 60, rows: 16))
        var form = ProductFormState(editing: Samples.product(100), images: Samples.detail(100).images)
        form.focus = focus
        state.presented = [.form(form)]
        var canvas = Canvas(width: 1, height: 1)
        let report = BrowserScreen(state: state).render(into: &canvas)
        return (canvas.trimmedLines(), report.pictures)
    }

    @Test("on the first field nothing moves; an arrow says more is below and the pictures are cut at the status line")
    func top() {
        let (lines, pictures) = shown(focus: .name)
        #expect(Array(lines[1...4]) == [" Edit product #100", "                                                          ↓", " Name         Product 100", " Description  A fine thing."])
        #expect(pictures.map(\.frame.y) == [11, 11, 11] && pictures.map(\.visible.height) == [3, 3, 3])
    }

    @Test("on Save the fields have moved up to show the button and its keys, the title stays, the arrow says more is above; the pictures move with them, whole")
    func bottom() {
        let (lines, pictures) = shown(focus: .submit)
        #expect(Array(lines[1...3]) == [" Edit product #100", "                                                          ↑", " Discount     0"])
        #expect(lines[13] == "              [ Save ]   Ctrl-S saves from any field · Esc c")
        #expect(!lines.contains { $0.hasPrefix(" Name") })
        #expect(pictures.map(\.frame.y) == [7, 7, 7] && pictures.map(\.visible.height) == [4, 4, 4])
    }

    @Test("in between, the focused field is shown whole at the bottom, with more both ways")
    func middle() {
        let (lines, pictures) = shown(focus: .thumbnail)
        #expect(lines[2] == "                                                         ↑↓")
        #expect(lines[8] == " Thumbnail    ←→ chooses the picture lists show" && lines[13] == "              [1] thumb    2           3")
        #expect(pictures.map(\.visible.height) == [4, 4, 4])
    }

    @Test("the least scroll that shows the focused rows whole: none while everything fits, their top when they are taller than the window")
    func offsets() {
        #expect(FormWidget.offset(showing: 20..<22, of: 12, in: 12) == 0)
        #expect(FormWidget.offset(showing: 0..<1, of: 30, in: 12) == 0)
        #expect(FormWidget.offset(showing: 14..<16, of: 30, in: 12) == 4)
        #expect(FormWidget.offset(showing: 26..<30, of: 30, in: 12) == 18)
        #expect(FormWidget.offset(showing: 10..<28, of: 30, in: 12) == 10)
        #expect(FormWidget.offset(showing: nil, of: 30, in: 12) == 0)
    }
}
