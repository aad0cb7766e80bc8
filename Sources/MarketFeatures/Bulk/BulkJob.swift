public import OpenMarketAPI

/// What the runtime writes for a bulk change: a job number, and a write a product.
public struct BulkJob: Sendable, Equatable {
    /// One product's write.
    public enum Write: Sendable, Equatable {
        case update(id: Int, changes: ProductChanges)
        case delete(id: Int)

        public var productID: Int {
            switch self {
            case .update(let id, _), .delete(let id): id
            }
        }
    }

    public var id: Int
    public var writes: [Write]

    public init(id: Int, writes: [Write]) {
        self.id = id
        self.writes = writes
    }
}
