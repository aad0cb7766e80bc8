/// Why a picture could not be read or written. A struct over a private code, so cases can grow.
public struct ImageCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case notAnImage
        case tooManyPixels(width: Int, height: Int, limit: Int)
        case corrupt(String)
        case encodeFailed(String)
        case tooLargeToShrink(Int)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// The bytes are neither JPEG nor PNG.
    public static let notAnImage = ImageCodecError(.notAnImage)
    /// The header claims more pixels than the caller allows.
    public static func tooManyPixels(width: Int, height: Int, limit: Int) -> ImageCodecError {
        ImageCodecError(.tooManyPixels(width: width, height: height, limit: limit))
    }
    /// The data looks like a picture but cannot be decoded.
    public static func corrupt(_ detail: String) -> ImageCodecError { ImageCodecError(.corrupt(detail)) }
    /// The encoder failed.
    public static func encodeFailed(_ detail: String) -> ImageCodecError { ImageCodecError(.encodeFailed(detail)) }
    /// No quality or size brings the picture under the byte limit.
    public static func tooLargeToShrink(_ limit: Int) -> ImageCodecError { ImageCodecError(.tooLargeToShrink(limit)) }

    /// True when the header claimed too many pixels.
    public var isTooManyPixels: Bool {
        if case .tooManyPixels = code { return true }
        return false
    }

    /// True when the bytes are not a JPEG or PNG at all.
    public var isNotAnImage: Bool { code == .notAnImage }

    /// A sentence fit to show a user.
    public var description: String {
        switch code {
        case .notAnImage:
            "not a JPEG or PNG picture"
        case .tooManyPixels(let width, let height, let limit):
            "picture is \(width)×\(height) pixels, more than the \(limit / 1_000_000) megapixels allowed"
        case .corrupt(let detail):
            "picture is damaged and cannot be read (\(detail))"
        case .encodeFailed(let detail):
            "picture could not be encoded (\(detail))"
        case .tooLargeToShrink(let limit):
            "picture cannot be made smaller than \(limit) bytes"
        }
    }
}
