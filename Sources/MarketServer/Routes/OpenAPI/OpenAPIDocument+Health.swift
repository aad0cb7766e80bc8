import MarketWords

extension OpenAPIDocument {
    /// The health paths: `/healthChecker` and `/healthChecker/ready`.
    static let healthPaths = #"""
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

"""#
}
