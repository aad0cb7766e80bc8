public import Localization
import Foundation
public import ImagePipeline
public import OpenMarketAPI
public import TerminalUI
import MarketWords

extension ProductFormState {
    /// Asks for the picture at the typed path to be read; refuses a sixth.
    mutating func addPicture() -> [Effect] {
        let path = Self.expandingHome(picturePath.text.trimmingCharacters(in: .whitespaces))
        guard pictures.count + loadingPictures.count < ProductRules.pictureCount.upperBound else {
            pictureMessage = .tooManyPictures(ProductRules.pictureCount.upperBound)
            return []
        }
        guard !pictures.contains(where: { $0.path == path }) else {
            pictureMessage = .pictureAlreadyAdded
            return []
        }
        loadingPictures.append(path)
        pictureMessage = nil
        completions = []
        return [.preparePicture(path: path)]
    }

    static func expandingHome(_ path: String) -> String {
        guard path.hasPrefix("~/") else { return path }
        return (ProcessInfo.processInfo.environment["HOME"] ?? "~") + path.dropFirst(1)
    }

    /// A picture was read (or could not be): the path field empties only when it was added.
    public mutating func pictureLoaded(path: String, _ result: Result<Picture, BrowserFailure>) {
        loadingPictures.removeAll { $0 == path }
        switch result {
        case .success(let picture):
            guard pictures.count < ProductRules.pictureCount.upperBound else {
                pictureMessage = .tooManyPictures(ProductRules.pictureCount.upperBound)
                return
            }
            pictures.append(picture)
            selectedPicture = pictures.count - 1
            if Self.expandingHome(picturePath.text.trimmingCharacters(in: .whitespaces)) == path {
                picturePath = TextFieldEditor("", limit: 4096)
            }
            let u = picture.upload
            pictureMessage =
                u.wasShrunk
                ? .pictureShrunk(
                    filename: TerminalText.sanitized(picture.filename), from: Self.size(u.originalSize), to: Self.size(u.bytes.count),
                    width: u.width, height: u.height)
                : nil
        case .failure(let failure):
            pictureMessage = .pictureUnreadable(TerminalText.sanitized(failure.message))
        }
    }

    /// Completions of the typed path arrived: one completes it, several fill in their common start.
    public mutating func completionsArrived(for prefix: String, _ candidates: [String]) {
        guard picturePath.text == prefix else { return }
        guard let first = candidates.first else {
            completions = []
            pictureMessage = .noFileStartsWith
            return
        }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        if common.count > prefix.count {
            picturePath = TextFieldEditor(common, limit: 4096)
        }
        completions = candidates.count > 1 ? candidates : []
        pictureMessage = nil
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_048_576
            ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : String(format: "%.0f KB", Double(bytes) / 1024)
    }
}
