import OpenMarketAPI

/// What the client does with a response body from any server: a page, a product, an error message,
/// the path of a delete answer — both API dialects are handled by the same models.
enum ClientDecodingFuzz {
    static let target = FuzzTarget(
        name: "client",
        summary: "client: page and product decoding (both dialects), error bodies, delete paths"
    ) { input in
        if let page = try? ResponseDecoder.decode(ProductPage.self, from: input) {
            precondition(page.products.count <= input.count, "no product out of nothing")
        }
        _ = try? ResponseDecoder.decode(ProductDetail.self, from: input)
        _ = ResponseDecoder.serverMessage(in: input)
        if let path = try? ResponseDecoder.deletePath(from: input) {
            precondition(path.hasPrefix("/") && !path.hasPrefix("//"), "a delete path is a path on the same server")
        }
    }
}
