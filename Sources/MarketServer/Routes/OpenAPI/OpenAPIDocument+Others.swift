import MarketWords

extension OpenAPIDocument {
    /// The pictures, the change stream, the wish lists, this document and the metrics.
    static let otherPaths = #"""
  \#(ChangeEvents.path):
    get:
      tags: [changes]
      operationId: followChanges
      summary: >-
        The market's changes as they happen, as Server-Sent Events that do not end: `registered`, `edited` (the product
        as a page lists it), `deleted` (`{"id"}`), `reset` (`{"reason"}`: read again what you show), `viewer`
        (`{"viewer"}`, first), `here` (`{"browsing"}`), `looking` (`{"id","looking"}`). Each change has an id to
        send back on reconnecting; a comment line after 15 s without an event.
      parameters:
        - name: \#(ChangeEvents.lastEventHeader)
          in: header
          required: false
          description: The last event's id a reconnecting client had (`9f3a07c2-42`); the stream begins with every change since, or a `reset`.
          schema: {type: string, maxLength: \#(ChangeEvents.longestID)}
        - name: \#(ChangeEvents.afterParameter)
          in: query
          required: false
          description: The same, for a client that cannot set headers.
          schema: {type: string, maxLength: \#(ChangeEvents.longestID)}
      responses:
        "200":
          description: The stream.
          content:
            text/event-stream:
              schema: {type: string}
        "400": {$ref: "#/components/responses/BadRequest"}
        "429":
          description: This address holds as many streams as it may, or started more than a minute allows; `Retry-After` says when to try again.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Error"}
  \#(ChangeEvents.lookingPath(viewer: "{viewer}")):
    put:
      tags: [changes]
      operationId: look
      summary: Which product the client of a change stream looks at now; answers how many look at it (this client included).
      parameters:
        - name: viewer
          in: path
          required: true
          description: The token the client's stream named it by (its `viewer` event).
          schema: {type: string}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [\#(ChangeEvents.lookingKey)]
              properties:
                \#(ChangeEvents.lookingKey): {type: [integer, "null"], minimum: 1}
      responses:
        "200":
          description: How many look at the product (0 for none).
          content:
            application/json:
              schema:
                type: object
                required: [\#(ChangeEvents.lookingKey)]
                properties:
                  \#(ChangeEvents.lookingKey): {type: integer, minimum: 0}
        "400": {$ref: "#/components/responses/BadRequest"}
        "404": {$ref: "#/components/responses/NotFound"}
        "413": {$ref: "#/components/responses/TooLarge"}
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
  /api/vendors/me:
    get:
      tags: [vendors]
      operationId: me
      summary: The vendor the identifier header names, its id (`vendor_id` in products) and name.
      parameters:
        - $ref: "#/components/parameters/Identifier"
      responses:
        "200":
          description: The vendor.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Vendor"}
        "401": {$ref: "#/components/responses/Unauthorized"}
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

"""#
}
