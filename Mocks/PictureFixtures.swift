import Foundation

/// The JPEG files in `Mocks/Fixtures/pictures`: layouts TurboJPEG 2.1 cannot write (restart markers,
/// RGB components), made once with Pillow from a 136×88 picture with strong colour grain.
public enum PictureFixtures {
    public enum Name: String, CaseIterable, Sendable {
        /// 4:2:0, quality 88, no restart markers.
        case grain420 = "grain-420.jpg"
        /// The same picture and settings with a restart marker every 5 MCUs (RST0…RST7 wrap around).
        case grain420Restart = "grain-420-restart.jpg"
        /// 4:4:4 with a restart marker every 7 MCUs.
        case grain444Restart = "grain-444-restart.jpg"
        /// RGB components (an Adobe marker with transform 0), which must not be read as YCbCr.
        case grainRGB = "grain-rgb.jpg"
    }

    /// The file's bytes.
    public static func bytes(_ name: Name) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: APIFixtures.resource(name.rawValue, in: "Fixtures/pictures")))
    }
}
