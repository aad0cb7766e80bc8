/// The vendor of a product, as a detail names it (JSON key `vendors`).
public struct VendorInfo: Sendable, Equatable, Decodable, Identifiable {
    public var id: Int
    public var name: String

    /// A vendor with the given id and name.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
