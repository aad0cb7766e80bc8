import Foundation
public import OpenMarketAPI
public import TerminalUI

/// The edit form of one product: the fields as typed, which one has focus, which have been left
/// (their rule is then checked as you type), dirty tracking, the discard guard and the submit.
public struct ProductFormState: Sendable, Equatable {
    public enum Field: Int, Sendable, CaseIterable {
        case name, description, price, discount, stock, currency, thumbnail, submit

        public var label: String {
            switch self {
            case .name: "Name"
            case .description: "Description"
            case .price: "Price"
            case .discount: "Discount"
            case .stock: "Stock"
            case .currency: "Currency"
            case .thumbnail: "Thumbnail"
            case .submit: "Save"
            }
        }

        var draftField: DraftField? {
            switch self {
            case .name: .name
            case .description: .description
            case .price: .price
            case .discount: .discountedPrice
            case .stock: .stock
            case .currency: .currency
            case .thumbnail, .submit: nil
            }
        }
    }

    /// What the form asks the runtime for.
    public enum Effect: Sendable, Equatable {
        case submitUpdate(id: Int, changes: ProductChanges)
        /// The form is done: with the saved product, or cancelled.
        case close(saved: ProductDetail?)
    }

    public let productID: Int
    public let images: [ProductImage]
    public var name: TextFieldEditor
    public var description: TextFieldEditor
    public var price: TextFieldEditor
    public var discount: TextFieldEditor
    public var stock: TextFieldEditor
    public var currency: Currency
    public var thumbnailID: Int?
    public var focus: Field = .name
    /// Fields left at least once: their messages show while typing.
    public var visited: Set<Field> = []
    public var triedSubmit = false
    public var isSubmitting = false
    public var serverError: String?
    /// "Discard changes?" is showing; `discardYes` is the focused answer (No by default).
    public var confirmingDiscard = false
    public var discardYes = false
    private let initial: Snapshot

    struct Snapshot: Sendable, Equatable {
        var name, description, price, discount, stock: String
        var currency: Currency
        var thumbnailID: Int?
    }

    /// A form filled from a product (and its pictures, when the detail is known).
    public init(editing product: ProductSummary, images: [ProductImage] = []) {
        productID = product.id
        self.images = images
        name = TextFieldEditor(product.name, limit: 100)
        description = TextFieldEditor(product.description, multiline: true, limit: 1000)
        price = TextFieldEditor(Self.plain(product.price.amount), limit: 20)
        discount = TextFieldEditor(Self.plain(product.discountedPrice.amount), limit: 20)
        stock = TextFieldEditor(String(product.stock), limit: 9)
        currency = product.currency
        let thumbnail = images.first { $0.thumbnailURL == product.thumbnailURL }?.id ?? images.first?.id
        thumbnailID = thumbnail
        initial = Snapshot(
            name: product.name, description: product.description, price: Self.plain(product.price.amount),
            discount: Self.plain(product.discountedPrice.amount), stock: String(product.stock),
            currency: product.currency, thumbnailID: thumbnail)
    }

    static func plain(_ value: Decimal) -> String { value.description }

    var snapshot: Snapshot {
        Snapshot(
            name: name.text, description: description.text, price: price.text, discount: discount.text,
            stock: stock.text, currency: currency, thumbnailID: thumbnailID)
    }

    /// True when anything differs from the product as it was.
    public var isDirty: Bool { snapshot != initial }

    /// The draft the API's rules check.
    public var draft: ProductDraft {
        ProductDraft(
            name: name.text, description: description.text, price: price.text, discountedPrice: discount.text,
            stock: stock.text, currency: currency, pictureCount: images.count, isRegistration: false)
    }

    /// Every broken rule.
    public var violations: [DraftViolation] { draft.validate() }

    /// The message to show beside `field`: once it was left, or after a submit was tried.
    public func message(for field: Field) -> String? {
        guard let draftField = field.draftField, visited.contains(field) || triedSubmit else { return nil }
        return violations.first { $0.field == draftField }?.message
    }

    /// Messages shown now, in field order (the summary at the top).
    public var shownMessages: [String] { Field.allCases.compactMap { message(for: $0) } }

    /// Fields the user can move to (the thumbnail chooser only when there are pictures to choose from).
    var fields: [Field] { Field.allCases.filter { $0 != .thumbnail || images.count > 1 } }

    public mutating func handle(_ key: KeyEvent) -> [Effect] {
        if confirmingDiscard { return handleDiscard(key) }
        if isSubmitting { return [] }
        switch key {
        case .control("s"):
            return submit()
        case .escape:
            if isDirty {
                confirmingDiscard = true
                discardYes = false
                return []
            }
            return [.close(saved: nil)]
        case .tab, .down:
            move(by: 1)
            return []
        case .backTab, .up:
            move(by: -1)
            return []
        case .enter where focus == .submit:
            return submit()
        case .enter where focus != .description:
            move(by: 1)
            return []
        default:
            break
        }
        switch focus {
        case .name: _ = name.handle(key)
        case .description: _ = description.handle(key)
        case .price: _ = price.handle(key)
        case .discount: _ = discount.handle(key)
        case .stock: _ = stock.handle(key)
        case .currency:
            if [.left, .right, .character(" "), .character("h"), .character("l")].contains(key) {
                currency = currency == .krw ? .usd : .krw
            }
        case .thumbnail:
            guard let index = images.firstIndex(where: { $0.id == thumbnailID }) else { break }
            if key == .right || key == .character("l") { thumbnailID = images[(index + 1) % images.count].id }
            if key == .left || key == .character("h") { thumbnailID = images[(index + images.count - 1) % images.count].id }
        case .submit:
            break
        }
        serverError = nil
        return []
    }

    mutating func move(by delta: Int) {
        let order = fields
        let index = order.firstIndex(of: focus) ?? 0
        visited.insert(focus)
        focus = order[(index + delta + order.count) % order.count]
    }

    mutating func handleDiscard(_ key: KeyEvent) -> [Effect] {
        switch key {
        case .character("y"), .character("Y"):
            return [.close(saved: nil)]
        case .enter:
            if discardYes { return [.close(saved: nil)] }
            confirmingDiscard = false
        case .character("n"), .character("N"), .escape:
            confirmingDiscard = false
        case .left, .right, .tab, .backTab:
            discardYes.toggle()
        default:
            break
        }
        return []
    }

    /// Checks every rule; refuses while any is broken; otherwise sends only the changed fields.
    mutating func submit() -> [Effect] {
        triedSubmit = true
        guard violations.isEmpty, let parsed = draft.parsed else { return [] }
        var changes = ProductChanges()
        if name.text != initial.name { changes.name = parsed.name }
        if description.text != initial.description { changes.description = parsed.description }
        if price.text != initial.price { changes.price = parsed.price }
        if discount.text != initial.discount { changes.discountedPrice = parsed.discountedPrice }
        if stock.text != initial.stock { changes.stock = parsed.stock }
        if currency != initial.currency { changes.currency = currency }
        if thumbnailID != initial.thumbnailID { changes.thumbnailID = thumbnailID }
        if changes.isEmpty { return [.close(saved: nil)] }
        isSubmitting = true
        serverError = nil
        return [.submitUpdate(id: productID, changes: changes)]
    }

    /// The server answered the submit.
    public mutating func submitted(_ result: Result<ProductDetail, BrowserFailure>) -> [Effect] {
        isSubmitting = false
        switch result {
        case .success(let detail):
            return [.close(saved: detail)]
        case .failure(let failure):
            serverError = failure.message  // everything typed stays
            return []
        }
    }
}
