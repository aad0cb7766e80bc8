public import Foundation
import MarketWords

/// The Open Market API (API.md) as async methods, over any `HTTPTransport`.
///
/// Every method throws only `OpenMarketError` (typed throws). Any 2xx answer is success; any other status
/// is `OpenMarketError.httpStatus` with the server's message when the body is `{"code","message"}`.
/// The client is a plain value: copy it freely, share it between tasks.
public struct OpenMarketClient: Sendable {
    /// The server, e.g. `http://127.0.0.1:8080`; a path in it (`…/market`) prefixes every endpoint.
    public let baseURL: URL
    public let transport: any HTTPTransport
    /// How long each call may take, from connecting to the last byte of the answer.
    public let timeout: Duration
    /// The most an API answer (JSON or text) may weigh; pictures have their own limit in `data(from:maxBytes:)`.
    public var maxResponseBytes = 8 << 20

    /// A client for the server at `baseURL`, sending through `transport`.
    public init(baseURL: URL, transport: any HTTPTransport, timeout: Duration = .seconds(15)) {
        self.baseURL = baseURL
        self.transport = transport
        self.timeout = timeout
    }

    // MARK: Reading

    /// `GET /healthChecker`: true when the server answers `"OK"` (with or without the JSON quotes).
    public func health() async throws(OpenMarketError) -> Bool {
        let response = try await send("GET", path: MarketPaths.health)
        let text = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text == "\"OK\"" || text == "OK"
    }

    /// `GET /api/products`: page `number` (from 1) of `itemsPerPage` products, newest first, optionally only
    /// those whose name or description contains `search` — in `listing`'s order and filter, for a server
    /// that speaks the extension (send `.standard` to any other: its parameters are then left out).
    public func page(number: Int, itemsPerPage: Int, search: String? = nil, listing: PageListing = .standard)
        async throws(OpenMarketError) -> ProductPage
    {
        var query = [
            (name: ListingParameter.pageNumber.rawValue, value: String(number)),
            (name: ListingParameter.itemsPerPage.rawValue, value: String(itemsPerPage)),
        ]
        if let search, !search.isEmpty { query.append((name: ListingParameter.search.rawValue, value: search)) }
        query += listing.queryItems
        let response = try await send("GET", path: MarketPaths.products, query: query)
        return try ResponseDecoder.decode(ProductPage.self, from: response.body)
    }

    /// `GET /api/products/{id}`: one product in full; a 404 status error when there is none.
    public func product(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let response = try await send("GET", path: MarketPaths.product(id: id))
        return try ResponseDecoder.decode(ProductDetail.self, from: response.body)
    }

    /// `GET url` for a picture's bytes, refusing more than `maxBytes`. A non-2xx answer is a status error.
    public func data(from url: URL, maxBytes: Int = 16 << 20) async throws(OpenMarketError) -> [UInt8] {
        let request = TransportRequest(method: "GET", url: url, timeout: timeout, maxResponseBytes: maxBytes)
        return try await send(request).body
    }

    // MARK: Writing

    /// `POST /api/products`: registers `product` with `pictures` (1 to 5) as `identity`'s vendor.
    ///
    /// `progress`, when given, is called with the bytes of the request sent so far and the total, from any
    /// thread, as the transport sends them (see `TransportRequest.uploadProgress`).
    public func register(
        _ product: NewProduct, pictures: [UploadPicture], identity: VendorIdentity,
        progress: (@Sendable (_ sent: Int, _ total: Int) -> Void)? = nil
    ) async throws(OpenMarketError) -> ProductDetail {
        var params = JSONObjectWriter()
        params.add("name", product.name)
        params.add("description", product.description)
        try params.add("price", product.price)
        params.add("currency", product.currency.code)
        try params.add("discounted_price", product.discountedPrice)
        params.add("stock", product.stock)
        params.add("secret", identity.secret)
        let encoder = MultipartEncoder()
        let request = TransportRequest(
            method: "POST", url: try EndpointURL.make(base: baseURL, path: MarketPaths.products),
            headers: [
                HTTPHeader("identifier", identity.identifier), HTTPHeader("Content-Type", encoder.contentType),
                HTTPHeader("Accept", "application/json"),
            ],
            body: encoder.encode(paramsJSON: params.json, pictures: pictures), timeout: timeout,
            maxResponseBytes: maxResponseBytes, uploadProgress: progress)
        return try ResponseDecoder.decode(ProductDetail.self, from: try await send(request).body)
    }

    /// `PATCH /api/products/{id}`: changes the non-nil fields of `changes`; answers the updated product.
    public func update(id: Int, changes: ProductChanges, identity: VendorIdentity) async throws(OpenMarketError)
        -> ProductDetail
    {
        var body = JSONObjectWriter()
        body.add("secret", identity.secret)
        if let name = changes.name { body.add("name", name) }
        if let description = changes.description { body.add("description", description) }
        if let thumbnailID = changes.thumbnailID { body.add("thumbnail_id", thumbnailID) }
        if let price = changes.price { try body.add("price", price) }
        if let currency = changes.currency { body.add("currency", currency.code) }
        if let discountedPrice = changes.discountedPrice { try body.add("discounted_price", discountedPrice) }
        if let stock = changes.stock { body.add("stock", stock) }
        let response = try await send("PATCH", path: MarketPaths.product(id: id), json: body.json, identity: identity)
        return try ResponseDecoder.decode(ProductDetail.self, from: response.body)
    }

    /// Deletes product `id` by the API's two steps (``DeleteSteps``): asks for its one-time path, then deletes
    /// with it; answers what the product was.
    public func delete(id: Int, identity: VendorIdentity) async throws(OpenMarketError) -> ProductDetail {
        try await delete(path: try await deletePath(id: id, identity: identity), identity: identity)
    }

    /// `POST /api/products/{id}/archived`: asks for the one-time path that deletes the product
    /// (`/api/products/{token}`), to pass to `delete(path:identity:)`.
    public func deletePath(id: Int, identity: VendorIdentity) async throws(OpenMarketError) -> String {
        var body = JSONObjectWriter()
        body.add(DeleteSteps.secretKey, identity.secret)
        let response = try await send("POST", path: DeleteSteps.askPath(id: id), json: body.json, identity: identity)
        return try ResponseDecoder.deletePath(from: response.body)
    }

    /// `DELETE path` (from `deletePath(id:identity:)`, starting with `/`): deletes the product and answers
    /// what it was.
    public func delete(path: String, identity: VendorIdentity) async throws(OpenMarketError) -> ProductDetail {
        let response = try await send("DELETE", path: path, identity: identity)
        return try ResponseDecoder.decode(ProductDetail.self, from: response.body)
    }

    /// `POST /api/products/{id}/restore` (an extension of `openmarket serve`: docs/API.md, "Undo a delete"): brings
    /// back `identity`'s product deleted in the last ten minutes; answers it. A course server answers 404 or 405.
    public func restore(id: Int, identity: VendorIdentity) async throws(OpenMarketError) -> ProductDetail {
        var body = JSONObjectWriter()
        body.add(DeleteSteps.secretKey, identity.secret)
        let response = try await send("POST", path: DeleteSteps.restorePath(id: id), json: body.json, identity: identity)
        return try ResponseDecoder.decode(ProductDetail.self, from: response.body)
    }

    /// `GET /api/vendors/me` (an extension of `openmarket serve`: docs/API.md, "Who a vendor is"): the vendor
    /// `identity` names, its id and name. A course server answers 404.
    public func vendor(of identity: VendorIdentity) async throws(OpenMarketError) -> VendorInfo {
        let response = try await send("GET", path: MarketPaths.me, identity: identity)
        return try ResponseDecoder.decode(VendorInfo.self, from: response.body)
    }

    // MARK: Wish lists (an extension of `openmarket serve`: docs/API.md, "Wish lists")

    /// `GET /api/wishlists/{owner}`: the wish list document kept under `owner` (JSON bytes; an empty list when
    /// none is kept).
    public func wishList(owner: String) async throws(OpenMarketError) -> [UInt8] {
        try await send("GET", path: MarketPaths.wishList(owner: owner)).body
    }

    /// `PUT /api/wishlists/{owner}`: keeps `document` (JSON) as `owner`'s list.
    public func keepWishList(_ document: String, owner: String) async throws(OpenMarketError) {
        _ = try await send("PUT", path: MarketPaths.wishList(owner: owner), json: document)
    }

    /// `PUT /api/products/changes/viewers/{viewer}`: the product this client looks at now (nil: none), as the
    /// viewer its change stream named it; answers how many look at it, this client included.
    public func look(viewer: String, at product: Int?) async throws(OpenMarketError) -> Int {
        let body = "{\"\(ChangeEvents.lookingKey)\":\(product.map(String.init) ?? "null")}"
        let response = try await send("PUT", path: ChangeEvents.lookingPath(viewer: viewer), json: body)
        struct Count: Decodable { var looking: Int }
        return try ResponseDecoder.decode(Count.self, from: response.body).looking
    }

    // MARK: Sending

    /// Sends an API request under `baseURL` and returns its 2xx response.
    private func send(
        _ method: String, path: String, query: [(name: String, value: String)] = [], json: String? = nil,
        identity: VendorIdentity? = nil
    ) async throws(OpenMarketError) -> TransportResponse {
        var headers = [HTTPHeader("Accept", "application/json")]
        if let identity { headers.append(HTTPHeader("identifier", identity.identifier)) }
        if json != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        let request = TransportRequest(
            method: method, url: try EndpointURL.make(base: baseURL, path: path, query: query), headers: headers,
            body: json.map { Array($0.utf8) }, timeout: timeout, maxResponseBytes: maxResponseBytes)
        return try await send(request)
    }

    /// Sends `request` through the transport and returns its 2xx response.
    private func send(_ request: TransportRequest) async throws(OpenMarketError) -> TransportResponse {
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch let error as OpenMarketError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .transport(endpoint: request.endpoint, reason: "\(error)")
        }
        guard response.isSuccess else { throw ResponseDecoder.statusError(response) }
        return response
    }
}
