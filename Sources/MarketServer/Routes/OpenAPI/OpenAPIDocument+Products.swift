import MarketWords

extension OpenAPIDocument {
    /// The product paths, with the listing's words and the rules from ``ProductRules``, and the delete steps.
    static let productPaths = #"""
  /api/products:
    get:
      tags: [products]
      operationId: listProducts
      summary: A page of products, newest first, or in the order and filter asked.
      parameters:
        - name: \#(ListingParameter.pageNumber.rawValue)
          in: query
          description: The page, from 1 (default 1).
          schema: {type: integer, minimum: \#(ProductRules.pageNumbers.lowerBound), maximum: \#(ProductRules.pageNumbers.upperBound)}
        - name: \#(ListingParameter.itemsPerPage.rawValue)
          in: query
          description: Products a page (default \#(ProductRules.defaultItemsPerPage)).
          schema: {type: integer, minimum: \#(ProductRules.itemsPerPage.lowerBound), maximum: \#(ProductRules.itemsPerPage.upperBound)}
        - name: \#(ListingParameter.search.rawValue)
          in: query
          description: Only products whose name or description has every word of it (in any order, spacing and hyphens ignored, typos and Korean initial consonants forgiven), best match first unless sort is given (docs/API.md, "Search"); empty is none. At most \#(ProductRules.searchLength) characters, without U+0000 (400).
          schema: {type: string}
        - name: \#(ListingParameter.sort.rawValue)
          in: query
          description: The order of the whole list (this server's extension); default newest.
          schema: {type: string, enum: [\#(Self.words(ListingOrder.allCases))]}
        - name: \#(ListingParameter.inStock.rawValue)
          in: query
          description: Only products with stock left (this server's extension).
          schema: {type: string, enum: ["true", "false", "1", "0"]}
        - name: \#(ListingParameter.currency.rawValue)
          in: query
          description: Only products priced in it; a price range needs it (this server's extension).
          schema: {type: string, enum: [\#(Self.words(MarketCurrency.allCases)), \#(MarketCurrency.allCases.map { $0.rawValue.lowercased() }.joined(separator: ", "))]}
        - name: \#(ListingParameter.priceMin.rawValue)
          in: query
          description: The least price paid (bargain price), included; needs currency.
          schema: {type: string, pattern: "\#(Self.boundPattern)"}
        - name: \#(ListingParameter.priceMax.rawValue)
          in: query
          description: The most price paid, included; needs currency.
          schema: {type: string, pattern: "\#(Self.boundPattern)"}
      responses:
        "200":
          description: The page.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Page"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "503": {$ref: "#/components/responses/Unavailable"}
    post:
      tags: [products]
      operationId: registerProduct
      summary: Registers a product with \#(ProductRules.pictureCount.lowerBound) to \#(ProductRules.pictureCount.upperBound) pictures, in one atomic step.
      parameters:
        - $ref: "#/components/parameters/Identifier"
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [params, images]
              properties:
                params:
                  description: The product, a JSON object sent as text.
                  type: string
                  contentMediaType: application/json
                  contentSchema: {$ref: "#/components/schemas/NewProduct"}
                images:
                  description: \#(ProductRules.pictureCount.lowerBound) to \#(ProductRules.pictureCount.upperBound) pictures, JPEG or PNG by their content, each at most \#(ProductRules.pictureBytes.grouped) bytes.
                  type: array
                  minItems: \#(ProductRules.pictureCount.lowerBound)
                  maxItems: \#(ProductRules.pictureCount.upperBound)
                  items:
                    type: string
                    contentMediaType: application/octet-stream
      responses:
        "201":
          description: The product registered.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Detail"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "401": {$ref: "#/components/responses/Unauthorized"}
        "403": {$ref: "#/components/responses/Forbidden"}
        "413": {$ref: "#/components/responses/TooLarge"}
        "415": {$ref: "#/components/responses/NotAPicture"}
        "503": {$ref: "#/components/responses/Unavailable"}
  /api/products/{id}:
    get:
      tags: [products]
      operationId: showProduct
      summary: One product with its pictures and its vendor.
      parameters:
        - $ref: "#/components/parameters/ProductID"
      responses:
        "200":
          description: The product.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Detail"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "404": {$ref: "#/components/responses/NotFound"}
        "503": {$ref: "#/components/responses/Unavailable"}
    patch:
      tags: [products]
      operationId: editProduct
      summary: Changes the fields given; the others stay.
      parameters:
        - $ref: "#/components/parameters/ProductID"
        - $ref: "#/components/parameters/Identifier"
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/ProductChanges"}
      responses:
        "200":
          description: The product as changed.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Detail"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "401": {$ref: "#/components/responses/Unauthorized"}
        "403": {$ref: "#/components/responses/Forbidden"}
        "404": {$ref: "#/components/responses/NotFound"}
        "413": {$ref: "#/components/responses/TooLarge"}
        "503": {$ref: "#/components/responses/Unavailable"}
    delete:
      tags: [products]
      operationId: deleteProduct
      summary: Deletes a product with the one-time path `POST …/archived` gave (`/api/products/{token}`).
      parameters:
        - name: id
          in: path
          required: true
          description: The token from `POST /api/products/{id}/archived`.
          schema: {type: string}
        - $ref: "#/components/parameters/Identifier"
      responses:
        "200":
          description: The product as it was.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Detail"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "401": {$ref: "#/components/responses/Unauthorized"}
        "403": {$ref: "#/components/responses/Forbidden"}
        "404": {$ref: "#/components/responses/NotFound"}
        "503": {$ref: "#/components/responses/Unavailable"}
  /api/products/{id}/\#(DeleteSteps.ask):
    post:
      tags: [products]
      operationId: askToDelete
      summary: A one-time path that deletes the product (single use, 10 minutes, this vendor's only).
      parameters:
        - $ref: "#/components/parameters/ProductID"
        - $ref: "#/components/parameters/Identifier"
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [\#(DeleteSteps.secretKey)]
              properties:
                \#(DeleteSteps.secretKey): {type: string}
      responses:
        "200":
          description: The path, `/api/products/{token}`.
          content:
            text/plain:
              schema: {type: string, pattern: "^/api/products/[A-Za-z0-9_-]+$"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "401": {$ref: "#/components/responses/Unauthorized"}
        "403": {$ref: "#/components/responses/Forbidden"}
        "404": {$ref: "#/components/responses/NotFound"}
        "413": {$ref: "#/components/responses/TooLarge"}
        "503": {$ref: "#/components/responses/Unavailable"}
  /api/products/{id}/\#(DeleteSteps.restore):
    post:
      tags: [products]
      operationId: restore
      summary: Brings back the vendor's product deleted in the last \#(DeleteSteps.keptSeconds / 60) minutes, as it was (its id and pictures).
      parameters:
        - $ref: "#/components/parameters/ProductID"
        - $ref: "#/components/parameters/Identifier"
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [\#(DeleteSteps.secretKey)]
              properties:
                \#(DeleteSteps.secretKey): {type: string}
      responses:
        "200":
          description: The product, back.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Detail"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "401": {$ref: "#/components/responses/Unauthorized"}
        "403": {$ref: "#/components/responses/Forbidden"}
        "404": {$ref: "#/components/responses/NotFound"}
        "413": {$ref: "#/components/responses/TooLarge"}
        "503": {$ref: "#/components/responses/Unavailable"}

"""#
}
