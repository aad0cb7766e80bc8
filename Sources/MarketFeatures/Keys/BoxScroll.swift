/// How a box too small for its rows (help, "about this market") scrolls: ↑↓ a row, the page keys to either
/// end. Any other action closes the box.
enum BoxScroll {
    /// The first row shown after `action`, from `offset`, with `most` the last first row; nil when the action
    /// is not a scroll (the box closes).
    static func offset(_ offset: Int, after action: KeyAction?, most: Int) -> Int? {
        switch action {
        case .moveDown: min(most, offset + 1)
        case .moveUp: max(0, offset - 1)
        case .pageDown: most
        case .pageUp: 0
        default: nil
        }
    }
}
