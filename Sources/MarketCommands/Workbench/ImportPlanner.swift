import Foundation
import ImageCodec
import ImagePipeline
import Localization
import OpenMarketAPI

/// Makes the plan of a product file against the market as it is: a row with an id changes that product (when
/// it is the vendor's), a row without one changes the vendor's product of that name, or registers a new one —
/// so that importing the same file twice changes nothing the second time, and a re-run after a failure
/// finishes the rest. Every rule of the form is checked here, before anything is sent.
public struct ImportPlanner: Sendable {
    /// The vendor's products, as the market lists them.
    public var mine: [ProductSummary]
    /// The vendor's id.
    public var vendorID: Int
    /// The folder picture paths are read from (the file's own).
    public var folder: URL
    /// A product that is not among `mine`, by id (nil: the market has none).
    public var lookUp: @Sendable (Int) async throws -> ProductSummary?
    /// A product's picture addresses, by id.
    public var pictureAddresses: @Sendable (Int) async throws -> [URL]

    public init(
        mine: [ProductSummary], vendorID: Int, folder: URL, lookUp: @escaping @Sendable (Int) async throws -> ProductSummary?,
        pictureAddresses: @escaping @Sendable (Int) async throws -> [URL]
    ) {
        self.mine = mine
        self.vendorID = vendorID
        self.folder = folder
        self.lookUp = lookUp
        self.pictureAddresses = pictureAddresses
    }

    /// The plan of `file`; rows `file` could not read are among its refusals.
    public func plan(_ file: ProductFile) async throws -> ImportPlan {
        var steps: [ImportPlan.Step] = []
        var refusals = file.problems
        let byID = Dictionary(mine.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let byName = Dictionary(grouping: mine, by: \.name)
        var seenProducts: [Int: Int] = [:]  // product id → the line that named it first
        var seenNames: [String: Int] = [:]  // a new product's name → its line
        for row in file.rows {
            func refuse(_ column: ProductColumn?, _ reason: Phrase.ProductFile, status: Int32 = CommandFailure.refused) {
                refusals.append(file.problem(row, column, .file(reason), status: status))
            }
            let target: ProductSummary?
            if let idText = row[.id] {
                guard let id = Int(idText), id > 0 else {
                    refuse(.id, .badID(idText))
                    continue
                }
                if let own = byID[id] {
                    target = own
                } else {
                    guard let found = try await lookUp(id) else {
                        refuse(.id, .noSuchProduct(id: id), status: CommandFailure.missing)
                        continue
                    }
                    guard found.vendorID == vendorID else {
                        refuse(.id, .anotherVendors(id: id), status: CommandFailure.notAllowed)
                        continue
                    }
                    target = found
                }
            } else {
                guard let name = row[.name] else {
                    refuse(.name, .nameNeeded)
                    continue
                }
                let named = byName[name] ?? []
                guard named.count <= 1 else {
                    refuse(.name, .ambiguousName(ids: named.map { "#\($0.id)" }.sorted().joined(separator: ", ")))
                    continue
                }
                target = named.first
                if target == nil {
                    if let first = seenNames[name] {
                        refuse(.name, .sameProductTwice(firstLine: first))
                        continue
                    }
                    seenNames[name] = row.line
                }
            }
            if let target {
                if let first = seenProducts[target.id] {
                    refuse(row[.id] == nil ? .name : .id, .sameProductTwice(firstLine: first))
                    continue
                }
                seenProducts[target.id] = row.line
                if let step = try await change(target, by: row, in: file, refusals: &refusals) { steps.append(step) }
            } else if let step = register(row, in: file, refusals: &refusals) {
                steps.append(step)
            }
        }
        return ImportPlan(steps: steps, refusals: refusals)
    }

    /// The step that changes `product` as `row` says, or nil when a rule refuses it (added to `refusals`).
    func change(_ product: ProductSummary, by row: ProductFileRow, in file: ProductFile, refusals: inout [ProductFileProblem]) async throws
        -> ImportPlan.Step?
    {
        let draft = ProductDraft(editing: product).changing(
            name: row[.name], description: row[.description], price: row[.price], currency: row[.currency],
            discount: row[.discountedPrice], stock: row[.stock])
        let violations = draft.validate()
        guard violations.isEmpty, let wanted = draft.parsed else {
            refusals += violations.map { file.problem(row, ProductColumn($0.field), .phrase($0.phrase)) }
            return nil
        }
        // A row that names pictures for a product that has others says so: the API cannot change them. A row
        // matched by its name (no id) registered its product with its files: those are not news.
        var kept = false
        if !row.pictures.isEmpty, row[.id] != nil {
            let addresses = row.pictures.compactMap { URL(string: $0) }.filter { ["http", "https"].contains($0.scheme?.lowercased()) }
            // By path: the embedded market answers on another port each time it starts.
            let current = addresses.count == row.pictures.count ? try await pictureAddresses(product.id) : []
            kept = addresses.count != row.pictures.count || addresses.map(\.path) != current.map(\.path)
        }
        let changes = ProductChanges.between(product, wanted)
        return changes.isEmpty
            ? .keep(line: row.line, before: product, picturesKept: kept) : .change(line: row.line, before: product, changes: changes, picturesKept: kept)
    }

    /// The step that registers `row`, or nil when a rule refuses it (added to `refusals`).
    func register(_ row: ProductFileRow, in file: ProductFile, refusals: inout [ProductFileProblem]) -> ImportPlan.Step? {
        var draft = ProductDraft().changing(
            name: row[.name], description: row[.description], price: row[.price], currency: row[.currency],
            discount: row[.discountedPrice], stock: row[.stock])
        draft.pictureCount = row.pictures.count
        let violations = draft.validate()
        var pictures: [ImportPlan.PictureSource] = []
        var broken: [ProductFileProblem] = []
        for picture in row.pictures {
            guard let source = Self.source(of: picture, in: folder) else {
                broken.append(file.problem(row, .pictures, .file(.pictureAddress(picture))))
                continue
            }
            if case .file(let path) = source, let problem = Self.check(file: path, named: picture) {
                broken.append(file.problem(row, .pictures, .phrase(problem.phrase), status: problem.missing ? CommandFailure.missing : CommandFailure.refused))
            }
            pictures.append(source)
        }
        guard violations.isEmpty, broken.isEmpty, let product = draft.parsed else {
            refusals += violations.map { file.problem(row, ProductColumn($0.field), .phrase($0.phrase)) } + broken
            return nil
        }
        return .register(line: row.line, product: product, pictures: pictures)
    }

    /// Where `text` says a picture is: an http(s) address, or a file (relative to `folder`, `~/` the home); nil
    /// for an address of another kind.
    static func source(of text: String, in folder: URL) -> ImportPlan.PictureSource? {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme.count > 1 {
            guard ["http", "https"].contains(scheme), url.host != nil else { return nil }
            return .address(url)
        }
        let expanded = text.hasPrefix("~/") ? FileManager.default.homeDirectoryForCurrentUser.path + text.dropFirst(1) : text
        let path = expanded.hasPrefix("/") ? expanded : folder.appendingPathComponent(expanded).path
        return .file(URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// Why the file at `path` is no picture to send (missing, a folder, unreadable, not JPEG or PNG by its
    /// content), named as the row names it; nil when it is one.
    static func check(file path: String, named name: String) -> (phrase: Phrase, missing: Bool)? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return (.noSuchFile(name), true) }
        guard !isFolder.boolValue else { return (.isAFolder(name), true) }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        let most = UploadShrinker().maxFileBytes
        guard size <= most else { return (.pictureTooBig(name, megabytes: size >> 20, most: most >> 20), false) }
        // Read whole: a JPEG's metadata may come before its size, as far in as the file goes.
        guard let bytes = FileManager.default.contents(atPath: path) else { return (.cannotReadFile(name), true) }
        do {
            _ = try ImageHeader.read([UInt8](bytes))
            return nil
        } catch {
            return (.notAPicture(name, reason: error.description), false)
        }
    }
}
