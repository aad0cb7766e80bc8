import Localization
import OpenMarketAPI
import TerminalUI

/// The price line while it is open (`$`): what is typed, and what is wrong with it after Enter. Enter
/// applies a range that reads (an empty line: every price); one that does not stays on the line with its
/// problem, and nothing is sent. Esc leaves the range as it was.
public struct PriceRangeLine: Sendable, Equatable {
    /// What the line tells the browser.
    public enum Delegate: Sendable, Equatable {
        /// Applied: only this range from now (nil: every price).
        case chosen(PriceRange?)
    }

    /// What the line shows.
    public var text: String
    /// Why the last Enter did not apply it.
    public var problem: Phrase?
    /// The currency of a range that names none.
    public let defaultCurrency: Currency

    /// The longest line it takes.
    static let limit = 40

    public init(text: String = "", defaultCurrency: Currency = .krw) {
        self.text = text
        self.defaultCurrency = defaultCurrency
    }

    /// The line for `range`, filled in with it, in its currency (else `fallback`'s, else won).
    init(editing range: PriceRange?, fallback: Currency?) {
        let currency = range?.currency ?? (fallback == .usd ? .usd : .krw)
        self.init(text: PriceRangeInput.text(of: range), defaultCurrency: currency)
    }

    /// Typing edits the range; Enter chooses it (or says what is wrong with it), Esc leaves it as it was.
    mutating func handle(_ key: KeyEvent) -> Outcome<PresentationAction> {
        switch key {
        case .escape:
            return .handled([.dismiss])
        case .enter:
            switch PriceRangeInput(text, defaultCurrency: defaultCurrency) {
            case .range(let range):
                return .handled([.dismiss, .delegate(.priceRange(.chosen(range)))])
            case .problem(let phrase):
                problem = phrase
                return .handled([])
            }
        default:
            guard let edited = text.edited(by: key, limit: Self.limit) else { return .handled([]) }
            text = edited
            problem = nil
            return .handled([])
        }
    }
}

extension PriceRangeLine: PresentedFeature {
    var presented: Presentation { .priceRange(self) }

    /// Every key is the line's (as the search line's).
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input else { return .notMine }
        return handle(key)
    }

    /// The line draws nothing over the list: it takes the status line.
    func widget(_ context: RenderContext) -> any Widget { EmptyWidget() }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        [
            context.hint(defaultCurrency == .usd ? "5-20" : "1000-5000", .priceRange), context.hint("⏎", .done),
            context.hint("⏎", .emptyClears), context.hint("Esc", .cancel),
        ]
    }

    func statusLine(_ context: RenderContext) -> (any Widget)? { PriceRangeLineWidget(line: self, context: context) }
}
