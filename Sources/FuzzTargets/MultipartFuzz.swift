import MarketServer

/// The server's upload path: a `Content-Type` header line, then a multipart body; every `params` part
/// goes on to the product JSON reader, as the routes do.
enum MultipartFuzz {
    static let target = FuzzTarget(
        name: "multipart",
        summary: "server: multipart/form-data parser (boundary from Content-Type, parts, headers) and the params JSON"
    ) { input in
        let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
        let header = String(decoding: input[..<newline], as: UTF8.self)
        let body = Array(input[min(newline + 1, input.endIndex)...])
        var parsers = [MultipartParser(boundary: "openmarket-boundary")]
        if let boundary = try? MultipartParser.boundary(fromContentType: header) {
            precondition((1...70).contains(boundary.utf8.count), "a boundary of 1…70 bytes")
            parsers.append(MultipartParser(boundary: boundary))
        }
        for parser in parsers {
            guard let parts = try? parser.parse(body) else { continue }
            precondition(parts.count <= parser.maxParts, "no more parts than the limit")
            for part in parts where part.name == "params" {
                _ = try? ProductParams.parse(part.body, what: "params")
            }
        }
    }
}
