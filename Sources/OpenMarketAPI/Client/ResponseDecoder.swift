import Foundation

/// Turns response bodies into models, and error bodies into `OpenMarketError`s.
package enum ResponseDecoder {
    /// `body` decoded as `Model`; a decoding error with the key path otherwise.
    package static func decode<Model: Decodable>(_ type: Model.Type, from body: [UInt8]) throws(OpenMarketError) -> Model {
        do {
            return try JSONDecoder().decode(Model.self, from: Data(body))
        } catch {
            throw OpenMarketError.decoding(error, body: body)
        }
    }

    /// The HTTP-status error for a non-2xx response, with the message of a `{"code","message"}` body.
    static func statusError(_ response: TransportResponse) -> OpenMarketError {
        .httpStatus(response.status, message: serverMessage(in: response.body))
    }

    /// The `message` of an API error body, or nil when the body is not such JSON.
    package static func serverMessage(in body: [UInt8]) -> String? {
        guard body.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "{")
        else { return nil }
        return (try? JSONDecoder().decode(ErrorBody.self, from: Data(body)))?.message
    }

    /// `{"code": 403, "message": "secret is wrong for this vendor"}`.
    private struct ErrorBody: Decodable {
        var message: String?
    }

    /// The path in a `text/plain` answer of `POST …/archived`: trimmed, its quotes removed if it has them.
    package static func deletePath(from body: [UInt8]) throws(OpenMarketError) -> String {
        var text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            text =
                (try? JSONDecoder().decode(String.self, from: Data(text.utf8))) ?? String(text.dropFirst().dropLast())
        }
        guard text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains(where: \.isWhitespace) else {
            let shown = text.isEmpty ? "an empty answer" : "\"\(text.prefix(40))\""
            throw .decoding(keyPath: nil, reason: "expected a path like /api/products/…, got \(shown)")
        }
        return text
    }
}
