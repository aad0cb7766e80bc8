import CTurboJPEG

/// How a JPEG keeps its colour: at full resolution, at half, or not at all.
public enum JPEGChroma: Sendable, CaseIterable {
    /// Colour for every 2×2 pixels (4:2:0), what cameras and most encoders write.
    case subsampled420
    /// Colour for every 2×1 pixels (4:2:2).
    case subsampled422
    /// Colour for every pixel (4:4:4).
    case full
    /// One grey component.
    case grey

    var turboSubsampling: Int32 {
        switch self {
        case .subsampled420: Int32(TJSAMP_420.rawValue)
        case .subsampled422: Int32(TJSAMP_422.rawValue)
        case .full: Int32(TJSAMP_444.rawValue)
        case .grey: Int32(TJSAMP_GRAY.rawValue)
        }
    }
}
