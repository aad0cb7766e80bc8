import Localization
import Foundation
import OpenMarketAPI

extension BrowserState {
    /// Enter: the selected product's detail.
    mutating func openSelected() -> [BrowserEffect] {
        guard let product = catalog.selectedProduct else { return [] }
        presented.append(.detail(DetailState(summary: product)))
        return [.loadDetail(id: product.id)]
    }

    /// Why the writer may not change `product`, or nil when it may.
    func refusal(toChange product: ProductSummary, _ write: Phrase.Write) -> String? {
        if let readOnlyNotice { return readOnlyNotice }
        guard let writer else { return language.text(.noIdentity(write)) }
        if let mine = writer.vendorID, mine != product.vendorID {
            return language.text(
                .notYours(name: ProductText.name(product), vendor: ProductText.vendor(product, in: language), write))
        }
        return nil
    }

    /// `n`: the registration form, or why it cannot open.
    mutating func openRegistration() -> [BrowserEffect] {
        if let readOnlyNotice {
            notice = readOnlyNotice
        } else if writer == nil {
            notice = language.text(.noIdentity(.register))
        } else {
            presented.append(.form(ProductFormState(registering: .krw)))
        }
        return []
    }

    /// `e`: the edit form on one of the writer's products, or why it cannot be edited.
    mutating func openEditor(_ product: ProductSummary?) -> [BrowserEffect] {
        guard let product else { return [] }
        if let reason = refusal(toChange: product, .edit) {
            notice = reason
            return []
        }
        let images = detail?.id == product.id ? detail?.detail?.images ?? [] : []
        presented.append(.form(ProductFormState(editing: product, images: images)))
        return images.isEmpty ? [.loadFormImages(id: product.id)] : []
    }

    /// `d`: asks "Delete …?" for one of the writer's products, or says why it cannot be deleted.
    mutating func askToDelete(_ product: ProductSummary?) -> [BrowserEffect] {
        guard let product else { return [] }
        if let reason = refusal(toChange: product, .delete) {
            notice = reason
            return []
        }
        presented.append(.confirmation(Confirmation(action: .deleteProduct(id: product.id, name: ProductText.name(product)), undoKey: deleteUndoKey)))
        return []
    }

    /// `m`: only the writer's products, or all again.
    mutating func toggleMineOnly() -> [BrowserEffect] {
        guard let mine = writer?.vendorID else {
            notice = language.text(writer == nil ? .noIdentity(.seeMine) : .vendorIDUnknown)
            return []
        }
        let effects = catalog.showOnly(vendorID: catalog.mineOnly ? nil : mine)
        notice = catalog.mineOnly ? language.text(.mineOnly(allKey: keymap.hint(.mine))) : nil
        return effects
    }

    /// The form saved a product: a new one goes first in the list, selected; an edited one replaces its
    /// old self in the list, and any open detail of it is told.
    mutating func formSaved(_ saved: ProductDetail, registered: Bool) -> [BrowserEffect] {
        if registered {
            // Now the writer's vendor id is known, whoever it is.
            if writer?.vendorID == nil { writer?.vendorID = saved.vendorID }
            var summary = saved.summary
            summary.vendorName = summary.vendorName ?? writer?.vendorName
            catalog.insertFirst(summary)
            ownRegistrationShown(id: summary.id)
            notice = language.text(.registered(name: ProductText.name(summary)))
            return []
        }
        let summary = catalog.replace(saved.summary)
        notice = language.text(.saved(name: ProductText.name(summary)))
        return route(.detail(id: saved.id, .saved(summary, saved)))
    }
}
