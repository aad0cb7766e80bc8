import Localization
import OpenMarketAPI
import TerminalUI

extension DetailState {
    /// Paging through pictures, scrolling the text, reloading, going back. `pageRows` is how far a page
    /// key scrolls.
    mutating func handle(_ key: KeyEvent, pageRows: Int, keymap: Keymap = .standard) -> Outcome<PresentationAction> {
        guard let action = keymap.action(for: key, in: .detail) else { return .notMine }
        return perform(action, pageRows: pageRows)
    }

    /// What one of the detail's actions does, from its key or from the palette.
    mutating func perform(_ action: KeyAction, pageRows: Int) -> Outcome<PresentationAction> {
        switch action {
        case .back:
            return .handled([.dismiss])
        case .pictureNext:
            if imageCount > 0 { imageIndex = (imageIndex + 1) % imageCount }
        case .picturePrevious:
            if imageCount > 0 { imageIndex = (imageIndex + imageCount - 1) % imageCount }
        case .scrollDown:
            scroll += 1
        case .scrollUp:
            scroll = max(0, scroll - 1)
        case .scrollPageDown:
            scroll += max(1, pageRows)
        case .scrollPageUp:
            scroll = max(0, scroll - max(1, pageRows))
        case .scrollTop:
            scroll = 0
        case .reload:
            phase = .loading
            return .handled([.run(.loadDetail(id: id))])
        case .pictureWindow:
            let pictures = detail?.images.map(\.url) ?? summary?.thumbnailURL.map { [$0] } ?? []
            guard let name = product?.name, !pictures.isEmpty else { return .handled([]) }
            return .handled([.present(.pictureWindow(PictureWindowState(productID: id, name: name, pictures: pictures, index: imageIndex)))])
        default:
            return .notMine
        }
        return .handled([])
    }

    /// The wheel scrolls the text.
    mutating func handle(_ mouse: MouseEvent, pageRows: Int) -> Outcome<PresentationAction> {
        switch mouse.kind {
        case .wheelDown: handle(.down, pageRows: pageRows)
        case .wheelUp: handle(.up, pageRows: pageRows)
        default: .handled([])
        }
    }

    /// Takes what is said to it: the runtime's answer, a picture to show, the saved product, an action chosen.
    mutating func receive(_ event: Event, pageRows: Int) -> Outcome<PresentationAction> {
        switch event {
        case .loaded(let result):
            loaded(result)
        case .pictureShown(let index):
            imageIndex = index
        case .saved(let summary, let saved):
            self.summary = summary
            detail = saved
            imageIndex = min(imageIndex, max(0, saved.images.count - 1))
        case .chosen(let action):
            return perform(action, pageRows: pageRows)
        }
        return .handled([])
    }

    /// The product's detail arrived, or did not.
    mutating func loaded(_ result: Result<ProductDetail, BrowserFailure>) {
        switch result {
        case .success(let loaded):
            detail = loaded
            phase = .loaded
            imageIndex = min(imageIndex, max(0, loaded.images.count - 1))
        case .failure(let failure):
            phase = .failed(message: failure.message)
        }
    }
}

extension DetailState: PresentedFeature {
    var presented: Presentation { .detail(self) }

    var coversContent: Bool { true }
    var activity: Activity? { isLoading ? .loadingProduct : nil }

    /// What is said to a detail of this product (every open one takes it).
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .detail(let addressed, let answer) = event, addressed == id else { return .notMine }
        return receive(answer, pageRows: context.pageRows)
    }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        switch input {
        case .key(let key): handle(key, pageRows: context.pageRows, keymap: context.keymap)
        case .mouse(let mouse): handle(mouse, pageRows: context.pageRows)
        }
    }
}
