public import OpenMarketAPI

/// What `u` undoes: the last bulk change (while its products are as it left them), or the last delete (one
/// product or many, which `openmarket serve` keeps ten minutes for its vendor to bring back).
public enum Undoable: Sendable, Equatable {
    case change(BulkUndo)
    case delete([ProductSummary])
}
