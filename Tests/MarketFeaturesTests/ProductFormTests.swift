import Foundation
import ImageCodec
import ImagePipeline
import Localization
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("Edit form")
struct ProductFormTests {
    var product: ProductSummary { Samples.product(7, name: "Blue Mug", price: 12000, discount: 1000, description: "A sturdy mug.") }

    /// Sends `keys` to `field`; true when it took each (an editing key).
    func takes(_ keys: [KeyEvent], _ field: inout TextFieldEditor) -> Bool {
        keys.reduce(true) { taken, key in field.apply(key) && taken }
    }

    @Test("the field editor: wide characters, cursor keys, Ctrl-A/E/W/U/K, Backspace, Delete")
    func editor() {
        var field = TextFieldEditor("파란 우산")
        #expect(field.cursor == 5)
        #expect(takes([.left, .backspace], &field))
        #expect(field.text == "파란 산" && field.cursor == 3)
        #expect(takes([.control("a"), .delete], &field))
        #expect(field.text == "란 산" && field.cursor == 0)
        #expect(takes([.control("e"), .paste("멋진 머그컵")], &field))
        #expect(field.text == "란 산멋진 머그컵")
        #expect(takes([.control("w")], &field))
        #expect(field.text == "란 산멋진 ")
        #expect(takes([.left, .control("k")], &field))
        #expect(field.text == "란 산멋진")
        #expect(takes([.control("u")], &field))
        #expect(field.text.isEmpty)
        #expect(field.apply(.tab) == false, "Tab belongs to the form")
    }

    @Test("pasting control characters or newlines into a one-line field keeps only text")
    func pasteIntoOneLine() {
        var field = TextFieldEditor("", limit: 20)
        #expect(takes([.paste("a\nb\u{1B}[31mc\td")], &field))
        #expect(field.text == "a b[31mc d")
        var short = TextFieldEditor("", limit: 4)
        #expect(takes([.paste("abcdefgh")], &short))
        #expect(short.text == "abcd", "the limit cuts the paste")
        var many = TextFieldEditor("", multiline: true)
        #expect(takes([.paste("one\r\ntwo\u{07}")], &many))
        #expect(many.text == "one\ntwo")
        #expect(takes([.enter], &many))
        #expect(many.text == "one\ntwo\n")
    }

    @Test("the visible part of a long one-line field keeps the cursor inside, by display width")
    func scrolling() {
        var field = TextFieldEditor(String(repeating: "가", count: 30))
        var view = field.visible(width: 10)
        #expect(DisplayWidth.of(view.text) <= 10 && view.cursorColumn <= 9)
        #expect(takes([.home], &field))
        view = field.visible(width: 10)
        #expect(view.cursorColumn == 0 && view.text.hasPrefix("가"))
    }

    /// A tester of the form editing `product` with the focus on `field`.
    func tester(focus field: ProductFormState.Field = .name, images: [ProductImage] = []) -> FormTester {
        var form = ProductFormState(editing: product, images: images)
        form.focus = field
        return FormTester(form: form)
    }

    @Test("a rule is checked as you type only once the field was left; all are checked on submit")
    func validationTiming() {
        var form = tester()
        form.send(.control("u")) { $0.name = $0.name.replaced(by: "") }
        form.type("ab", into: \.name)
        #expect(form.state.message(for: .name) == nil, "not left yet")
        form.send(.tab) {
            $0.visited = [.name]
            $0.focus = .description
        }
        #expect(form.state.message(for: .name) == "Name must be 3–100 characters (now 2).")
        form.send(.backTab) {
            $0.visited = [.name, .description]
            $0.focus = .name
        }
        form.type("c", into: \.name)
        #expect(form.state.message(for: .name) == nil, "fixed while typing")

        var price = tester(focus: .price)
        price.send(.control("u")) { $0.price = $0.price.replaced(by: "") }
        price.type("abc", into: \.price)
        var moved = price.state
        moved.focus = .discount  // a click moves the focus without leaving the field by a key
        var other = FormTester(form: moved)
        #expect(other.state.message(for: .price) == nil)
        other.send(.control("s")) { $0.triedSubmit = true }  // refused while invalid: nothing sent
        #expect(other.state.message(for: .price) == "Price must be a number of 0 or more.")
        #expect(other.state.shownMessages() == ["Price must be a number of 0 or more."])
        #expect(other.state.shownMessages(in: .korean) == ["가격은 0 이상의 숫자여야 합니다."])
    }

    @Test("only changed fields are sent; keys wait while saving; the answer closes the form")
    func submitChanges() {
        var form = tester(focus: .price)
        form.send(.control("u")) { $0.price = $0.price.replaced(by: "") }
        form.type("15,000", into: \.price)
        form.send(.control("s"), effects: [.submitUpdate(id: 7, changes: ProductChanges(price: 15000))]) {
            $0.triedSubmit = true
            $0.phase = .submitting(progress: nil)
        }
        #expect(form.state.isSubmitting)
        form.send(.character("x"))  // keys wait while saving
        form.receive(.submitted(.success(Samples.detail(7))), effects: [.close(saved: Samples.detail(7))]) {
            $0.phase = .editing
        }
    }

    @Test("a refused save keeps everything typed and shows the server's message until the next key")
    func refused() {
        let refusal = "The server refused: secret is wrong for this vendor (403)."
        var form = tester(focus: .stock)
        form.send(.control("u")) { $0.stock = $0.stock.replaced(by: "") }
        form.type("9", into: \.stock)
        form.send(.control("s"), effects: [.submitUpdate(id: 7, changes: ProductChanges(stock: 9))]) {
            $0.triedSubmit = true
            $0.phase = .submitting(progress: nil)
        }
        form.receive(.submitted(.failure(BrowserFailure(refusal)))) { $0.phase = .failed(message: refusal) }
        #expect(form.state.serverError?.contains("403") == true)
        #expect(form.state.stock.text == "9" && !form.state.isSubmitting && form.state.isDirty)
        form.type("0", into: \.stock) { $0.phase = .editing }  // the next key is typed, and the message goes
    }

    @Test("Esc with changes asks to discard them; without changes it just closes")
    func discardGuard() {
        var clean = tester()
        clean.send(.escape, effects: [.close(saved: nil)])
        var dirty = tester()
        dirty.type("!", into: \.name)
        dirty.send(.escape, effects: [.askToDiscard])  // asking keeps what was typed: nothing changes
        #expect(dirty.state.presentationAction(.askToDiscard, palette: .xterm256) == .present(.confirmation(Confirmation(action: .discardChanges))))
        #expect(dirty.state.name.text == "Blue Mug!", "asking keeps what was typed")
    }

    @Test("Tab cycles the fields, skipping the thumbnail chooser when there is only one picture; currency and thumbnail toggle")
    func selectors() {
        var form = tester(images: Samples.detail(7, pictures: 1).images)
        let order: [ProductFormState.Field] = [.name, .description, .price, .discount, .stock, .currency, .submit]
        for (field, next) in zip(order, order.dropFirst() + [.name]) {
            form.send(.tab) {
                $0.visited.insert(field)
                $0.focus = next
            }
        }
        form.send(.backTab) { $0.focus = .submit }
        form.send(.backTab) { $0.focus = .currency }
        form.send(.right) { $0.currency = .usd }
        form.send(.right) { $0.currency = .krw }

        var pictures = tester(focus: .thumbnail, images: Samples.detail(7, pictures: 3).images)
        #expect(pictures.state.thumbnailID == 1)
        pictures.send(.right) { $0.thumbnailID = 2 }
        pictures.send(.control("s"), effects: [.submitUpdate(id: 7, changes: ProductChanges(thumbnailID: 2))]) {
            $0.triedSubmit = true
            $0.phase = .submitting(progress: nil)
        }
    }

    @Test("browser: e on one's own product opens the form; saving updates the list; another's says why not")
    func browser() {
        var state = Samples.loaded()
        state.writer = WriterIdentity(vendorID: 1)
        let listed = state.catalog.products[0]
        let loaded = Samples.detail(100, pictures: 3)
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("e")), effects: [.loadFormImages(id: 100)]) {  // the list has no pictures
            $0.presented = [.form(ProductFormState(editing: listed))]
        }
        browser.send(.presented(.form(.edit(productID: 100), .imagesLoaded(.success(loaded))))) {
            $0.form = ProductFormState(editing: listed, images: loaded.images)
        }
        #expect(browser.state.form?.images.count == 3 && browser.state.form?.thumbnailID == 1)
        #expect(browser.state.form?.isDirty == false, "pictures arriving change nothing")
        browser.send(.keyPressed(.tab)) {
            $0.form?.visited = [.name]
            $0.form?.focus = .description
        }
        browser.send(.keyPressed(.tab)) {
            $0.form?.visited = [.name, .description]
            $0.form?.focus = .price
        }
        browser.send(.keyPressed(.control("u"))) { $0.changeForm { $0.price = $0.price.replaced(by: "") } }
        browser.type("999", intoForm: \.price)
        browser.send(.keyPressed(.control("s")), effects: [.updateProduct(id: 100, changes: ProductChanges(price: 999))]) {
            $0.form?.triedSubmit = true
            $0.form?.phase = .submitting(progress: nil)
        }
        var saved = Samples.detail(100)
        saved.price = Price(999)
        saved.bargainPrice = Price(999)
        browser.send(.presented(.form(.edit(productID: 100), .submitted(.success(saved))))) {
            $0.presented = []
            $0.catalog.allProducts[0] = saved.summary
            $0.catalog.allProducts[0].vendorName = listed.vendorName
            $0.notice = "Saved “Product 100”."
        }
        #expect(browser.state.catalog.products[0].price == Price(999))

        var other = state
        other.writer = WriterIdentity(vendorID: 2)
        var refused = BrowserTester(browser: other)
        refused.send(.keyPressed(.character("e"))) {
            $0.notice = "“Product 100” belongs to demo; only its vendor can edit it."
        }
    }

    @Test("editing shows the product's pictures (asked for through the image cache) and marks the thumbnail")
    func pictures() {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 34))
        state.writer = WriterIdentity(vendorID: 1)
        let listed = state.catalog.products[0]
        let loaded = Samples.detail(100, pictures: 3)
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("e")), effects: [.loadFormImages(id: 100)]) {
            $0.presented = [.form(ProductFormState(editing: listed))]
        }
        browser.send(.presented(.form(.edit(productID: 100), .imagesLoaded(.success(loaded))))) {
            $0.form = ProductFormState(editing: listed, images: loaded.images)
        }
        let (canvas, wanted) = render(browser.state)
        #expect(wanted.map(\.url.absoluteString) == ["http://m.test/100/1t.jpg", "http://m.test/100/2t.jpg", "http://m.test/100/3t.jpg"])
        #expect(canvas.trimmedLines().contains { $0.contains("[1] thumb") })
    }

    @Test("the form on the Canvas: fields, the message beside the field, the summary at the top")
    func rendering() {
        var state = Samples.loaded(size: ScreenSize(columns: 80, rows: 30))
        state.writer = WriterIdentity(vendorID: 1)
        let listed = state.catalog.products[0]
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("e")), effects: [.loadFormImages(id: 100)]) {
            $0.presented = [.form(ProductFormState(editing: listed))]
        }
        browser.send(.keyPressed(.control("u"))) { $0.changeForm { $0.name = $0.name.replaced(by: "") } }
        browser.type("한", intoForm: \.name)
        browser.send(.keyPressed(.tab)) {
            $0.form?.visited = [.name]
            $0.form?.focus = .description
        }
        let lines = render(browser.state).0.trimmedLines()
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

    /// A registration with its name, description and price filled in, the focus on the pictures.
    static func filled() -> ProductFormState {
        var form = ProductFormState(registering: .krw)
        form.name = form.name.replaced(by: "Tea Cup")
        form.description = form.description.replaced(by: "A lovely cup for two.")
        form.price = form.price.replaced(by: "12000")
        form.focus = .pictures
        return form
    }

    @Test("Enter in the pictures field asks for the file; the picture joins with its sizes; the path clears")
    func addPicture() {
        var form = FormTester(form: Self.filled())
        form.type("/tmp/a.jpg", into: \.picturePath)
        form.send(.enter, effects: [.preparePicture(path: "/tmp/a.jpg")]) { $0.loadingPictures = ["/tmp/a.jpg"] }
        let picture = Self.picture("/tmp/a.jpg", bytes: 280_000, shrunkFrom: 20_000_000)
        form.receive(.pictureLoaded(path: "/tmp/a.jpg", .success(picture))) {
            $0.loadingPictures = []
            $0.pictures = [picture]
            $0.picturePath = $0.picturePath.replaced(by: "")
            $0.pictureMessage = .pictureShrunk(filename: "a.jpg", from: "19.1 MB", to: "273 KB", width: 64, height: 48)
        }
    }

    @Test("a file that cannot be used keeps the typed path and says why")
    func badPicture() {
        var form = FormTester(form: Self.filled())
        form.type("/tmp/notes.jpg", into: \.picturePath)
        form.send(.enter, effects: [.preparePicture(path: "/tmp/notes.jpg")]) { $0.loadingPictures = ["/tmp/notes.jpg"] }
        form.receive(.pictureLoaded(path: "/tmp/notes.jpg", .failure(BrowserFailure("/tmp/notes.jpg: not a JPEG or PNG picture")))) {
            $0.loadingPictures = []
            $0.pictureMessage = .pictureUnreadable("/tmp/notes.jpg: not a JPEG or PNG picture")
        }
    }

    @Test("a sixth picture is refused; ← and Delete remove the one chosen")
    func sixth() {
        var form = FormTester(form: Self.filled())
        for n in 1...5 {
            let picture = Self.picture("/p/\(n).jpg")
            form.receive(.pictureLoaded(path: picture.path, .success(picture))) {
                $0.pictures.append(picture)
                $0.selectedPicture = n - 1
            }
        }
        form.type("/p/6.jpg", into: \.picturePath)
        form.send(.enter) { $0.pictureMessage = .tooManyPictures(5) }
        form.send(.control("u")) { $0.picturePath = $0.picturePath.replaced(by: "") }
        form.send(.left) { $0.selectedPicture = 3 }
        form.send(.left) { $0.selectedPicture = 2 }
        form.send(.delete) {
            $0.pictures.remove(at: 2)
            $0.pictureMessage = nil
        }
        #expect(form.state.pictures.map(\.path) == ["/p/1.jpg", "/p/2.jpg", "/p/4.jpg", "/p/5.jpg"])
    }

    @Test("Tab completes a path: one candidate fills it, several fill their common start and are listed")
    func completion() {
        var form = FormTester(form: Self.filled())
        form.type("/tmp/pi", into: \.picturePath)
        form.send(.tab, effects: [.completePath("/tmp/pi")])  // Tab completes instead of moving on
        form.receive(.pathCompleted(prefix: "/tmp/pi", ["/tmp/pics/", "/tmp/pictures/"])) {
            $0.picturePath = $0.picturePath.replaced(by: "/tmp/pic")
            $0.completions = ["/tmp/pics/", "/tmp/pictures/"]
        }
        form.receive(.pathCompleted(prefix: "/tmp/pic", ["/tmp/pics/"])) {
            $0.picturePath = $0.picturePath.replaced(by: "/tmp/pics/")
            $0.completions = []
        }
        form.receive(.pathCompleted(prefix: "/tmp/elsewhere", ["/tmp/elsewhere/x"]))  // for a path no longer typed: nothing
        form.type("x", into: \.picturePath)
        form.send(.tab, effects: [.completePath("/tmp/pics/x")])
        form.receive(.pathCompleted(prefix: "/tmp/pics/x", [])) { $0.pictureMessage = .noFileStartsWith }
    }

    @Test("submit is refused without a picture; with pictures it registers them in order")
    func submit() {
        var form = FormTester(form: Self.filled())
        form.send(.control("s")) { $0.triedSubmit = true }  // refused: nothing sent
        #expect(form.state.message(for: .pictures) != nil)
        let photo = Self.picture("/p/photo.png", shrunkFrom: 900_000)
        let cup = Self.picture("/p/b.jpg")
        form.receive(.pictureLoaded(path: photo.path, .success(photo))) {
            $0.pictures = [photo]
            $0.pictureMessage = .pictureShrunk(filename: "photo.png", from: "879 KB", to: "2 KB", width: 64, height: 48)
        }
        form.receive(.pictureLoaded(path: cup.path, .success(cup))) {
            $0.pictures = [photo, cup]
            $0.selectedPicture = 1
            $0.pictureMessage = nil
        }
        let product = NewProduct(name: "Tea Cup", description: "A lovely cup for two.", price: 12000, currency: .krw)
        let uploads = [  // a shrunk PNG is sent as the JPEG it became
            UploadPicture(filename: "photo.jpg", bytes: photo.upload.bytes, mimeType: "image/jpeg"),
            UploadPicture(filename: "b.jpg", bytes: cup.upload.bytes, mimeType: "image/jpeg"),
        ]
        form.send(.control("s"), effects: [.submitRegistration(product, pictures: uploads)]) {
            $0.phase = .submitting(progress: nil)
        }
    }

    @Test("browser: n opens the form; its upload's progress shows; a registered product goes first in the list, selected")
    func browser() {
        var state = Samples.loaded()
        state.writer = WriterIdentity(vendorID: 1, vendorName: "demo")
        var browser = BrowserTester(browser: state)
        for n in 1...3 { browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = n } }
        browser.send(.keyPressed(.character("n"))) { $0.presented = [.form(ProductFormState(registering: .krw))] }
        var typed = browser.state
        typed.form = Self.filled()
        browser = BrowserTester(browser: typed)
        let picture = Self.picture("/p/a.jpg")
        browser.send(.presented(.form(.register, .pictureLoaded(path: picture.path, .success(picture))))) {
            $0.form?.pictures = [picture]
        }
        let product = NewProduct(name: "Tea Cup", description: "A lovely cup for two.", price: 12000, currency: .krw)
        let upload = UploadPicture(filename: "a.jpg", bytes: picture.upload.bytes, mimeType: "image/jpeg")
        browser.send(.keyPressed(.control("s")), effects: [.registerProduct(product, pictures: [upload])]) {
            $0.form?.triedSubmit = true
            $0.form?.phase = .submitting(progress: nil)
        }
        browser.send(.presented(.form(.register, .uploadProgressed(sent: 500, total: 1000)))) {
            $0.form?.phase = .submitting(progress: ProductFormState.UploadProgress(sent: 500, total: 1000))
        }
        browser.send(.presented(.form(.register, .submitted(.success(Samples.detail(500)))))) {
            $0.presented = []
            var registered = Samples.detail(500).summary
            registered.vendorName = "demo"
            $0.catalog.allProducts.insert(registered, at: 0)
            $0.catalog.selectedIndex = 0
            $0.notice = "Registered “Product 500”."
        }
        #expect(browser.state.catalog.products.first?.id == 500 && browser.state.catalog.scrollRow == 0)

        var anonymous = BrowserTester(browser: Samples.loaded())
        anonymous.send(.keyPressed(.character("n"))) {
            $0.notice = "No vendor identity: start with --identifier and --secret to register products."
        }
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
            var form = ProductFormState(registering: .krw)
            form.focus = .pictures
            state.presented = [.form(form)]
            var browser = BrowserTester(browser: state)
            browser.type("/p/cup.jpg", intoForm: \.picturePath)
            browser.send(
                .keyPressed(.enter),
                effects: [.preparePicture(path: "/p/cup.jpg", preview: PreviewSize(columns: 10, rows: 4), palette: palette)]
            ) { $0.form?.loadingPictures = ["/p/cup.jpg"] }
        }
    }

    @Test("the register form on the Canvas: pictures section with count and sizes")
    func rendering() {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 34))
        state.writer = WriterIdentity(vendorID: 1)
        state.form = Self.filled()
        var browser = BrowserTester(browser: state)
        let picture = Self.picture("/p/a.jpg", bytes: 286 * 1024, shrunkFrom: 4_400_000)
        browser.send(.presented(.form(.register, .pictureLoaded(path: picture.path, .success(picture))))) {
            $0.form?.pictures = [picture]
            $0.form?.pictureMessage = .pictureShrunk(filename: "a.jpg", from: "4.2 MB", to: "286 KB", width: 64, height: 48)
        }
        let lines = render(browser.state).0.trimmedLines()
        #expect(lines[1] == " Register a product")
        #expect(lines.contains { $0.contains("Pictures") && $0.contains("1/5 · Tab completes") })
        #expect(lines.contains { $0.contains("1 a.jpg") })
        #expect(lines.contains { $0.contains("286 KB*") })
        #expect(lines.contains { $0.contains("[ Register ]") })
    }
}
