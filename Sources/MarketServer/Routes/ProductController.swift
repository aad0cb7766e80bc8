import Foundation
import HTTPTypes
import Hummingbird
import ImageCodec
import Logging
import MarketWords

/// The product endpoints of API.md (#2–#7) and the picture files they point at.
///
/// Reads are answered from the answer cache around the product store; writes go through it too, and it
/// forgets its answers itself. The controller never touches the cache's entries.
struct ProductController<Context: RequestContext>: Sendable {
    let products: CachedProductStore
    let vendors: any VendorStore
    let deleteTokens: any DeleteTokenStore
    let pictureRecords: any PictureMetadataStore
    let pictures: any PictureStore
    let demoPictures: DemoPictureMaker
    let thumbnails: ThumbnailMaker
    /// Where uploads are decoded (off the request path, a bounded queue).
    let decoding: PictureDecoding
    let now: @Sendable () -> Date
    let deleteTokenLifetime: TimeInterval

    func addRoutes(to router: Router<Context>) {
        router.get("/api/products", use: list)
        router.get("/api/products/:id", use: show)
        router.post("/api/products", use: create)
        router.patch("/api/products/:id", use: update)
        router.post("/api/products/:id/archived", use: archive)
        router.post("/api/products/:id/restore", use: restore)
        // DELETE takes a delete token where the other routes take an id; Hummingbird wants one parameter name.
        router.delete("/api/products/:id", use: delete)
        router.get("/images/**", use: picture)
        router.get(RouterPath(MarketPaths.me), use: me)
    }

    /// `GET /api/vendors/me` (docs/API.md, "Who a vendor is"): the vendor the `identifier` header names, its
    /// numeric id and name — what a client that was given only an identifier needs to tell its own products.
    @Sendable func me(_ request: Request, context: Context) async throws -> Response {
        let vendor = try await authenticate(request)
        var json = JSONText(capacity: 64)
        json.raw("{")
        json.field("id", vendor.id)
        json.field("name", vendor.name)
        json.raw("}")
        return Responses.json(json.text)
    }

    // MARK: Reading

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        // Hits are usually answered before the router (CachedResponseHandler); these are the rest.
        let body = try await products.listAnswer(query: request.uri.query) {
            let query = request.uri.queryParameters
            func value(_ parameter: ListingParameter) -> String? { query.get(parameter.rawValue) }
            let number = try Self.positiveInt(
                value(.pageNumber), name: ListingParameter.pageNumber.rawValue, default: 1, range: ProductRules.pageNumbers)
            let perPage = try Self.positiveInt(
                value(.itemsPerPage), name: ListingParameter.itemsPerPage.rawValue, default: ProductRules.defaultItemsPerPage,
                range: ProductRules.itemsPerPage)
            let search = value(.search).flatMap { $0.isEmpty ? nil : $0 }
            let searchName = ListingParameter.search.rawValue
            guard (search?.count ?? 0) <= ProductRules.searchLength else {
                throw APIError.badRequest("\(searchName) must be at most \(ProductRules.searchLength) characters")
            }
            guard search?.contains("\0") != true else { throw APIError.badRequest(ProductRules.noNUL(searchName)) }
            let listing = try ProductListing.parse(
                sort: value(.sort), inStock: value(.inStock), currency: value(.currency),
                priceMin: value(.priceMin), priceMax: value(.priceMax))
            return (number, perPage, search, listing)
        }
        return Responses.json(body)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.productID(request, context)
        guard let body = try await products.detailAnswer(id: id) else {
            throw APIError.notFound("no product with id \(id)")
        }
        return Responses.json(body)
    }

    @Sendable func picture(_ request: Request, context: Context) async throws -> Response {
        let path = context.parameters.getCatchAll().joined(separator: "/")
        var found = try await pictures.read(relativePath: path)
        if found == nil { found = try await makeDemoPicture(path) }
        guard let (data, format) = found else {
            throw APIError.notFound("no picture at /images/\(path)")
        }
        return Response(
            status: .ok,
            headers: [.contentType: format.mimeType, .cacheControl: Responses.pictureCacheControl],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A demo catalog picture whose file is not made yet: made now, if a product still has it.
    private func makeDemoPicture(_ path: String) async throws -> (bytes: Data, format: ImageFormat)? {
        guard let name = demoPictures.name(of: path), let saved = try await pictureRecords.picture(withPath: path)
        else { return nil }
        try await demoPictures.make(name, saved: saved)
        return try await pictures.read(relativePath: path)
    }

    // MARK: Writing

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let vendor = try await authenticate(request)
        let boundary = try MultipartParser.boundary(fromContentType: request.headers[.contentType])
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        let parts = try MultipartParser(boundary: boundary).parse(Array(buffer: body))

        let paramsParts = parts.filter { $0.name == "params" }
        guard paramsParts.count == 1, let paramsPart = paramsParts.first else {
            throw APIError.badRequest(
                paramsParts.isEmpty ? "params part is missing" : "params part is given more than once")
        }
        let params = try ProductParams.parse(paramsPart.body, what: "params")
        try checkSecret(params.secret, of: vendor)

        guard let name = params.fields.name else { throw APIError.badRequest("name is required") }
        guard let description = params.fields.description else { throw APIError.badRequest("description is required") }
        guard let price = params.fields.price else { throw APIError.badRequest("price is required") }
        guard let currency = params.fields.currency else { throw APIError.badRequest("currency is required") }
        let product = NewProduct(
            vendorID: vendor.id, name: name, description: description, price: price,
            discountedPrice: params.fields.discountedPrice ?? 0, stock: params.fields.stock ?? 0, currency: currency)
        try ProductRules.check(
            name: product.name, description: product.description, price: product.price,
            discountedPrice: product.discountedPrice, stock: product.stock, currency: product.currency)

        let images = parts.filter { $0.name == "images" }
        let prepared = try await prepare(images)

        let date = now()
        var staged: [StagedPicture] = []
        do {
            for picture in prepared {
                staged.append(
                    try await pictures.stage(
                        original: picture.bytes, format: picture.format, thumbnail: picture.thumbnail,
                        vendorID: vendor.id, date: date))
            }
            let detail = try await products.insert(
                product, pictures: staged.map(\.saved), files: staged.flatMap(\.files), at: date)
            context.logger.info("product \(detail.product.id) registered by vendor \(vendor.id)")
            return Responses.json(products.json.detail(detail), status: .created)
        } catch {
            // Bytes written before the product's step; those staged for it were never written.
            await pictures.remove(staged.filter(\.files.isEmpty).map(\.saved))
            throw error
        }
    }

    /// An uploaded picture that passed every check, with its thumbnail.
    struct PreparedPicture {
        var bytes: [UInt8]
        var format: ImageFormat
        var thumbnail: [UInt8]
    }

    /// Checks count, names, sizes and content of the `images` parts, then makes their thumbnails on the
    /// decoding pool (`PictureDecoding`): 503 with `Retry-After` when its queue is full.
    func prepare(_ images: [MultipartPart]) async throws -> [PreparedPicture] {
        let checked = try check(images)
        let thumbnails = self.thumbnails
        do {
            return try await decoding.run {
                try checked.map { picture in
                    do {
                        return PreparedPicture(
                            bytes: picture.bytes, format: picture.format, thumbnail: try thumbnails.thumbnail(of: picture.bytes))
                    } catch let error as ImageCodecError where error.isTooManyPixels {
                        throw APIError.tooLarge("\(picture.label) \"\(picture.filename)\": \(error)")
                    } catch {
                        throw APIError.badRequest("\(picture.label) \"\(picture.filename)\": \(error)")
                    }
                }
            }
        } catch is PictureDecoding.Busy {
            throw APIError.busy(
                "images: the server is busy with other pictures (\(decoding.workers + decoding.waiting) at once); try again shortly",
                retryAfter: 2)
        }
    }

    /// A part that passed the checks that need no decoding.
    struct CheckedPicture: Sendable {
        var label: String
        var filename: String
        var bytes: [UInt8]
        var format: ImageFormat
    }

    /// Checks count, names, sizes and kind of the `images` parts, without decoding them.
    func check(_ images: [MultipartPart]) throws -> [CheckedPicture] {
        guard !images.isEmpty else { throw APIError.badRequest("images: at least one picture is required") }
        guard images.count <= ProductRules.pictureCount.upperBound else {
            throw APIError.badRequest("images: at most \(ProductRules.pictureCount.upperBound) pictures, not \(images.count)")
        }
        return try images.enumerated().map { index, part in
            let label = "images[\(index + 1)]"
            guard let filename = part.filename, !filename.isEmpty else {
                throw APIError.badRequest("\(label) has no file name")
            }
            guard !filename.contains("/"), !filename.contains("\\"), !filename.contains("\0"),
                filename != ".", filename != ".."
            else {
                throw APIError.badRequest("\(label): file name must not contain a path (\"\(filename)\")")
            }
            guard part.body.count <= ProductRules.pictureBytes else {
                throw APIError.tooLarge(
                    "\(label) \"\(filename)\" is \(part.body.count) bytes; the limit is \(ProductRules.pictureBytes)")
            }
            let bytes = Array(part.body)
            guard let format = ImageFormat.detect(bytes) else {
                throw APIError.unsupportedMedia("\(label) \"\(filename)\" is not a JPEG or PNG picture")
            }
            return CheckedPicture(label: label, filename: filename, bytes: bytes, format: format)
        }
    }

    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.productID(request, context)
        let vendor = try await authenticate(request)
        let body = try await request.body.collect(upTo: 64 * 1024)
        let params = try ProductParams.parse(body.readableBytesView, what: "request body")
        try checkSecret(params.secret, of: vendor)
        let detail = try await products.update(id: id, vendorID: vendor.id, with: params.changes, at: now())
        return Responses.json(products.json.detail(detail))
    }

    @Sendable func archive(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.productID(request, context)
        let vendor = try await secretChecked(request)
        guard let product = try await products.detail(id: id)?.product else {
            throw APIError.notFound("no product with id \(id)")
        }
        guard product.vendorID == vendor.id else {
            throw APIError.forbidden("product \(id) belongs to another vendor")
        }
        let token = try await deleteTokens.issue(
            productID: id, vendorID: vendor.id, now: now(), lifetime: deleteTokenLifetime)
        return Responses.text(DeleteSteps.deletePath(token: token))
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        try Self.checkMethod(request)
        let token = context.parameters.get("id") ?? ""
        let vendor = try await authenticate(request)
        // Spent first, exactly once; then the product goes (docs/DECISIONS.md: two atomic steps, not one).
        let productID = try await deleteTokens.redeem(token, vendorID: vendor.id, now: now())
        // Kept for its vendor to bring back, its pictures too, until `DeletedProductPurge` forgets it.
        let detail = try await products.delete(id: productID, at: now())
        context.logger.info("product \(detail.product.id) deleted by vendor \(vendor.id)")
        return Responses.json(products.json.detail(detail))
    }

    /// `POST /api/products/{id}/restore` (docs/API.md, "Undo a delete"): the vendor's product deleted in the
    /// last ten minutes comes back as it was, its id and pictures too.
    @Sendable func restore(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.productID(request, context)
        let vendor = try await secretChecked(request)
        let detail = try await products.restore(id: id, vendorID: vendor.id, deletedSince: now().addingTimeInterval(-DeletedProducts.lifetime))
        context.logger.info("product \(id) brought back by vendor \(vendor.id)")
        return Responses.json(products.json.detail(detail))
    }

    // MARK: Checks

    /// The vendor named by the `identifier` header; 401 when it is missing or unknown.
    func authenticate(_ request: Request) async throws -> Vendor {
        guard let identifier = request.headers[HTTPField.Name("identifier")!], !identifier.isEmpty else {
            throw APIError.unauthorized("identifier header is missing")
        }
        guard UUID(uuidString: identifier) != nil, let vendor = try await vendors.vendor(identifier: identifier) else {
            throw APIError.unauthorized("identifier is not a known vendor")
        }
        return vendor
    }

    /// The vendor of a request whose body is only `{"secret": …}` (asking to delete, bringing back), its
    /// secret checked: 401, 400 or 403 as every write.
    func secretChecked(_ request: Request) async throws -> Vendor {
        let vendor = try await authenticate(request)
        let body = try await request.body.collect(upTo: 16 * 1024)
        let params = try ProductParams.parse(body.readableBytesView, what: "request body")
        try checkSecret(params.secret, of: vendor)
        return vendor
    }

    func checkSecret(_ secret: String?, of vendor: Vendor) throws(APIError) {
        guard let secret, !secret.isEmpty else { throw .badRequest("secret is required") }
        guard vendor.hasSecret(secret) else { throw .forbidden("secret is wrong for this vendor") }
    }

    /// The product id in the path. A path of its own that the `:id` routes also match (`/api/products/changes`,
    /// which takes GET only) answers 405 with what it takes, not a 400 about its id.
    static func productID(_ request: Request, _ context: Context) throws(APIError) -> Int {
        let raw = context.parameters.get("id") ?? ""
        guard let id = Int(raw), id > 0 else {
            try checkMethod(request)
            throw .badRequest("product id must be a positive whole number, not \"\(raw.prefix(40))\"")
        }
        return id
    }

    /// A 405 when the request's path is one the API gives other methods (`RouteMethods`).
    static func checkMethod(_ request: Request) throws(APIError) {
        if let allowed = RouteMethods.allowed(on: request.uri.path), !allowed.contains(request.method) {
            throw .methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
        }
    }

    static func positiveInt(_ raw: String?, name: String, default value: Int, range: ClosedRange<Int>) throws(APIError)
        -> Int
    {
        guard let raw, !raw.isEmpty else { return value }
        guard let n = Int(raw), range.contains(n) else {
            throw .badRequest("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}
