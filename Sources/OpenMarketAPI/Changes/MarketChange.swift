import Foundation
import MarketWords

/// A change the market told its followers of (`ChangeEvents`): a product as it is now, or gone; a reset (what
/// is shown may be out of date); how many are here.
public enum MarketChange: Sendable, Equatable {
    case registered(ProductSummary)
    case edited(ProductSummary)
    case deleted(id: Int)
    /// Changes may have been missed: reload what is shown. `reason` is the market's words (untrusted text).
    case reset(reason: String)
    /// How many are browsing the market now.
    case here(browsing: Int)
    /// The token this stream's client names itself by when it says what it looks at (`OpenMarketClient.look`).
    case viewer(String)
    /// How many look at product `id` now (this client included), when that changed.
    case looking(id: Int, count: Int)

    /// The change an event says; nil for an event of a kind this client does not know (a newer market's), or
    /// whose data does not read (both ignored: the stream goes on). A stream's reader passes its own `decoder`:
    /// making one an event was a fifth of what reading an edit cost a browser (docs/BENCHMARKS.md).
    public init?(_ event: ServerSentEvent, decoder: JSONDecoder = JSONDecoder()) {
        guard let kind = ChangeEvents.Kind(rawValue: event.type) else { return nil }
        var data: Data { Data(event.data.utf8) }
        switch kind {
        case .registered:
            guard let product = Self.product(event.data, decoder: decoder) else { return nil }
            self = .registered(product)
        case .edited:
            guard let product = Self.product(event.data, decoder: decoder) else { return nil }
            self = .edited(product)
        case .deleted:
            guard let body = try? decoder.decode(Deleted.self, from: data) else { return nil }
            self = .deleted(id: body.id)
        case .reset:
            self = .reset(reason: (try? decoder.decode(Reset.self, from: data))?.reason ?? "")
        case .here:
            guard let body = try? decoder.decode(Here.self, from: data), body.browsing >= 0 else { return nil }
            self = .here(browsing: body.browsing)
        case .viewer:
            guard let body = try? decoder.decode(Viewer.self, from: data), !body.viewer.isEmpty, body.viewer.utf8.count <= 64,
                body.viewer.allSatisfy({ $0.isLetter || $0.isNumber }), body.viewer.allSatisfy(\.isASCII)
            else { return nil }
            self = .viewer(body.viewer)
        case .looking:
            guard let body = try? decoder.decode(Looking.self, from: data), body.looking >= 0 else { return nil }
            self = .looking(id: body.id, count: body.looking)
        }
    }

    /// The product an event carries: read as a plain object where it is one (a market's products are), else by
    /// `decoder` (the same product either way: `FlatJSONObjectTests`).
    static func product(_ text: String, decoder: JSONDecoder) -> ProductSummary? {
        var text = text
        let plain = text.withUTF8 { bytes in FlatJSONObject(UnsafeRawBufferPointer(bytes)).flatMap(ProductSummary.init(flat:)) }
        return plain ?? (try? decoder.decode(ProductSummary.self, from: Data(text.utf8)))
    }

    private struct Deleted: Decodable { var id: Int }
    private struct Reset: Decodable { var reason: String? }
    private struct Here: Decodable { var browsing: Int }
    private struct Viewer: Decodable { var viewer: String }
    private struct Looking: Decodable { var id: Int; var looking: Int }
}
