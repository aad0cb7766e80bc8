public import Foundation
public import Localization
import TerminalUI

/// The change to make to the marked products (`b`): first a menu of the changes (↑↓ and Enter, or a choice's
/// number), then — for all but a delete — a line in the status bar for its value (Enter takes it, or says
/// what is wrong with it; Esc closes). The change chosen goes to the browser, which works out the plan and
/// asks before anything is sent.
public struct BulkState: Sendable, Equatable {
    /// What the menu tells the browser.
    public enum Delegate: Sendable, Equatable {
        case chosen(BulkChange)
    }

    /// The menu's choices, in order.
    public enum Choice: Sendable, Equatable, CaseIterable {
        case pricePercent, priceAmount, discountPercent, stock, delete

        var phrase: Phrase.Bulk {
            switch self {
            case .pricePercent: .pricePercent
            case .priceAmount: .priceAmount
            case .discountPercent: .discountPercent
            case .stock: .setStock
            case .delete: .delete
            }
        }

        var prompt: Phrase.Bulk {
            switch self {
            case .pricePercent: .promptPercent
            case .priceAmount: .promptAmount
            case .discountPercent: .promptDiscount
            case .stock, .delete: .promptStock
            }
        }
    }

    /// How many products are marked (the menu's title).
    public let count: Int
    /// The choice highlighted in the menu.
    public var highlighted = 0
    /// The choice whose value is being typed (nil: the menu shows).
    public var typing: Choice?
    /// What is typed.
    public var text = ""
    /// Why the last Enter did not take it.
    public var problem: Phrase.Bulk?

    /// The longest value it takes.
    static let limit = 16

    public init(count: Int) {
        self.count = count
    }

    mutating func handle(_ key: KeyEvent) -> Outcome<PresentationAction> {
        guard let choice = typing else { return handleMenu(key) }
        switch key {
        case .escape:
            return .handled([.dismiss])
        case .enter:
            guard let change = Self.change(choice, text) else {
                problem = Self.refusal(choice)
                return .handled([])
            }
            return .handled([.dismiss, .delegate(.bulk(.chosen(change)))])
        default:
            guard let edited = text.edited(by: key, limit: Self.limit) else { return .handled([]) }
            text = edited
            problem = nil
            return .handled([])
        }
    }

    mutating func handleMenu(_ key: KeyEvent) -> Outcome<PresentationAction> {
        let choices = Choice.allCases
        switch key {
        case .escape, .character("q"):
            return .handled([.dismiss])
        case .up, .character("k"):
            highlighted = (highlighted + choices.count - 1) % choices.count
        case .down, .character("j"), .tab:
            highlighted = (highlighted + 1) % choices.count
        case .enter:
            return choose(choices[highlighted])
        case .character(let c):
            if let number = c.wholeNumberValue, (1...choices.count).contains(number) { return choose(choices[number - 1]) }
        default:
            break
        }
        return .handled([])
    }

    /// A delete goes at once to the question; the others ask for their value.
    mutating func choose(_ choice: Choice) -> Outcome<PresentationAction> {
        if choice == .delete { return .handled([.dismiss, .delegate(.bulk(.chosen(.delete)))]) }
        typing = choice
        highlighted = Choice.allCases.firstIndex(of: choice) ?? 0
        return .handled([])
    }

    /// The change `text` asks for, or nil when it does not read: a percent above -100 (`-20`, `+10`, `12.5%`),
    /// an amount (`-1000`, `+500`, `1,000`), a discount from 0 to 100 percent, a stock of 0 or more.
    static func change(_ choice: Choice, _ text: String) -> BulkChange? {
        var cleaned = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        if cleaned.hasSuffix("%") { cleaned.removeLast() }
        if cleaned.hasPrefix("+") { cleaned.removeFirst() }
        cleaned = cleaned.replacingOccurrences(of: "−", with: "-")
        let digits = cleaned.hasPrefix("-") ? cleaned.dropFirst() : cleaned[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), digits.filter({ $0 == "." }).count <= 1,
            let value = Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        switch choice {
        case .pricePercent: return value > -100 && value != 0 ? .pricePercent(value) : nil
        case .priceAmount: return value != 0 ? .priceAmount(value) : nil
        case .discountPercent: return (0...100).contains(value) ? .discountPercent(value) : nil
        case .stock:
            guard value >= 0, !cleaned.contains("."), let stock = Int(cleaned) else { return nil }
            return .stock(stock)
        case .delete: return .delete
        }
    }

    static func refusal(_ choice: Choice) -> Phrase.Bulk {
        switch choice {
        case .pricePercent: .notPercent
        case .priceAmount: .notAmount
        case .discountPercent: .notDiscount
        case .stock, .delete: .notStock
        }
    }
}

extension BulkState: PresentedFeature {
    var presented: Presentation { .bulk(self) }

    /// Every key is the menu's or the line's.
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input else { return .handled([]) }
        return handle(key)
    }

    func widget(_ context: RenderContext) -> any Widget {
        typing == nil ? BulkMenuWidget(menu: self, context: context) : EmptyWidget()
    }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        if typing != nil { return [context.hint("⏎", .done), context.hint("Esc", .cancel)] }
        return [context.hint("↑↓ 1-5", .move), context.hint("⏎", .choose), context.hint("Esc", .cancel)]
    }

    func statusLine(_ context: RenderContext) -> (any Widget)? {
        typing == nil ? nil : BulkLineWidget(menu: self, context: context)
    }
}
