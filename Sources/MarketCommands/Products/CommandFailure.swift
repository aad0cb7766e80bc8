import ArgumentParser
import Foundation
import ImagePipeline
import OpenMarketAPI
import Untrusted

/// What went wrong in a product command, said in one line on standard error, with an exit status from
/// sysexits.h that says what happened: 65 refused by the rules (EX_DATAERR), 66 no such product or file
/// (EX_NOINPUT), 69 the market unreachable or failing (EX_UNAVAILABLE), 77 not allowed (EX_NOPERM).
public struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, a line each.
    public var lines: [String]
    /// The exit status (sysexits.h).
    public var status: Int32

    /// EX_DATAERR: refused by the rules.
    public static let refused: Int32 = 65
    /// EX_NOINPUT: no such product or file.
    public static let missing: Int32 = 66
    /// EX_UNAVAILABLE: the market unreachable or failing.
    public static let unavailable: Int32 = 69
    /// EX_NOPERM: not allowed.
    public static let notAllowed: Int32 = 77

    public var description: String { lines.joined(separator: "\n") }

    /// Writes the lines to standard error (a market's words in them shown by `UntrustedText.shown`) and exits
    /// with the status.
    public func exit() -> ExitCode {
        for line in lines { FileHandle.standardError.write(Data("openmarket: \(UntrustedText.shown(line))\n".utf8)) }
        return ExitCode(status)
    }

    /// A failure of the market's API: its own message where it gave one, and the status its kind calls for.
    public init(_ error: OpenMarketError, market: URL) {
        let message = error.userMessage(in: .english)
        switch error.status {
        case 401?, 403?: self.init(lines: [message], status: Self.notAllowed)
        case 404?: self.init(lines: [message], status: Self.missing)
        case let status? where (400..<500).contains(status): self.init(lines: [message], status: Self.refused)
        case .some: self.init(lines: [message], status: Self.unavailable)
        case nil:
            self.init(lines: [error.isTransport || error.isTimeout ? "\(market.absoluteString): \(message)" : message], status: Self.unavailable)
        }
    }

    /// A failure said in `lines`, exiting with `status`.
    public init(lines: [String], status: Int32) {
        self.lines = lines
        self.status = status
    }

    /// A picture file that cannot be sent.
    public init(_ error: UploadPictureError) {
        switch error.phrase {
        case .noSuchFile, .isAFolder, .cannotReadFile: self.init(lines: [error.description], status: Self.missing)
        default: self.init(lines: [error.description], status: Self.refused)
        }
    }

    /// The rules a draft breaks, one line each, each named as `name` names its field (an option, by default).
    public init(_ violations: [DraftViolation], naming name: (DraftField) -> String = \.optionName) {
        self.init(lines: violations.map { "\(name($0.field)): \($0.message)" }, status: Self.refused)
    }

    /// A write without a vendor identity.
    public static let noIdentity = CommandFailure(
        lines: ["this needs a vendor identity: --identifier and --secret, OPENMARKET_IDENTIFIER and OPENMARKET_SECRET, a named server's, or the embedded market's demo vendor"],
        status: notAllowed)
}

extension DraftField {
    /// The argument that sets the field in the MCP tools.
    public var argumentName: String {
        switch self {
        case .discountedPrice: "discount"
        case .pictures: "pictures"
        default: optionName.replacingOccurrences(of: "--", with: "")
        }
    }

    /// The option that sets the field.
    public var optionName: String {
        switch self {
        case .name: "--name"
        case .description: "--description"
        case .price: "--price"
        case .discountedPrice: "--discount"
        case .stock: "--stock"
        case .currency: "--currency"
        case .pictures: "--picture"
        }
    }
}
