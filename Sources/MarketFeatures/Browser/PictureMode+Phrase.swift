public import Localization
public import TerminalUI

extension PictureMode {
    /// The status bar's name of it: a graphics protocol by its own name, half blocks, or none.
    public var phrase: Phrase {
        switch self {
        case .kitty, .sixel, .iterm: .pictureMode(.graphics(label))
        case .blocks: .pictureMode(.blocks)
        case .off: .pictureMode(.off)
        }
    }
}
