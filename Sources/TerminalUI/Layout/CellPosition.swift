/// One cell of a canvas: column `x`, row `y`, from the top left.
public struct CellPosition: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
