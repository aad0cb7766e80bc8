import Localization
import OpenMarketAPI

extension BrowserState {
    /// `space`: marks the selected product, or unmarks it.
    mutating func toggleMark() -> [BrowserEffect] {
        guard let product = catalog.selectedProduct else { return [] }
        marks.toggle(product)
        return []
    }

    /// `V`: marks the products shown from the last one marked (or unmarked) to the selected one.
    mutating func markRange() -> [BrowserEffect] {
        guard let product = catalog.selectedProduct else { return [] }
        marks.markRange(to: product, in: catalog.products)
        return []
    }

    /// `X`: no product marked.
    mutating func clearMarks() -> [BrowserEffect] {
        marks.clear()
        return []
    }

    /// `b`: the menu of changes to the marked products; with none marked, how to mark them. One change at a
    /// time: while one runs, it says so.
    mutating func openBulk() -> [BrowserEffect] {
        guard writer != nil else {
            notice = language.text(.noIdentity(.edit))
            return []
        }
        guard !marks.isEmpty else {
            notice = language.text(.bulk(.nothingMarked(markKey: keymap.hint(.markToggle), rangeKey: keymap.hint(.markRange))))
            return []
        }
        if let run = bulkRun {
            notice = language.text(run.progress)
            return []
        }
        presented.append(.bulk(BulkState(count: marks.count)))
        return []
    }

    /// `u`: the question before undoing the last bulk change or bringing back the last deleted products.
    mutating func askToUndo() -> [BrowserEffect] {
        guard let undo = undoable, bulkRun == nil else {
            notice = language.text(bulkRun.map(\.progress) ?? .bulk(.nothingToUndo))
            return []
        }
        switch undo {
        case .change(let change): presented.append(.confirmation(Confirmation(action: .undoBulk(change))))
        case .delete(let products): presented.append(.confirmation(Confirmation(action: .restore(products))))
        }
        return []
    }

    /// Confirmed: each product goes back as it was, if the market still has it as the change left it.
    mutating func undoConfirmed(_ undo: BulkUndo) -> [BrowserEffect] {
        let job = nextBulkJob
        nextBulkJob += 1
        undoable = nil
        let writes = undo.writes()
        bulkRun = BulkRun(job: job, deletes: false, total: writes.count)
        return [.bulkWrite(BulkJob(id: job, writes: writes))]
    }

    /// Confirmed: the deleted products are asked back, each returning to its place as the market answers.
    mutating func restoreConfirmed(_ products: [ProductSummary]) -> [BrowserEffect] {
        let job = nextBulkJob
        nextBulkJob += 1
        undoable = nil
        var run = BulkRun(job: job, deletes: false, total: products.count)
        run.restores = true
        bulkRun = run
        return [.bulkWrite(BulkJob(id: job, writes: products.map { .restore(id: $0.id) }))]
    }

    /// The menu chose a change: its plan over the marked products, and the question before it is sent.
    mutating func bulkChosen(_ change: BulkChange) -> [BrowserEffect] {
        let plan = BulkPlan(change, over: marks.products, vendorID: writer?.vendorID)
        guard !plan.steps.isEmpty else {
            notice = ([Phrase.bulk(.noneCanChange)] + plan.question.dropFirst()).map { language.text($0) }.joined(separator: " ")
            return []
        }
        presented.append(.confirmation(Confirmation(action: .bulk(plan), undoKey: plan.change == .delete ? deleteUndoKey : nil)))
        return []
    }

    /// The key that brings back what a delete removed, when the market keeps deleted products (`openmarket
    /// serve`, which speaks the listing extension: its pages say so); nil for a course server, where a delete
    /// is for good.
    var deleteUndoKey: String? {
        catalog.serverArranges == true ? keymap.hint(.undo) : nil
    }

    /// Confirmed: the writes go, a few at a time; the status line counts them.
    mutating func bulkConfirmed(_ plan: BulkPlan) -> [BrowserEffect] {
        let job = nextBulkJob
        nextBulkJob += 1
        let deletes = plan.change == .delete
        bulkRun = BulkRun(
            job: job, deletes: deletes, total: plan.steps.count, change: plan.change,
            before: Dictionary(plan.steps.map { ($0.product.id, $0.product) }, uniquingKeysWith: { first, _ in first }))
        let writes: [BulkJob.Write] = plan.steps.map { step in
            deletes ? .delete(id: step.product.id) : .update(id: step.product.id, changes: step.changes)
        }
        return [.bulkWrite(BulkJob(id: job, writes: writes))]
    }

    /// A product of the bulk change answered: the list and the marks take its new self (or lose it, deleted);
    /// after the last, the summary.
    mutating func bulkWritten(job: Int, productID: Int, _ result: Result<ProductDetail, BrowserFailure>) -> [BrowserEffect] {
        guard var run = bulkRun, run.job == job else { return [] }
        var effects: [BrowserEffect] = []
        switch result {
        case .success(let detail):
            run.done += 1
            if run.deletes {
                marks.remove(productID)
                let (removed, more) = catalog.remove(id: productID)
                effects += more
                run.after.append(removed ?? detail.summary)
                presented.removeAll { if case .detail(let open) = $0 { open.id == productID } else { false } }
            } else if run.restores {
                catalog.insertRestored(detail.summary)
            } else {
                let summary = catalog.replace(detail.summary)
                marks.update(summary)
                run.after.append(summary)
            }
        case .failure(let failure):
            run.refused.append(BulkRun.Refusal(id: productID, reason: failure.message))
        }
        if run.answered >= run.total {
            bulkRun = nil
            if let undo = run.undo { undoable = undo }
            notice = language.text(run.summary)
        } else {
            bulkRun = run
        }
        return effects
    }
}
