import Foundation
import ImageCodec
import ImagePipeline
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("Edit form")
struct ProductFormTests {
    var product: ProductSummary { Samples.product(7, name: "Blue Mug", price: 12000, discount: 1000, description: "A sturdy mug.") }

    func type(_ text: String, into form: inout ProductFormState) {
        for c in text { _ = form.handle(.character(c)) }
    }

    @Test("the field editor: wide characters, cursor keys, Ctrl-A/E/W/U/K, Backspace, Delete")
    func editor() {
        var field = TextFieldEditor("파란 우산")
        #expect(field.cursor == 5)
        _ = field.handle(.left)
        _ = field.handle(.backspace)
        #expect(field.text == "파란 산" && field.cursor == 3)
        _ = field.handle(.control("a"))
        _ = field.handle(.delete)
        #expect(field.text == "란 산" && field.cursor == 0)
        _ = field.handle(.control("e"))
        _ = field.handle(.paste("멋진 머그컵"))
        #expect(field.text == "란 산멋진 머그컵")
        _ = field.handle(.control("w"))
        #expect(field.text == "란 산멋진 ")
        _ = field.handle(.left)
        _ = field.handle(.control("k"))
        #expect(field.text == "란 산멋진")
        _ = field.handle(.control("u"))
        #expect(field.text.isEmpty)
        #expect(field.handle(.tab) == false, "Tab belongs to the form")
    }

    @Test("pasting control characters or newlines into a one-line field keeps only text")
    func pasteIntoOneLine() {
        var field = TextFieldEditor("", limit: 20)
        _ = field.handle(.paste("a\nb\u{1B}[31mc\td"))
        #expect(field.text == "a b[31mc d")
        var short = TextFieldEditor("", limit: 4)
        _ = short.handle(.paste("abcdefgh"))
        #expect(short.text == "abcd", "the limit cuts the paste")
        var many = TextFieldEditor("", multiline: true)
        _ = many.handle(.paste("one\r\ntwo\u{07}"))
        #expect(many.text == "one\ntwo")
        _ = many.handle(.enter)
        #expect(many.text == "one\ntwo\n")
    }

    @Test("the visible part of a long one-line field keeps the cursor inside, by display width")
    func scrolling() {
        var field = TextFieldEditor(String(repeating: "가", count: 30))
        var view = field.visible(width: 10)
        #expect(DisplayWidth.of(view.text) <= 10 && view.cursorColumn <= 9)
        _ = field.handle(.home)
        view = field.visible(width: 10)
        #expect(view.cursorColumn == 0 && view.text.hasPrefix("가"))
    }

    @Test("a rule is checked as you type only once the field was left; all are checked on submit")
    func validationTiming() {
        var form = ProductFormState(editing: product)
        _ = form.handle(.control("u"))
        type("ab", into: &form)
        #expect(form.message(for: .name) == nil, "not left yet")
        _ = form.handle(.tab)
        #expect(form.message(for: .name) == "Name must be 3–100 characters (now 2).")
        _ = form.handle(.backTab)
        type("c", into: &form)
        #expect(form.message(for: .name) == nil, "fixed while typing")

        var other = ProductFormState(editing: product)
        other.focus = .price
        _ = other.handle(.control("u"))
        type("abc", into: &other)
        other.focus = .discount
        #expect(other.message(for: .price) == nil)
        #expect(other.handle(.control("s")) == [], "refused while invalid")
        #expect(other.message(for: .price) == "Price must be a number of 0 or more.")
        #expect(other.shownMessages == ["Price must be a number of 0 or more."])
    }

    @Test("only changed fields are sent; the answer closes the form")
    func submitChanges() {
        var form = ProductFormState(editing: product)
        form.focus = .price
        _ = form.handle(.control("u"))
        type("15,000", into: &form)
        var tester = FormTester(form: form)
        tester.send(.control("s"), effects: [.submitUpdate(id: 7, changes: ProductChanges(price: 15000))]) {
            $0.triedSubmit = true
            $0.phase = .submitting(progress: nil)
        }
        #expect(tester.state.isSubmitting)
        tester.send(.character("x"))  // keys wait while saving
        var answered = tester.state
        #expect(answered.submitted(.success(Samples.detail(7))) == [.close(saved: Samples.detail(7))])
        #expect(answered.phase == .editing)
    }

    @Test("a refused save keeps everything typed and shows the server's message")
    func refused() {
        var form = ProductFormState(editing: product)
        form.focus = .stock
        _ = form.handle(.control("u"))
        type("9", into: &form)
        var tester = FormTester(form: form)
        tester.send(.control("s"), effects: [.submitUpdate(id: 7, changes: ProductChanges(stock: 9))]) {
            $0.triedSubmit = true
            $0.phase = .submitting(progress: nil)
        }
        var refused = tester.state
        #expect(refused.submitted(.failure(BrowserFailure("The server refused: secret is wrong for this vendor (403)."))) == [])
        var expected = tester.state
        expected.phase = .failed(message: "The server refused: secret is wrong for this vendor (403).")
        #expect(refused == expected, "everything typed stays; only the phase changed")
        #expect(refused.serverError?.contains("403") == true)
        #expect(refused.stock.text == "9" && !refused.isSubmitting && refused.isDirty)
        // The next key is typed, and the message goes.
        tester = FormTester(form: refused)
        tester.send(.character("0")) {
            $0.phase = .editing
            $0.stock = TextFieldEditor("90", limit: 9)
        }
    }

    @Test("Esc with changes asks to discard them; without changes it just closes")
    func discardGuard() {
        var clean = FormTester(form: ProductFormState(editing: product))
        clean.send(.escape, effects: [.close(saved: nil)])
        var form = ProductFormState(editing: product)
        type("!", into: &form)
        var dirty = FormTester(form: form)
        dirty.send(.escape, effects: [.askToDiscard])  // asking keeps what was typed: nothing changes
        #expect(dirty.state.presentationAction(.askToDiscard, palette: .xterm256) == .present(.confirmation(Confirmation(action: .discardChanges))))
        #expect(dirty.state.name.text == "Blue Mug!", "asking keeps what was typed")
    }

    @Test("currency toggles; Tab skips the thumbnail chooser when there is only one picture")
    func selectors() {
        var form = ProductFormState(editing: product, images: Samples.detail(7, pictures: 1).images)
        var order: [ProductFormState.Field] = []
        for _ in 0..<7 {
            order.append(form.focus)
            _ = form.handle(.tab)
        }
        #expect(order == [.name, .description, .price, .discount, .stock, .currency, .submit])
        form.focus = .currency
        _ = form.handle(.right)
        #expect(form.currency == .usd)
        var withPictures = ProductFormState(editing: product, images: Samples.detail(7, pictures: 3).images)
        withPictures.focus = .thumbnail
        _ = withPictures.handle(.right)
        #expect(withPictures.thumbnailID == 2)
        #expect(withPictures.handle(.control("s")) == [.submitUpdate(id: 7, changes: ProductChanges(thumbnailID: 2))])
    }

    @Test("browser: e on one's own product opens the form; saving updates the list; another's says why not")
    func browser() {
        var state = Samples.loaded()
        state.writer = WriterIdentity(vendorID: 1)
        #expect(state.handle(.keyPressed(.character("e"))) == [.loadFormImages(id: 100)], "the list has no pictures")
        #expect(state.form?.productID == 100)
        _ = state.handle(.presented(.form(.edit(productID: 100), .imagesLoaded(.success(Samples.detail(100, pictures: 3))))))
        #expect(state.form?.images.count == 3 && state.form?.thumbnailID == 1)
        #expect(state.form?.isDirty == false, "pictures arriving change nothing")
        state.form?.focus = .price
        _ = state.handle(.keyPressed(.control("u")))
        for c in "999" { _ = state.handle(.keyPressed(.character(c))) }
        let effects = state.handle(.keyPressed(.control("s")))
        #expect(effects == [.updateProduct(id: 100, changes: ProductChanges(price: 999))])
        var saved = Samples.detail(100)
        saved.price = Price(999)
        saved.bargainPrice = Price(999)
        _ = state.handle(.presented(.form(.edit(productID: 100), .submitted(.success(saved)))))
        #expect(state.form == nil)
        #expect(state.catalog.products[0].price == Price(999))
        #expect(state.notice == "Saved “Product 100”.")

        state.writer = WriterIdentity(vendorID: 2)
        _ = state.handle(.keyPressed(.character("e")))
        #expect(state.form == nil && state.notice?.contains("only its vendor can edit it") == true)
    }

    @Test("editing shows the product's pictures (asked for through the image cache) and marks the thumbnail")
    func pictures() {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 34))
        state.writer = WriterIdentity(vendorID: 1)
        _ = state.handle(.keyPressed(.character("e")))
        _ = state.handle(.presented(.form(.edit(productID: 100), .imagesLoaded(.success(Samples.detail(100, pictures: 3))))))
        let (canvas, wanted) = render(state)
        #expect(wanted.map(\.url.absoluteString) == ["http://m.test/100/1t.jpg", "http://m.test/100/2t.jpg", "http://m.test/100/3t.jpg"])
        #expect(canvas.trimmedLines().contains { $0.contains("[1] thumb") })
    }

    @Test("the form on the Canvas: fields, the message beside the field, the summary at the top")
    func rendering() {
        var state = Samples.loaded(size: ScreenSize(columns: 80, rows: 30))
        state.writer = WriterIdentity(vendorID: 1)
        _ = state.handle(.keyPressed(.character("e")))
        _ = state.handle(.keyPressed(.control("u")))
        _ = state.handle(.keyPressed(.character("한")))
        _ = state.handle(.keyPressed(.tab))
        let lines = render(state).0.trimmedLines()
        #expect(lines[1] == " Edit product #100")
        #expect(lines[2] == " ! 1 field needs attention: Name must be 3–100 characters (now 1).")
        #expect(lines[4] == " Name         한")
        #expect(lines[5] == "              Name must be 3–100 characters (now 1).")
        #expect(lines.contains { $0.hasPrefix(" Price        12000") })
        #expect(lines.contains { $0.contains("[ Save ]") })
        #expect(lines.last?.contains("Ctrl-S save") == true)
    }
}

@Suite("Register form")
struct RegisterFormTests {
    static func picture(_ path: String, bytes: Int = 2048, shrunkFrom original: Int? = nil) -> ProductFormState.Picture {
        ProductFormState.Picture(
            path: path,
            upload: PreparedUpload(
                bytes: Array(repeating: 0, count: bytes), format: .jpeg, originalSize: original ?? bytes, width: 64,
                height: 48, wasShrunk: original != nil),
            preview: nil)
    }

    func filled() -> ProductFormState {
        var form = ProductFormState(registering: .krw)
        for (field, text) in [(ProductFormState.Field.name, "Tea Cup"), (.description, "A lovely cup for two."), (.price, "12000")] {
            form.focus = field
            for c in text { _ = form.handle(.character(c)) }
        }
        form.focus = .pictures
        return form
    }

    @Test("Enter in the pictures field asks for the file; the picture joins with its sizes; the path clears")
    func addPicture() {
        var form = filled()
        for c in "/tmp/a.jpg" { _ = form.handle(.character(c)) }
        #expect(form.handle(.enter) == [.preparePicture(path: "/tmp/a.jpg")])
        #expect(form.loadingPictures == ["/tmp/a.jpg"])
        form.pictureLoaded(path: "/tmp/a.jpg", .success(Self.picture("/tmp/a.jpg", bytes: 280_000, shrunkFrom: 20_000_000)))
        #expect(form.pictures.count == 1 && form.picturePath.text.isEmpty)
        #expect(form.pictureMessage == "a.jpg: 19.1 MB → 273 KB (shrunk to 64×48)")
    }

    @Test("a file that cannot be used keeps the typed path and says why")
    func badPicture() {
        var form = filled()
        for c in "/tmp/notes.jpg" { _ = form.handle(.character(c)) }
        _ = form.handle(.enter)
        form.pictureLoaded(path: "/tmp/notes.jpg", .failure(BrowserFailure("/tmp/notes.jpg: not a JPEG or PNG picture")))
        #expect(form.pictures.isEmpty)
        #expect(form.picturePath.text == "/tmp/notes.jpg")
        #expect(form.pictureMessage == "/tmp/notes.jpg: not a JPEG or PNG picture")
    }

    @Test("a sixth picture is refused; Delete removes the selected one")
    func sixth() {
        var form = filled()
        for n in 1...5 { form.pictureLoaded(path: "/p/\(n).jpg", .success(Self.picture("/p/\(n).jpg"))) }
        for c in "/p/6.jpg" { _ = form.handle(.character(c)) }
        #expect(form.handle(.enter) == [])
        #expect(form.pictureMessage?.contains("At most 5 pictures") == true)
        _ = form.handle(.control("u"))
        _ = form.handle(.left)
        _ = form.handle(.left)
        _ = form.handle(.delete)
        #expect(form.pictures.map(\.path) == ["/p/1.jpg", "/p/2.jpg", "/p/4.jpg", "/p/5.jpg"])
    }

    @Test("Tab completes a path: one candidate fills it, several fill their common start and are listed")
    func completion() {
        var form = filled()
        for c in "/tmp/pi" { _ = form.handle(.character(c)) }
        #expect(form.handle(.tab) == [.completePath("/tmp/pi")])
        form.completionsArrived(for: "/tmp/pi", ["/tmp/pics/", "/tmp/pictures/"])
        #expect(form.picturePath.text == "/tmp/pic" && form.completions.count == 2)
        form.completionsArrived(for: "/tmp/pic", ["/tmp/pics/"])
        #expect(form.picturePath.text == "/tmp/pics/" && form.completions.isEmpty)
        #expect(form.focus == .pictures, "Tab completed instead of moving on")
    }

    @Test("submit is refused without a picture; with pictures it registers them in order")
    func submit() {
        var form = filled()
        #expect(form.handle(.control("s")) == [])
        #expect(form.message(for: .pictures) != nil)
        form.pictureLoaded(path: "/p/photo.png", .success(Self.picture("/p/photo.png", shrunkFrom: 900_000)))
        form.pictureLoaded(path: "/p/b.jpg", .success(Self.picture("/p/b.jpg")))
        let effects = form.handle(.control("s"))
        guard case .submitRegistration(let product, let pictures)? = effects.first else {
            Issue.record("no registration: \(effects)")
            return
        }
        #expect(product.name == "Tea Cup" && product.price == 12000 && product.stock == 0)
        #expect(pictures.map(\.filename) == ["photo.jpg", "b.jpg"], "a shrunk PNG is sent as the JPEG it became")
        #expect(form.isSubmitting)
    }

    @Test("browser: n opens the form; a registered product goes first in the list, selected")
    func browser() {
        var state = Samples.loaded()
        state.writer = WriterIdentity(vendorID: 1, vendorName: "demo")
        for _ in 0..<3 { _ = state.handle(.keyPressed(.down)) }
        _ = state.handle(.keyPressed(.character("n")))
        #expect(state.form?.isRegistration == true)
        state.form = filled()
        state.form?.pictureLoaded(path: "/p/a.jpg", .success(Self.picture("/p/a.jpg")))
        let effects = state.handle(.keyPressed(.control("s")))
        #expect(effects.count == 1)
        _ = state.handle(.presented(.form(.register, .uploadProgressed(sent: 500, total: 1000))))
        #expect(state.form?.progress?.sent == 500)
        _ = state.handle(.presented(.form(.register, .submitted(.success(Samples.detail(500))))))
        #expect(state.form == nil)
        #expect(state.catalog.products.first?.id == 500 && state.catalog.selectedIndex == 0 && state.catalog.scrollRow == 0)
        #expect(state.notice == "Registered “Product 500”.")
        var anonymous = Samples.loaded()
        _ = anonymous.handle(.keyPressed(.character("n")))
        #expect(anonymous.form == nil && anonymous.notice?.contains("--identifier") == true)
    }

    @Test("a picture's preview is asked for in the palette the screen shows now: colours as chosen, none in ASCII")
    func previewPalette() {
        for (mode, ascii, palette) in [
            (ColorMode.color256, false, PaletteKind.xterm256), (.color16, false, ColorMode.color16.palette), (.color256, true, .monochrome),
        ] {
            var state = Samples.loaded()
            state.writer = WriterIdentity(vendorID: 1)
            state.colorMode = mode
            state.ascii = ascii
            _ = state.handle(.keyPressed(.character("n")))
            state.form?.focus = .pictures
            for c in "/p/cup.jpg" { _ = state.handle(.keyPressed(.character(c))) }
            #expect(
                state.handle(.keyPressed(.enter))
                    == [.preparePicture(path: "/p/cup.jpg", preview: PreviewSize(columns: 10, rows: 4), palette: palette)],
                "\(mode), ascii \(ascii)")
        }
    }

    @Test("the register form on the Canvas: pictures section with count and sizes")
    func rendering() {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 34))
        state.writer = WriterIdentity(vendorID: 1)
        state.form = filled()
        state.form?.pictureLoaded(path: "/p/a.jpg", .success(Self.picture("/p/a.jpg", bytes: 286 * 1024, shrunkFrom: 4_400_000)))
        let lines = render(state).0.trimmedLines()
        #expect(lines[1] == " Register a product")
        #expect(lines.contains { $0.contains("Pictures") && $0.contains("1/5 · Tab completes") })
        #expect(lines.contains { $0.contains("1 a.jpg") })
        #expect(lines.contains { $0.contains("286 KB*") })
        #expect(lines.contains { $0.contains("[ Register ]") })
    }
}
