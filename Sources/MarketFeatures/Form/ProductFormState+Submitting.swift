public import Localization
import Foundation
public import ImagePipeline
public import OpenMarketAPI
public import TerminalUI
import MarketWords

extension ProductFormState {
    /// Checks every rule; refuses while any is broken; otherwise sends only the changed fields.
    mutating func submit() -> [Effect] {
        triedSubmit = true
        guard violations.isEmpty, loadingPictures.isEmpty, let parsed = draft.parsed else { return [] }
        if isRegistration {
            phase = .submitting(progress: nil)
            let uploads = pictures.map { picture in
                UploadPicture(
                    filename: Self.uploadName(picture), bytes: picture.upload.bytes, mimeType: picture.upload.format.mimeType)
            }
            return [.submitRegistration(parsed, pictures: uploads)]
        }
        guard let productID else { return [] }
        var changes = ProductChanges()
        if name.text != initial.name { changes.name = parsed.name }
        if description.text != initial.description { changes.description = parsed.description }
        if price.text != initial.price { changes.price = parsed.price }
        if discount.text != initial.discount { changes.discountedPrice = parsed.discountedPrice }
        if stock.text != initial.stock { changes.stock = parsed.stock }
        if currency != initial.currency { changes.currency = currency }
        if thumbnailID != initial.thumbnailID { changes.thumbnailID = thumbnailID }
        if changes.isEmpty { return [.close(saved: nil)] }
        phase = .submitting(progress: nil)
        return [.submitUpdate(id: productID, changes: changes)]
    }

    /// The file name sent for a picture: its own, with the extension of what is sent (a shrunk PNG is a JPEG).
    static func uploadName(_ picture: Picture) -> String {
        let base = (picture.filename as NSString).deletingPathExtension
        let safe = base.isEmpty ? "picture" : base.replacingOccurrences(of: "/", with: "_")
        return safe + "." + picture.upload.format.fileExtension
    }

    /// The server answered the submit.
    public mutating func submitted(_ result: Result<ProductDetail, BrowserFailure>) -> [Effect] {
        switch result {
        case .success(let detail):
            phase = .editing
            return [.close(saved: detail)]
        case .failure(let failure):
            phase = .failed(message: failure.message)  // everything typed stays
            return []
        }
    }

    /// Takes one of the runtime's answers (every one for the form is its).
    public mutating func receive(_ event: Event) -> Outcome<Effect> {
        .handled(take(event))
    }

    /// The effects of the runtime's answer `event` (see `receive`).
    mutating func take(_ event: Event) -> [Effect] {
        switch event {
        case .pictureLoaded(let path, let result):
            pictureLoaded(path: path, result)
        case .pathCompleted(let prefix, let candidates):
            completionsArrived(for: prefix, candidates)
        case .uploadProgressed(let sent, let total):
            if isSubmitting { phase = .submitting(progress: UploadProgress(sent: sent, total: total)) }
        case .imagesLoaded(.success(let loaded)):
            imagesArrived(loaded.images, thumbnailURL: loaded.thumbnailURL)
        case .imagesLoaded(.failure):
            break  // the chooser stays hidden; saving the other fields still works
        case .submitted(let result):
            return submitted(result)
        case .discardConfirmed:
            return [.close(saved: nil)]
        }
        return []
    }
}
