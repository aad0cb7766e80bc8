import OpenMarketAPI

/// What the client does with a response body from any server: a page, a product, an error message,
/// the path of a delete answer — both API dialects are handled by the same models; and a change stream's
/// product (read as a plain JSON object where it is one, `FlatJSONObject`, else by `JSONDecoder`).
enum ClientDecodingFuzz {
    static let target = FuzzTarget(
        name: "client",
        summary: "client: page and product decoding (both dialects), error bodies, delete paths, changes' products"
    ) { input in
        if let page = try? ResponseDecoder.decode(ProductPage.self, from: input) {
            precondition(page.products.count <= input.count, "no product out of nothing")
        }
        _ = try? ResponseDecoder.decode(ProductDetail.self, from: input)
        _ = ResponseDecoder.serverMessage(in: input)
        if case .edited(let product)? = MarketChange(ServerSentEvent(type: "edited", data: String(decoding: input, as: UTF8.self), lastEventID: nil)) {
            precondition(product.name.utf8.count <= input.count, "no name out of nothing")
        }
        if let path = try? ResponseDecoder.deletePath(from: input) {
            precondition(path.hasPrefix("/") && !path.hasPrefix("//"), "a delete path is a path on the same server")
        }
    }
}
