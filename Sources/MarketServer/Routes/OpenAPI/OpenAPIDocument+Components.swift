import MarketWords

extension OpenAPIDocument {
    /// The shared parameters, responses and schemas; a product's fields from ``ProductKey``, the rules from ``ProductRules``.
    static let components = #"""
components:
  parameters:
    ProductID:
      name: id
      in: path
      required: true
      description: The product's id, a whole number above 0.
      schema: {type: integer, minimum: 1}
    Identifier:
      name: identifier
      in: header
      required: true
      description: The vendor's identifier, a UUID.
      schema: {type: string, format: uuid}
  responses:
    BadRequest:
      description: The request breaks a rule (the message names it).
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    Unauthorized:
      description: The identifier header is missing or names no vendor.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    Forbidden:
      description: The secret is wrong for the vendor, or the product is another vendor's; for a wish list, its owner was not issued by a front the market trusts.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    NotFound:
      description: No such product, token, picture or open change stream.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    TooLarge:
      description: The body, or a picture in it, is over its limit.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    NotAPicture:
      description: A picture part is neither JPEG nor PNG by its content.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    Unavailable:
      description: The store (a database) does not answer; try again.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
  schemas:
    Error:
      type: object
      required: [code, message]
      properties:
        code: {type: integer, description: The HTTP status.}
        message: {type: string}
    Money:
      description: An amount, exact (`2.36`, `12000`); never negative.
      type: number
      minimum: 0
    Timestamp:
      description: "`yyyy-MM-dd'T'HH:mm:ss`, UTC, no zone."
      type: string
      pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$"
\#(Self.productFields)    ListItem:
      allOf:
        - $ref: "#/components/schemas/ProductFields"
        - type: object
          required: [\#(ProductKey.vendorName.rawValue)]
          properties:
            \#(ProductKey.vendorName.rawValue): {type: string}
    Detail:
      allOf:
        - $ref: "#/components/schemas/ProductFields"
        - type: object
          required: [\#(ProductKey.images.rawValue), \#(ProductKey.vendors.rawValue)]
          properties:
            \#(ProductKey.images.rawValue):
              type: array
              items:
                type: object
                required: [id, url, thumbnail_url, issued_at]
                properties:
                  id: {type: integer}
                  url: {type: string}
                  thumbnail_url: {type: string}
                  issued_at: {$ref: "#/components/schemas/Timestamp"}
            \#(ProductKey.vendors.rawValue):
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string}
    Page:
      type: object
      required: [pageNo, itemsPerPage, totalCount, offset, limit, lastPage, hasNext, hasPrev, pages]
      properties:
        pageNo: {type: integer, minimum: 1}
        itemsPerPage: {type: integer, minimum: 1}
        totalCount: {type: integer, minimum: 0}
        offset: {type: integer, minimum: 0}
        limit: {type: integer, minimum: 0}
        lastPage: {type: integer, minimum: 0}
        hasNext: {type: boolean}
        hasPrev: {type: boolean}
        listing:
          description: How the page was ordered and filtered (this server's extension; every page has it).
          type: object
          required: [\#(ListingParameter.sort.rawValue), \#(ListingParameter.inStock.rawValue)]
          properties:
            \#(ListingParameter.sort.rawValue): {type: string, enum: [\#(Self.words(ListingOrder.allCases))]}
            in_stock: {type: boolean}
            currency: {type: string, enum: [\#(Self.words(MarketCurrency.allCases))]}
            price_min: {$ref: "#/components/schemas/Money"}
            price_max: {$ref: "#/components/schemas/Money"}
        search:
          description: How a searched page was ranked (this server's extension; a page with a search_value has it), and a query of the catalog's words that finds something when this one found nothing.
          type: object
          required: [ranking]
          properties:
            ranking: {type: string, enum: [best-match, sort]}
            suggestion: {type: string}
        pages:
          type: array
          items: {$ref: "#/components/schemas/ListItem"}
    NewProduct:
      type: object
      required: [name, description, price, currency, secret]
      properties:
        name: {type: string, minLength: \#(ProductRules.nameLength.lowerBound), maxLength: \#(ProductRules.nameLength.upperBound)}
        description: {type: string, minLength: \#(ProductRules.descriptionLength.lowerBound), maxLength: \#(ProductRules.descriptionLength.upperBound)}
        price: {$ref: "#/components/schemas/Money"}
        currency: {type: string, enum: [\#(Self.words(MarketCurrency.allCases))]}
        discounted_price: {$ref: "#/components/schemas/Money"}
        stock: {type: integer, minimum: 0}
        secret: {type: string}
    ProductChanges:
      type: object
      required: [secret]
      properties:
        secret: {type: string}
        name: {type: string, minLength: \#(ProductRules.nameLength.lowerBound), maxLength: \#(ProductRules.nameLength.upperBound)}
        description: {type: string, minLength: \#(ProductRules.descriptionLength.lowerBound), maxLength: \#(ProductRules.descriptionLength.upperBound)}
        thumbnail_id: {type: integer, description: An image id of this product.}
        price: {$ref: "#/components/schemas/Money"}
        currency: {type: string, enum: [\#(Self.words(MarketCurrency.allCases))]}
        discounted_price: {$ref: "#/components/schemas/Money"}
        stock: {type: integer, minimum: 0}
    Vendor:
      type: object
      required: [id, name]
      properties:
        id: {type: integer, minimum: 1}
        name: {type: string}
    WishList:
      type: object
      required: [version, products]
      properties:
        version: {type: integer, const: 1}
        products:
          type: array
          maxItems: 200
          items:
            type: object
            required: [id, name, currency, price, bargainPrice, stock, gone]
            properties:
              id: {type: integer, minimum: 1}
              name: {type: string, maxLength: 200}
              currency: {type: string, maxLength: 8}
              price: {type: string}
              bargainPrice: {type: string}
              stock: {type: integer}
              gone: {type: boolean}
"""#
}
