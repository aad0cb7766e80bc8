import Foundation

/// Unpadded base64url (RFC 4648, section 5), the alphabet of a URL's path segment.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`; nil for anything but unpadded base64url (no `+`, `/`, `=` or spaces).
    static func decode(_ text: String) -> Data? {
        guard !text.contains(where: { $0 == "+" || $0 == "/" || $0 == "=" }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        switch standard.count % 4 {
        case 2: standard += "=="
        case 3: standard += "="
        case 1: return nil
        default: break
        }
        guard let data = Data(base64Encoded: standard), encode(data) == text else { return nil }
        return data
    }
}
