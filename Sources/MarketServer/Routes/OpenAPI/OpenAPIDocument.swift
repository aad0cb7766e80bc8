import MarketWords

/// The API `openmarket serve` answers, as an OpenAPI 3.1 document: every route, parameter, body, multipart
/// part, header, status and error body, the course API's and this server's extensions. Served at
/// `GET /openapi.yaml`; `openmarket openapi` prints it and `make docs` writes it to docs/openapi.yaml.
/// Checked against the live server by schemathesis in `make test`, on SQLite and PostgreSQL.
///
/// Generated from the market's words (MarketWords): the orders, parameters, currencies, rules, a product's
/// keys and the delete steps are the server's and the client's own values, interpolated, so the document
/// cannot say other names or bounds than the code that parses and writes them (docs/DECISIONS.md, "The
/// market's words"). The prose around them is written here, a part a file.
public enum OpenAPIDocument {
    /// The document as the server at `baseURL` answers it: its `servers` entry names that address, so a
    /// client generator pointed at `/openapi.yaml` speaks to the server it read it from.
    public static func yaml(servedAt baseURL: String) -> String {
        let written = "servers:\n  - url: http://127.0.0.1:8080\n    description: "
        guard let range = yaml.range(of: written), let end = yaml[range.upperBound...].firstIndex(of: "\n") else { return yaml }
        return yaml.replacingCharacters(in: range.lowerBound...end, with: "servers:\n  - url: \(baseURL)\n")
    }

    /// The document, YAML.
    public static let yaml = info + "paths:\n" + healthPaths + productPaths + otherPaths + components

    /// The title, the servers and the tags.
    static let info = #"""
openapi: 3.1.0
info:
  title: Open Market API (openmarket serve)
  version: "2.1"
  summary: The course's Open Market API as `openmarket serve` answers it, with this server's extensions.
  description: |
    The product API of the iOS course's Open Market (pages of products, a product, registering with
    pictures, editing, deleting with a one-time token, the pictures themselves), as `openmarket serve`
    answers it, and this server's extensions beside it: order and filter of the list (`sort`, `in_stock`,
    `currency`, `price_min`, `price_max`, echoed as `listing`), wish lists kept for clients without a disk, and
    who a vendor is (`/api/vendors/me`).
    Every error is a JSON body `{"code": <status>, "message": "<what is wrong, naming the field>"}`.
    Writes carry the vendor's UUID in the `identifier` header and the vendor's secret in the body.
  license:
    name: Apache-2.0
servers:
  - url: http://127.0.0.1:8080
    description: Where `openmarket serve` listens unless told otherwise; the document a server answers at /openapi.yaml names that server's own address here.
tags:
  - name: products
  - name: pictures
  - name: health
  - name: wish lists
  - name: vendors
  - name: changes

"""#

    /// The words of a YAML flow list: `newest, price-asc, price-desc, discount`.
    static func words<Word: RawRepresentable>(_ words: [Word]) -> String where Word.RawValue == String {
        words.map(\.rawValue).joined(separator: ", ")
    }

    /// A price bound's pattern, from the digits ``ProductRules`` allows before and after the point.
    static let boundPattern = #"^[0-9]{1,\#(ProductRules.boundDigits)}(\\.[0-9]{1,\#(ProductRules.boundDecimals)})?$"#

    /// The fields every product has, required and described, in ``ProductKey/fields``' order.
    static let productFields: String = {
        let properties = ProductKey.fields.map { "        \($0.rawValue): \(schema(of: $0))\n" }.joined()
        return """
                ProductFields:
                  type: object
                  required: [\(words(ProductKey.fields))]
                  properties:

            """ + properties
    }()

    /// The schema of a product's field.
    static func schema(of key: ProductKey) -> String {
        switch key {
        case .id, .vendorID: "{type: integer, minimum: 1}"
        case .name, .description, .currency, .vendorName: "{type: string}"
        case .thumbnail: #"{type: string, description: "An absolute URL; empty when the product has no picture."}"#
        case .price, .bargainPrice, .discountedPrice: ##"{$ref: "#/components/schemas/Money"}"##
        case .stock: "{type: integer, minimum: 0}"
        case .createdAt, .issuedAt: ##"{$ref: "#/components/schemas/Timestamp"}"##
        case .images, .vendors: "{type: object}"
        }
    }
}
