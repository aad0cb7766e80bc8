import Localization
import OpenMarketAPI
import TerminalUI

extension BrowserState {
    /// A product's link: its address in the market's API.
    public func link(to id: Int) -> String? {
        ProductText.link(base: marketURL, id: id)
    }

    /// `y`: the product's link to the clipboard; `Y` (`whole`): a line with its name, price and link. The
    /// status line says what was copied — or sent, where nothing tells whether the terminal takes it — or
    /// that the terminal declines it (the text shown, to copy by hand), or why nothing was sent.
    mutating func copy(_ product: ProductSummary?, whole: Bool) -> [BrowserEffect] {
        guard let product, let link = link(to: product.id) else { return [] }
        // The name is made printable: no control character of the server's reaches the clipboard either.
        let text = whole ? "\(ProductText.name(product)) — \(ProductText.prices(product).pay) — \(link)" : link
        guard text.utf8.count <= Clipboard.maximumBytes else {
            notice = language.text(.tooLongToCopy(bytes: text.utf8.count, most: Clipboard.maximumBytes))
            return []
        }
        // Sent whatever the terminal is: one that declines by default may have been told to take it.
        switch clipboard {
        case .takes: notice = language.text(whole ? .copiedSummary(text) : .copiedLink(link))
        case .unknown: notice = language.text(.sentToClipboard(text, link: !whole))
        case .declines(let terminal): notice = language.text(.copyDeclined(terminal: terminal, text, link: !whole))
        }
        return [.copy(text)]
    }
}
