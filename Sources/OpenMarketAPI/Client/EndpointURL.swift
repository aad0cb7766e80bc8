import Foundation

/// Builds absolute URLs under a base URL, percent-encoding the path and query by hand so that
/// `&`, `+`, `%`, `#`, spaces and Korean text arrive as they were typed.
enum EndpointURL {
    /// `base` + `path` (which starts with `/`) + `?name=value&…`; the base's own path is kept as a prefix.
    static func make(base: URL, path: String, query: [(name: String, value: String)] = [])
        throws(OpenMarketError) -> URL
    {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            throw .invalidRequest("the path \"\(path.prefix(60))\" must start with a single /")
        }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.host?.isEmpty == false
        else {
            throw .invalidRequest("the server address \(base.absoluteString.prefix(100)) is not an http URL")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        guard let origin = components.string else {
            throw .invalidRequest("the server address \(base.absoluteString.prefix(100)) is not usable")
        }
        var text = origin + basePath + encodePath(path)
        if !query.isEmpty {
            text +=
                "?"
                + query.map { encodeQueryComponent($0.name) + "=" + encodeQueryComponent($0.value) }
                .joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw .invalidRequest("could not make a URL of \(text.prefix(100))")
        }
        return url
    }

    /// Percent-encodes every byte but the unreserved ones (`A–Z a–z 0–9 - . _ ~`): safe as a query name or value.
    static func encodeQueryComponent(_ text: String) -> String {
        percentEncode(text) { isUnreserved($0) }
    }

    /// Percent-encodes what may not appear in a path; keeps `/`, sub-delimiters, `:`, `@` and existing `%XX`.
    static func encodePath(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var result = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                result += String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                index += 3
                continue
            }
            if isUnreserved(byte) || "/!$&'()*+,;=:@".utf8.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += hexEscape(byte)
            }
            index += 1
        }
        return result
    }

    private static func percentEncode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += hexEscape(byte)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default:
            false
        }
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        var text = "%"
        text.unicodeScalars.append(digits[Int(byte >> 4)])
        text.unicodeScalars.append(digits[Int(byte & 0x0F)])
        return text
    }
}
