/// The API `openmarket serve` answers, as an OpenAPI 3.1 document: every route, parameter, body, multipart
/// part, header, status and error body, the course API's and this server's extensions. Served at
/// `GET /openapi.yaml`; `openmarket openapi` prints it and `make docs` writes it to docs/openapi.yaml.
/// Checked against the live server by schemathesis in `make test`, on SQLite and PostgreSQL.
public enum OpenAPIDocument {
    /// The document as the server at `baseURL` answers it: its `servers` entry names that address, so a
    /// client generator pointed at `/openapi.yaml` speaks to the server it read it from.
    public static func yaml(servedAt baseURL: String) -> String {
        let written = "servers:\n  - url: http://127.0.0.1:8080\n    description: "
        guard let range = yaml.range(of: written), let end = yaml[range.upperBound...].firstIndex(of: "\n") else { return yaml }
        return yaml.replacingCharacters(in: range.lowerBound...end, with: "servers:\n  - url: \(baseURL)\n")
    }

    /// The document, YAML.
    public static let yaml = #"""
openapi: 3.1.0
info:
  title: Open Market API (openmarket serve)
  version: "2.1"
  summary: The course's Open Market API as `openmarket serve` answers it, with this server's extensions.
  description: |
    The product API of the iOS course's Open Market (pages of products, a product, registering with
    pictures, editing, deleting with a one-time token, the pictures themselves), as `openmarket serve`
    answers it, and this server's extensions beside it: order and filter of the list (`sort`, `in_stock`,
    `currency`, `price_min`, `price_max`, echoed as `listing`) and wish lists kept for clients without a disk.
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
paths:
  /healthChecker:
    get:
      tags: [health]
      operationId: health
      summary: Whether the server answers.
      responses:
        "200":
          description: Always `"OK"`, with the JSON quotes.
          content:
            application/json:
              schema:
                type: string
                const: OK
  /healthChecker/ready:
    get:
      tags: [health]
      operationId: ready
      summary: Whether the server can read its store (for a balancer).
      responses:
        "200":
          description: The store answered.
          content:
            application/json:
              schema:
                type: object
                required: [status, replica, store]
                properties:
                  status: {type: string, const: ready}
                  replica: {type: string}
                  store: {type: string}
                  store_us: {type: integer}
        "503":
          description: The store did not answer in time, or failed.
          content:
            application/json:
              schema:
                type: object
                required: [code, message, status]
                properties:
                  code: {type: integer, const: 503}
                  message: {type: string}
                  status: {type: string, const: unavailable}
                  replica: {type: string}
  /api/products:
    get:
      tags: [products]
      operationId: listProducts
      summary: A page of products, newest first, or in the order and filter asked.
      parameters:
        - name: page_no
          in: query
          description: The page, from 1 (default 1).
          schema: {type: integer, minimum: 1, maximum: 1000000}
        - name: items_per_page
          in: query
          description: Products a page (default 20).
          schema: {type: integer, minimum: 1, maximum: 100}
        - name: search_value
          in: query
          description: Only products whose name or description contains it, any case; empty is none. At most 200 characters, without U+0000 (400).
          schema: {type: string}
        - name: sort
          in: query
          description: The order of the whole list (this server's extension); default newest.
          schema: {type: string, enum: [newest, price-asc, price-desc, discount]}
        - name: in_stock
          in: query
          description: Only products with stock left (this server's extension).
          schema: {type: string, enum: ["true", "false", "1", "0"]}
        - name: currency
          in: query
          description: Only products priced in it; a price range needs it (this server's extension).
          schema: {type: string, enum: [KRW, USD, krw, usd]}
        - name: price_min
          in: query
          description: The least price paid (bargain price), included; needs currency.
          schema: {type: string, pattern: "^[0-9]{1,15}(\\.[0-9]{1,4})?$"}
        - name: price_max
          in: query
          description: The most price paid, included; needs currency.
          schema: {type: string, pattern: "^[0-9]{1,15}(\\.[0-9]{1,4})?$"}
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
      summary: Registers a product with 1 to 5 pictures, in one atomic step.
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
                  description: 1 to 5 pictures, JPEG or PNG by their content, each at most 307,200 bytes.
                  type: array
                  minItems: 1
                  maxItems: 5
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
  /api/products/{id}/archived:
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
              required: [secret]
              properties:
                secret: {type: string}
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
  /images/{vendor}/{day}/{file}:
    get:
      tags: [pictures]
      operationId: picture
      summary: A product's picture or its thumbnail, as the product's URLs name them.
      parameters:
        - {name: vendor, in: path, required: true, schema: {type: string}}
        - {name: day, in: path, required: true, schema: {type: string}}
        - {name: file, in: path, required: true, schema: {type: string}}
      responses:
        "200":
          description: The picture's bytes.
          headers:
            Cache-Control:
              schema: {type: string}
          content:
            image/jpeg:
              schema: {type: string, contentMediaType: image/jpeg}
            image/png:
              schema: {type: string, contentMediaType: image/png}
        "404": {$ref: "#/components/responses/NotFound"}
        "503": {$ref: "#/components/responses/Unavailable"}
  /api/wishlists/{owner}:
    parameters:
      - name: owner
        in: path
        required: true
        description: >-
          An owner issued by an SSH front the market trusts (`serve --wish-list-issuer`): a name (16 to 64 of
          letters, digits, `-`, `_`) followed by the front's Ed25519 signature over it (86 characters of unpadded
          base64url). The list is kept under the name.
        schema: {type: string, pattern: "^[A-Za-z0-9_-]{102,150}$"}
    get:
      tags: [wish lists]
      operationId: wishList
      summary: The wish list kept under the owner (an empty one when none is).
      responses:
        "200":
          description: The list.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/WishList"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "403": {$ref: "#/components/responses/Forbidden"}
        "503": {$ref: "#/components/responses/Unavailable"}
    put:
      tags: [wish lists]
      operationId: keepWishList
      summary: Keeps the list under the owner, replacing the one before.
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/WishList"}
      responses:
        "200":
          description: The list as kept.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/WishList"}
        "400": {$ref: "#/components/responses/BadRequest"}
        "403": {$ref: "#/components/responses/Forbidden"}
        "413": {$ref: "#/components/responses/TooLarge"}
        "429":
          description: This address wrote more wish lists than a minute allows; `Retry-After` says when to try again.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Error"}
        "503": {$ref: "#/components/responses/Unavailable"}
        "507":
          description: The market keeps no more wish lists now (its quota is full); nothing was changed.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Error"}
  /openapi.yaml:
    get:
      tags: [health]
      operationId: openAPI
      summary: This document, its `servers` naming this server's address.
      responses:
        "200":
          description: The document, YAML.
          content:
            application/yaml:
              schema: {type: string}
  /metrics:
    get:
      tags: [health]
      operationId: metrics
      summary: The server's metrics in Prometheus's text format — requests by route and status, latency, answer-cache hits, database pool waits (404 under `serve --no-metrics`).
      responses:
        "200":
          description: Prometheus's text exposition format.
          headers:
            Cache-Control:
              schema: {type: string, const: no-store}
          content:
            text/plain:
              schema: {type: string}
        "404": {$ref: "#/components/responses/NotFound"}
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
      description: No such product, token or picture.
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
    ProductFields:
      type: object
      required: [id, vendor_id, name, description, thumbnail, currency, price, bargain_price, discounted_price, stock, created_at, issued_at]
      properties:
        id: {type: integer, minimum: 1}
        vendor_id: {type: integer, minimum: 1}
        name: {type: string}
        description: {type: string}
        thumbnail: {type: string, description: "An absolute URL; empty when the product has no picture."}
        currency: {type: string}
        price: {$ref: "#/components/schemas/Money"}
        bargain_price: {$ref: "#/components/schemas/Money"}
        discounted_price: {$ref: "#/components/schemas/Money"}
        stock: {type: integer, minimum: 0}
        created_at: {$ref: "#/components/schemas/Timestamp"}
        issued_at: {$ref: "#/components/schemas/Timestamp"}
    ListItem:
      allOf:
        - $ref: "#/components/schemas/ProductFields"
        - type: object
          required: [vendorName]
          properties:
            vendorName: {type: string}
    Detail:
      allOf:
        - $ref: "#/components/schemas/ProductFields"
        - type: object
          required: [images, vendors]
          properties:
            images:
              type: array
              items:
                type: object
                required: [id, url, thumbnail_url, issued_at]
                properties:
                  id: {type: integer}
                  url: {type: string}
                  thumbnail_url: {type: string}
                  issued_at: {$ref: "#/components/schemas/Timestamp"}
            vendors:
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
          required: [sort, in_stock]
          properties:
            sort: {type: string, enum: [newest, price-asc, price-desc, discount]}
            in_stock: {type: boolean}
            currency: {type: string, enum: [KRW, USD]}
            price_min: {$ref: "#/components/schemas/Money"}
            price_max: {$ref: "#/components/schemas/Money"}
        pages:
          type: array
          items: {$ref: "#/components/schemas/ListItem"}
    NewProduct:
      type: object
      required: [name, description, price, currency, secret]
      properties:
        name: {type: string, minLength: 3, maxLength: 100}
        description: {type: string, minLength: 10, maxLength: 1000}
        price: {$ref: "#/components/schemas/Money"}
        currency: {type: string, enum: [KRW, USD]}
        discounted_price: {$ref: "#/components/schemas/Money"}
        stock: {type: integer, minimum: 0}
        secret: {type: string}
    ProductChanges:
      type: object
      required: [secret]
      properties:
        secret: {type: string}
        name: {type: string, minLength: 3, maxLength: 100}
        description: {type: string, minLength: 10, maxLength: 1000}
        thumbnail_id: {type: integer, description: An image id of this product.}
        price: {$ref: "#/components/schemas/Money"}
        currency: {type: string, enum: [KRW, USD]}
        discounted_price: {$ref: "#/components/schemas/Money"}
        stock: {type: integer, minimum: 0}
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
