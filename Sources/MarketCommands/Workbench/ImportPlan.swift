import Foundation
import Localization
import OpenMarketAPI
import TerminalUI

/// What importing a product file would do, row by row, before anything is sent: the products it registers,
/// changes (each field before → after) and leaves as they are, and the rows it refuses. Nothing is applied
/// while any row is refused.
public struct ImportPlan: Sendable, Equatable {
    /// Where a new product's picture comes from.
    public enum PictureSource: Sendable, Equatable {
        /// A file, by its absolute path.
        case file(String)
        /// An http(s) address, fetched when the plan is applied.
        case address(URL)
    }

    /// One row's step.
    public enum Step: Sendable, Equatable {
        /// Register a product with these pictures.
        case register(line: Int, product: NewProduct, pictures: [PictureSource])
        /// Change product `before.id`: `changes` are the fields that differ.
        case change(line: Int, before: ProductSummary, changes: ProductChanges, picturesKept: Bool)
        /// Product `before.id` is as the row says already.
        case keep(line: Int, before: ProductSummary, picturesKept: Bool)

        /// The line its row starts on.
        public var line: Int {
            switch self {
            case .register(let line, _, _), .change(let line, _, _, _), .keep(let line, _, _): line
            }
        }
    }

    /// The steps, in the file's order.
    public var steps: [Step]
    /// The refused rows, by line.
    public var refusals: [ProductFileProblem]

    public init(steps: [Step], refusals: [ProductFileProblem]) {
        self.steps = steps
        self.refusals = refusals.enumerated().sorted { a, b in
            (a.element.line ?? 0, a.element.columnNumber ?? 0, a.offset) < (b.element.line ?? 0, b.element.columnNumber ?? 0, b.offset)
        }.map(\.element)
    }

    /// How many rows register, change, stay and are refused (a row refused for two reasons counts once).
    public var counts: (new: Int, changed: Int, unchanged: Int, refused: Int) {
        var counts = (new: 0, changed: 0, unchanged: 0, refused: Set(refusals.map { $0.line ?? 0 }).count)
        for step in steps {
            switch step {
            case .register: counts.new += 1
            case .change: counts.changed += 1
            case .keep: counts.unchanged += 1
            }
        }
        return counts
    }

    /// The exit status of a plan with refusals: the first refused row's (65 the rules, 66 no such product or
    /// file, 77 another vendor's); 0 without.
    public var status: Int32 { refusals.first?.status ?? 0 }

    // MARK: Said

    /// The plan's lines, in `language`: a line per row (the label, the line, what happens), then the counts.
    public func lines(in language: Language) -> [String] {
        var entries: [(line: Int, text: String)] = steps.map { step in (step.line, Self.text(of: step, in: language)) }
        entries += refusals.map { refusal in (refusal.line ?? 0, Self.labelled(.labelRefused, refusal.text(in: language), in: language)) }
        let sorted = entries.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text)
        let counts = counts
        return sorted + [language.text(.productFile(.planCounts(new: counts.new, changed: counts.changed, unchanged: counts.unchanged, refused: counts.refused)))]
    }

    /// `new        line 2: “Teapot” — ₩12,000, stock 3, 1 picture`.
    static func text(of step: Step, in language: Language) -> String {
        let place = language.text(.productFile(.place(line: step.line, column: nil, name: nil)))
        switch step {
        case .register(_, let product, let pictures):
            let what = Phrase.ProductFile.planNew(
                name: product.name, price: Price(product.price).formatted(product.currency), stock: product.stock, pictures: pictures.count)
            return labelled(.labelNew, place + ": " + language.text(.productFile(what)), in: language)
        case .change(_, let before, let changes, let kept):
            let what = Phrase.ProductFile.planChanged(id: before.id, name: before.name, changes: Self.changes(changes, from: before))
            return labelled(.labelChanged, place + ": " + language.text(.productFile(what)) + keptNote(kept, language), in: language)
        case .keep(_, let before, let kept):
            let what = Phrase.ProductFile.planUnchanged(id: before.id, name: before.name)
            return labelled(.labelUnchanged, place + ": " + language.text(.productFile(what)) + keptNote(kept, language), in: language)
        }
        func keptNote(_ kept: Bool, _ language: Language) -> String {
            kept ? " " + language.text(.productFile(.planPicturesKept)) : ""
        }
    }

    /// A line with its label first, the labels padded to one width (in terminal columns) in each language.
    static func labelled(_ label: Phrase.ProductFile, _ text: String, in language: Language) -> String {
        let labels: [Phrase.ProductFile] = [.labelNew, .labelChanged, .labelUnchanged, .labelRefused, .labelFailed]
        let width = labels.map { DisplayWidth.of(language.text(.productFile($0))) }.max() ?? 0
        let word = language.text(.productFile(label))
        return word + String(repeating: " ", count: width - DisplayWidth.of(word) + 2) + text
    }

    /// `price 12000 → 9600; stock 3 → 10`: each changed field, before → after (a description shortened).
    static func changes(_ changes: ProductChanges, from before: ProductSummary) -> String {
        var parts: [String] = []
        func short(_ text: String) -> String {
            let line = text.replacingOccurrences(of: "\n", with: " ")
            return line.count > 24 ? "“" + line.prefix(23) + "…”" : "“" + line + "”"
        }
        if let name = changes.name { parts.append("name \(short(before.name)) → \(short(name))") }
        if let description = changes.description { parts.append("description \(short(before.description)) → \(short(description))") }
        if let price = changes.price { parts.append("price \(before.price.amount) → \(price)") }
        if let discount = changes.discountedPrice { parts.append("discounted_price \(before.discountedPrice.amount) → \(discount)") }
        if let currency = changes.currency { parts.append("currency \(before.currency.code) → \(currency.code)") }
        if let stock = changes.stock { parts.append("stock \(before.stock) → \(stock)") }
        return parts.joined(separator: "; ")
    }
}
