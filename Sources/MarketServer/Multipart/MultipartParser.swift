/// Parses a whole `multipart/form-data` body (RFC 7578): `--boundary` lines with CRLF, part headers,
/// a closing `--boundary--`. Every malformation is a 400 with a sentence saying what is wrong.
package struct MultipartParser {
    let boundary: [UInt8]
    package var maxParts = 16
    var maxHeaderBytes = 8 * 1024

    package init(boundary: String) {
        self.boundary = Array(boundary.utf8)
    }

    /// The boundary named by a `Content-Type: multipart/form-data; boundary=…` header.
    package static func boundary(fromContentType contentType: String?) throws(APIError) -> String {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else {
            throw .unsupportedMedia("request must be multipart/form-data (params and images)")
        }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingSpaces()
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count) else { break }
            return value
        }
        throw .badRequest("multipart Content-Type has no boundary")
    }

    package func parse(_ body: [UInt8]) throws(APIError) -> [MultipartPart] {
        let delimiter = [UInt8]("--".utf8) + boundary
        let partDelimiter = [UInt8]("\r\n--".utf8) + boundary
        guard let first = body.firstRange(of: delimiter) else {
            throw .badRequest("multipart body does not contain its boundary")
        }
        var cursor = first.upperBound
        var parts: [MultipartPart] = []
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[cursor...].starts(with: "--".utf8) { return parts }
            guard body[cursor...].starts(with: "\r\n".utf8) else {
                throw .badRequest("multipart body is truncated or malformed after a boundary")
            }
            cursor += 2
            guard parts.count < maxParts else { throw .badRequest("multipart body has more than \(maxParts) parts") }
            guard let headerEnd = body[cursor...].firstRange(of: "\r\n\r\n".utf8) else {
                throw .badRequest("multipart part headers are truncated")
            }
            guard headerEnd.lowerBound - cursor <= maxHeaderBytes else {
                throw .badRequest("multipart part headers are too long")
            }
            var part = try Self.headers(body[cursor..<headerEnd.lowerBound])
            let contentStart = headerEnd.upperBound
            guard let next = body[contentStart...].firstRange(of: partDelimiter) else {
                throw .badRequest("multipart body is truncated: part \"\(part.name)\" has no closing boundary")
            }
            part.body = body[contentStart..<next.lowerBound]
            parts.append(part)
            cursor = next.upperBound
        }
    }

    private static func headers(_ block: ArraySlice<UInt8>) throws(APIError) -> MultipartPart {
        let text = String(decoding: block, as: UTF8.self)
        var name: String?
        var filename: String?
        var contentType: String?
        for line in text.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                throw .badRequest("multipart part has a malformed header line")
            }
            let field = line[..<colon].trimmingSpaces().lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            switch field {
            case "content-disposition":
                let parameters = dispositionParameters(value)
                name = parameters["name"]
                filename = parameters["filename"]
            case "content-type":
                contentType = value
            default:
                continue
            }
        }
        guard let name, !name.isEmpty else {
            throw .badRequest("multipart part has no Content-Disposition name")
        }
        return MultipartPart(name: name, filename: filename, contentType: contentType, body: [])
    }

    /// `form-data; name="images"; filename="a b.jpg"` → ["name": "images", "filename": "a b.jpg"].
    static func dispositionParameters(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Substring(value)
        // Skip the disposition type.
        guard let semicolon = scalars.firstIndex(of: ";") else { return result }
        scalars = scalars[scalars.index(after: semicolon)...]
        while !scalars.isEmpty {
            scalars = scalars.drop { $0 == " " || $0 == ";" }
            guard let equals = scalars.firstIndex(of: "=") else { break }
            let key = scalars[..<equals].trimmingSpaces().lowercased()
            var rest = scalars[scalars.index(after: equals)...]
            var parsed = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                var end = rest.endIndex
                for index in rest.indices {
                    let c = rest[index]
                    if escaped {
                        parsed.append(c)
                        escaped = false
                    } else if c == "\\" {
                        escaped = true
                    } else if c == "\"" {
                        end = index
                        break
                    } else {
                        parsed.append(c)
                    }
                }
                scalars = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                parsed = rest[..<end].trimmingSpaces()
                scalars = rest[end...]
            }
            result[key] = parsed
        }
        return result
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let trimmed = self.drop { $0 == " " || $0 == "\t" }
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == " " || trimmed[trimmed.index(before: end)] == "\t" {
            end = trimmed.index(before: end)
        }
        return String(trimmed[..<end])
    }
}
