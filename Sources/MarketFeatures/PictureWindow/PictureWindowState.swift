public import Foundation
import Localization
import TerminalUI

/// A product's picture on the whole window (`z` or Enter in the detail): as large as the window allows with
/// its aspect kept, in whatever way the terminal draws pictures, the picture itself (not its thumbnail);
/// ←/→ step through the product's pictures; back (or `z`) returns to the detail, on the picture shown last.
public struct PictureWindowState: Sendable, Equatable {
    /// What the window tells the browser.
    public enum Delegate: Sendable, Equatable {
        /// It closed on picture `index`: the detail below shows that one.
        case closed(productID: Int, index: Int)
    }

    /// The product's id (its detail is below).
    public var productID: Int
    /// Its name, for the caption (as sent: made printable when drawn).
    public var name: String
    /// Its pictures at full size.
    public var pictures: [URL]
    public var index: Int

    public init(productID: Int, name: String, pictures: [URL], index: Int = 0) {
        self.productID = productID
        self.name = name
        self.pictures = pictures
        self.index = pictures.isEmpty ? 0 : min(max(0, index), pictures.count - 1)
    }

    /// The picture shown.
    public var picture: URL? { pictures.isEmpty ? nil : pictures[index] }

    /// → and ← page through the pictures, Esc and z close the window; every other key waits (help and the
    /// colour and picture modes are offered on by `handle(_:context:)` before this).
    mutating func handle(_ key: KeyEvent, keymap: Keymap) -> Outcome<PresentationAction> {
        switch keymap.action(for: key, in: .detail) {
        case .pictureNext:
            if !pictures.isEmpty { index = (index + 1) % pictures.count }
        case .picturePrevious:
            if !pictures.isEmpty { index = (index + pictures.count - 1) % pictures.count }
        case .back, .pictureWindow:
            return .handled([.delegate(.pictureWindow(.closed(productID: productID, index: index)))])
        default:
            break
        }
        return .handled([])
    }
}

extension PictureWindowState: PresentedFeature {
    var presented: Presentation { .pictureWindow(self) }

    var coversContent: Bool { true }
    var coversScreen: Bool { true }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        switch input {
        case .key(let key):
            if let action = context.keymap.action(for: key, in: .browse), [.help, .colorsCycle, .picturesCycle].contains(action) {
                return .notMine
            }
            return handle(key, keymap: context.keymap)
        case .mouse(let mouse):
            switch mouse.kind {
            case .wheelDown: return handle(.right, keymap: .standard)
            case .wheelUp: return handle(.left, keymap: .standard)
            default: return .handled([])
            }
        }
    }

    func widget(_ context: RenderContext) -> any Widget { PictureWindowWidget(window: self, context: context) }
}
