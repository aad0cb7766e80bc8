public import Localization
import Foundation
public import ImagePipeline
public import OpenMarketAPI
public import TerminalUI
import MarketWords

extension ProductFormState {
    /// What a key does in the form: save, cancel, move between fields, complete or add a picture's path, or
    /// edit the field with focus. Nothing while a submit is under way. Every key is the form's.
    public mutating func handle(_ key: KeyEvent, keymap: Keymap = .standard) -> Outcome<Effect> {
        .handled(press(key, keymap: keymap))
    }

    /// The effects of `key` (see `handle`).
    mutating func press(_ key: KeyEvent, keymap: Keymap) -> [Effect] {
        if isSubmitting { return [] }
        switch keymap.action(for: key, in: .form) {
        case .formSubmit:
            return submit()
        case .formCancel:
            return isDirty ? [.askToDiscard] : [.close(saved: nil)]
        default:
            break
        }
        switch key {
        case .tab where focus == .pictures && !picturePath.text.isEmpty:
            return [.completePath(picturePath.text)]
        case .enter where focus == .pictures && !picturePath.text.isEmpty:
            return addPicture()
        case .tab, .down:
            move(by: 1)
            return []
        case .backTab, .up:
            move(by: -1)
            return []
        case .enter where focus == .submit:
            return submit()
        case .enter where focus != .description:
            move(by: 1)
            return []
        default:
            break
        }
        edit(key)
        phase = .editing
        return []
    }

    /// A key for the field with focus: its text edited, the currency or thumbnail switched, a picture chosen
    /// or removed.
    mutating func edit(_ key: KeyEvent) {
        switch focus {
        case .name: name.apply(key)
        case .description: description.apply(key)
        case .price: price.apply(key)
        case .discount: discount.apply(key)
        case .stock: stock.apply(key)
        case .currency:
            if [.left, .right, .character(" "), .character("h"), .character("l")].contains(key) {
                currency = currency == .krw ? .usd : .krw
            }
        case .thumbnail:
            guard let index = images.firstIndex(where: { $0.id == thumbnailID }) else { break }
            if key == .right || key == .character("l") { thumbnailID = images[(index + 1) % images.count].id }
            if key == .left || key == .character("h") { thumbnailID = images[(index + images.count - 1) % images.count].id }
        case .pictures:
            if picturePath.text.isEmpty, !pictures.isEmpty {
                switch key {
                case .left: selectedPicture = max(0, selectedPicture - 1)
                case .right: selectedPicture = min(pictures.count - 1, selectedPicture + 1)
                case .delete, .backspace:
                    pictures.remove(at: min(selectedPicture, pictures.count - 1))
                    selectedPicture = max(0, min(selectedPicture, pictures.count - 1))
                    pictureMessage = nil
                default: picturePath.apply(key)
                }
            } else {
                picturePath.apply(key)
                completions = []
            }
        case .submit:
            break
        }
    }


    mutating func move(by delta: Int) {
        let order = fields
        let index = order.firstIndex(of: focus) ?? 0
        visited.insert(focus)
        focus = order[(index + delta + order.count) % order.count]
    }
}
