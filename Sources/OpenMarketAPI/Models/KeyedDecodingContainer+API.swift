import Foundation

/// Decoding of the API's timestamps and URLs, with errors that name the key.
extension KeyedDecodingContainer {
    /// A timestamp in one of the forms `APITimestamp` accepts; a corrupted-data error naming the key otherwise.
    func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = APITimestamp.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "not a date: \(Self.quoted(text))")
        }
        return date
    }

    /// Like `decodeTimestamp(forKey:)`, but nil when the key is absent or null.
    func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeTimestamp(forKey: key)
    }

    /// An absolute URL; a corrupted-data error naming the key when the text is not one.
    func decodeAbsoluteURL(forKey key: Key) throws -> URL {
        let text = try decode(String.self, forKey: key)
        guard let url = Self.absoluteURL(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "not a URL: \(Self.quoted(text))")
        }
        return url
    }

    /// An absolute URL, or nil when the key is absent, null, empty or not a URL (for optional pictures).
    func decodeLenientURL(forKey key: Key) throws -> URL? {
        try decodeIfPresent(String.self, forKey: key).flatMap(Self.absoluteURL)
    }

    static func absoluteURL(_ text: String) -> URL? {
        guard !text.isEmpty, let url = URL(string: text), url.scheme != nil, url.host != nil else { return nil }
        return url
    }

    /// The text in quotes, shortened so an error message stays one line.
    private static func quoted(_ text: String) -> String {
        let limit = 40
        return "\"" + (text.count > limit ? text.prefix(limit) + "…" : text) + "\""
    }
}
