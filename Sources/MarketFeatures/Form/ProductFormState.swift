public import Localization
import Foundation
public import ImagePipeline
public import OpenMarketAPI
public import TerminalUI
import MarketWords

/// The product form, to register a product or edit one: the fields as typed, which one has focus,
/// which have been left (their rule is then checked as you type), the pictures of a registration,
/// dirty tracking, the discard guard, and the submit's phase. It owns its events: the runtime's answers
/// (a picture read, completions, upload progress, the pictures of the product edited, the server's
/// answer to the submit) come to it as `Event`s, addressed by its `mode`.
public struct ProductFormState: Sendable, Equatable {
    /// Registering a new product, or editing one.
    public enum Mode: Sendable, Hashable {
        case register
        case edit(productID: Int)
    }

    /// A picture chosen for a registration: ready to upload (shrunk if it was over 300 KB), with a preview.
    public struct Picture: Sendable, Equatable {
        public var path: String
        public var upload: PreparedUpload
        public var preview: CellImage?

        public init(path: String, upload: PreparedUpload, preview: CellImage?) {
            self.path = path
            self.upload = upload
            self.preview = preview
        }

        public var filename: String { (path as NSString).lastPathComponent }
    }

    public enum Field: Int, Sendable, CaseIterable {
        case name, description, price, discount, stock, currency, thumbnail, pictures, submit

        /// Its label beside the field.
        public var phrase: Phrase {
            switch self {
            case .name: .fieldLabel(.name)
            case .description: .fieldLabel(.description)
            case .price: .fieldLabel(.price)
            case .discount: .fieldLabel(.discount)
            case .stock: .fieldLabel(.stock)
            case .currency: .fieldLabel(.currency)
            case .thumbnail: .fieldLabel(.thumbnail)
            case .pictures: .fieldLabel(.pictures)
            case .submit: .fieldLabel(.submit)
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
            case .pictures: .pictures
            case .thumbnail, .submit: nil
            }
        }
    }

    /// What the form asks the runtime for.
    public enum Effect: Sendable, Equatable {
        case submitUpdate(id: Int, changes: ProductChanges)
        case submitRegistration(NewProduct, pictures: [UploadPicture])
        /// Read, check, shrink and preview the picture file at a path.
        case preparePicture(path: String)
        /// List file names that complete a path.
        case completePath(String)
        /// The form is done: with the saved product, or cancelled.
        case close(saved: ProductDetail?)
        /// Ask whether to close without saving what was typed ("Discard changes?", No by default).
        case askToDiscard
    }

    public let mode: Mode
    /// The product's pictures (known from its detail; the list alone does not have them).
    public private(set) var images: [ProductImage]
    /// The pictures of a registration, in upload order (the first becomes the thumbnail).
    public var pictures: [Picture] = []
    /// The path being typed in the pictures field.
    public var picturePath = TextFieldEditor("", limit: 4096)
    /// Which picture ←/→ selects (for Delete) when the path is empty.
    public var selectedPicture = 0
    /// A message about the last picture tried (not found, not a picture, a sixth one…).
    public var pictureMessage: Phrase?
    /// Paths being read.
    public var loadingPictures: [String] = []
    /// Candidates shown after an ambiguous Tab completion.
    public var completions: [String] = []
    /// Bytes of a registration sent so far and in all.
    public struct UploadProgress: Sendable, Equatable {
        public var sent: Int
        public var total: Int

        public init(sent: Int, total: Int) {
            self.sent = sent
            self.total = total
        }
    }

    /// Where the form is with its submit. Typing is possible in every phase but `submitting`.
    public enum Phase: Sendable, Equatable {
        /// Being filled in (nothing sent, or the last answer was taken).
        case editing
        /// Sent, waiting for the server; a registration's bytes sent so far once known.
        case submitting(progress: UploadProgress?)
        /// The server refused the submit: its message shows until the next key; everything typed stays.
        case failed(message: String)
    }

    /// What the runtime answers the form.
    public enum Event: Sendable, Equatable {
        /// A picture file was read, checked and previewed (or not).
        case pictureLoaded(path: String, Result<Picture, BrowserFailure>)
        /// File names completing a typed path.
        case pathCompleted(prefix: String, [String])
        /// Bytes of a registration sent so far.
        case uploadProgressed(sent: Int, total: Int)
        /// The product's detail, for the pictures of the product edited (the list alone does not have them).
        case imagesLoaded(Result<ProductDetail, BrowserFailure>)
        /// The server's answer to the submit: the product saved, or why not.
        case submitted(Result<ProductDetail, BrowserFailure>)
        /// Its question "Discard changes?" was answered yes: it closes, unsaved.
        case discardConfirmed
    }

    /// The submit's phase.
    public var phase: Phase = .editing
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
    private(set) var initial: Snapshot

    /// Whether the submit waits for the server (keys are ignored).
    public var isSubmitting: Bool {
        if case .submitting = phase { true } else { false }
    }

    /// Bytes of a registration sent so far, while it uploads.
    public var progress: UploadProgress? {
        if case .submitting(let progress) = phase { progress } else { nil }
    }

    /// The server's refusal of the last submit, until the next key.
    public var serverError: String? {
        if case .failed(let message) = phase { message } else { nil }
    }

    struct Snapshot: Sendable, Equatable {
        var name, description, price, discount, stock: String
        var currency: Currency
        var thumbnailID: Int?
        var pictures: [String] = []
    }

    /// The product being edited, if any.
    public var productID: Int? {
        if case .edit(let id) = mode { return id }
        return nil
    }

    public var isRegistration: Bool { mode == .register }

    /// An empty registration form.
    public init(registering currency: Currency = .krw) {
        mode = .register
        images = []
        name = TextFieldEditor("", limit: Self.nameLimit)
        description = TextFieldEditor("", multiline: true, limit: Self.descriptionLimit)
        price = TextFieldEditor("", limit: 20)
        discount = TextFieldEditor("", limit: 20)
        stock = TextFieldEditor("", limit: 9)
        self.currency = currency
        initial = Snapshot(name: "", description: "", price: "", discount: "", stock: "", currency: currency)
    }

    /// A form filled from a product (and its pictures, when the detail is known).
    public init(editing product: ProductSummary, images: [ProductImage] = []) {
        mode = .edit(productID: product.id)
        self.images = images
        name = TextFieldEditor(product.name, limit: Self.nameLimit)
        description = TextFieldEditor(product.description, multiline: true, limit: Self.descriptionLimit)
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

    /// The product's pictures arrived: the thumbnail chooser can show them.
    public mutating func imagesArrived(_ images: [ProductImage], thumbnailURL: URL?) {
        guard self.images.isEmpty, !isRegistration else { return }
        self.images = images
        let current = images.first { $0.thumbnailURL == thumbnailURL }?.id ?? images.first?.id
        if thumbnailID == nil { thumbnailID = current }
        // The chooser starts on the product's own thumbnail: picking the same one is not a change.
        initial.thumbnailID = current
    }

    /// Editors take more than the rules allow, so an over-long name or paste gets its message instead of
    /// being cut silently.
    static let nameLimit = 200
    static let descriptionLimit = 2000

    var snapshot: Snapshot {
        Snapshot(
            name: name.text, description: description.text, price: price.text, discount: discount.text,
            stock: stock.text, currency: currency, thumbnailID: thumbnailID, pictures: pictures.map(\.path))
    }

    /// True when anything differs from the product as it was.
    public var isDirty: Bool { snapshot != initial }

    /// The draft the API's rules check.
    public var draft: ProductDraft {
        ProductDraft(
            name: name.text, description: description.text, price: price.text, discountedPrice: discount.text,
            stock: stock.text, currency: currency, pictureCount: isRegistration ? pictures.count : images.count,
            isRegistration: isRegistration)
    }

    /// Every broken rule.
    public var violations: [DraftViolation] { draft.validate() }

    /// The message to show beside `field`: once it was left, or after a submit was tried.
    public func message(for field: Field, in language: Language = .english) -> String? {
        guard let draftField = field.draftField, visited.contains(field) || triedSubmit else { return nil }
        return violations.first { $0.field == draftField }?.message(in: language)
    }

    /// Messages shown now, in field order (the summary at the top).
    public func shownMessages(in language: Language = .english) -> [String] {
        Field.allCases.compactMap { message(for: $0, in: language) }
    }

    /// Fields the form shows: the thumbnail chooser when editing a product with pictures, the pictures
    /// of a registration.
    public var shownFields: [Field] {
        Field.allCases.filter { field in
            switch field {
            case .thumbnail: !isRegistration && !images.isEmpty
            case .pictures: isRegistration
            default: true
            }
        }
    }

    /// Fields the user can move to: those shown, but the thumbnail only when there is a choice to make.
    var fields: [Field] {
        shownFields.filter { $0 != .thumbnail || images.count > 1 }
    }
}
