public import MCP
public import MarketCommands
import OpenMarketAPI

/// The MCP tools over one market: the table of them (``all``), those offered (reading always, writing only with
/// a vendor identity), and a call by name. A call that cannot be done answers `isError` with the reason in
/// words (the form's, for the product rules).
public struct MarketTools: Sendable {
    /// The market the tools speak to.
    public let market: MarketAccess.Market

    public init(market: MarketAccess.Market) {
        self.market = market
    }

    /// Every tool, in the order they are listed.
    public static let all: [MarketTool] = [
        .searchProducts, .listProducts, .showProduct, .registerProduct, .editProduct, .deleteProduct,
    ]

    /// The tools offered: the reading ones, and the writing ones with a vendor identity.
    public var offered: [MarketTool] {
        Self.all.filter { !$0.writes || market.identity != nil }
    }

    /// The tools offered, as MCP lists them.
    public var tools: [Tool] { offered.map(\.tool) }

    /// What calling `name` with `arguments` answers.
    public func call(_ name: String, _ arguments: [String: Value]) async -> CallTool.Result {
        guard let tool = Self.all.first(where: { $0.name == name }) else { return Self.refusal("no tool named \(name)") }
        do {
            return try await tool.run(market, ToolArguments(arguments))
        } catch let refusal as ToolRefusal {
            return Self.refusal(refusal.description)
        } catch let failure as CommandFailure {
            return Self.refusal(failure.description)
        } catch {
            return Self.refusal("\(error)")
        }
    }

    /// A refusal: the reason, as an error.
    static func refusal(_ reason: String) -> CallTool.Result {
        .init(content: [text(reason)], isError: true)
    }

    /// An answer of JSON text.
    static func json(_ json: String) -> CallTool.Result {
        .init(content: [text(json)], isError: false)
    }

    /// Text content.
    static func text(_ text: String) -> Tool.Content {
        .text(text: text, annotations: nil, _meta: nil)
    }

    /// What the arguments change in a draft, read (and refused) before anything is sent: applied to `base`, the
    /// draft as the form would hold it.
    static func draftChanges(_ arguments: ToolArguments) throws(ToolRefusal) -> @Sendable (_ base: ProductDraft) -> ProductDraft {
        let name = try arguments.text(.name), description = try arguments.text(.description), price = try arguments.text(.price)
        let currency = try arguments.text(.currency), discount = try arguments.text(.discount), stock = try arguments.text(.stock)
        return { base in
            base.changing(name: name, description: description, price: price, currency: currency, discount: discount, stock: stock)
        }
    }
}
