import ImagePipeline
public import TerminalUI

extension TerminalColor {
    /// The colour of a rendered picture's cell (`CellImage.defaultColor` is -1, 0–255 are palette
    /// indices, `CellImage.direct` values carry a 24-bit colour).
    public init(cellIndex: Int32) {
        if cellIndex < 0 {
            self = .default
        } else if CellImage.isDirect(cellIndex) {
            let rgb = CellImage.rgb(of: cellIndex)
            self = .rgb(rgb.r, rgb.g, rgb.b)
        } else {
            self = .indexed(UInt8(truncatingIfNeeded: cellIndex))
        }
    }
}
