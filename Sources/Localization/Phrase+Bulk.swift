extension Phrase {
    /// What the browser says about marked products and the changes made to many at once.
    public enum Bulk: Sendable, Equatable {
        /// How many are marked (the status line).
        case markedCount(Int)
        /// `b` with nothing marked.
        case nothingMarked(markKey: String, rangeKey: String)
        /// The menu's title and its choices.
        case menuTitle(count: Int)
        case pricePercent, priceAmount, discountPercent, setStock, delete
        /// The prompt of each choice's line, with an example.
        case promptPercent, promptAmount, promptDiscount, promptStock
        /// Why the typed value is refused.
        case notPercent, notAmount, notDiscount, notStock
        /// The question before changing, naming how many and how much.
        case askPrice(count: Int, change: String, before: String, after: String)
        case askDiscount(count: Int, percent: String)
        case askStock(count: Int, stock: Int)
        case askDelete(count: Int)
        /// Marked products that are not the writer's, left out.
        case othersLeftOut(Int)
        /// Marked products the change would make refused by the rules (a price below 0), left out.
        case refusedLeftOut(Int)
        /// No marked product can take the change.
        case noneCanChange
        /// Under way: `done` of `total`.
        case progress(done: Int, total: Int)
        /// Done: how many changed or deleted, how many refused (the first reason).
        case changed(count: Int, refused: Int, reason: String?)
        case deleted(count: Int, refused: Int, reason: String?)
        /// `u`: the question before undoing the last bulk change, and what is left as it is.
        case askUndo(count: Int, change: String)
        /// `u` with no bulk change to undo.
        case nothingToUndo
        /// A product changed by someone else since the bulk change: left as it is.
        case changedSince
        /// `u` after a delete: the question, and what was brought back.
        case askRestore(count: Int, name: String?)
        case restored(count: Int, refused: Int, reason: String?)
        /// Done undoing.
        case undone(count: Int, refused: Int, reason: String?)
    }
}

extension Phrase.Bulk {
    var english: String {
        switch self {
        case .markedCount(let count): "\(count) marked"
        case .nothingMarked(let markKey, let rangeKey): "Mark products first: \(markKey) marks one, \(rangeKey) the ones up to here."
        case .menuTitle(let count): "Change \(count) marked \(count == 1 ? "product" : "products")"
        case .pricePercent: "Price by a percent"
        case .priceAmount: "Price by an amount"
        case .discountPercent: "Discount, a percent of the price"
        case .setStock: "Stock"
        case .delete: "Delete"
        case .promptPercent: "Price change in % (-20 is 20% off):"
        case .promptAmount: "Price change (-1000, +500):"
        case .promptDiscount: "Discount in % of the price (0 takes it off):"
        case .promptStock: "Stock:"
        case .notPercent: "a percent above -100, like -20 or 10"
        case .notAmount: "an amount, like -1000 or +500"
        case .notDiscount: "a percent from 0 to 100"
        case .notStock: "a whole number of 0 or more"
        case .askPrice(let count, let change, let before, let after):
            "Change the price of \(count) \(count == 1 ? "product" : "products") by \(change)? \(before) → \(after) in all."
        case .askDiscount(let count, let percent): "Set a discount of \(percent)% on \(count) \(count == 1 ? "product" : "products")?"
        case .askStock(let count, let stock): "Set the stock of \(count) \(count == 1 ? "product" : "products") to \(stock)?"
        case .askDelete(let count): "Delete \(count) \(count == 1 ? "product" : "products")?"
        case .othersLeftOut(let count): "\(count) of another vendor left out."
        case .refusedLeftOut(let count): "\(count) left out: the price would fall below 0."
        case .noneCanChange: "None of the marked products can take that change."
        case .progress(let done, let total): "\(done) of \(total)…"
        case .changed(let count, let refused, let reason):
            "Changed \(count) \(count == 1 ? "product" : "products")" + (refused > 0 ? "; \(refused) refused: \(reason ?? "")" : ".")
        case .deleted(let count, let refused, let reason):
            "Deleted \(count) \(count == 1 ? "product" : "products")" + (refused > 0 ? "; \(refused) refused: \(reason ?? "")" : ".")
        case .askUndo(let count, let change):
            "Undo the last change (\(change)) of \(count) \(count == 1 ? "product" : "products")? Any changed since is left as it is."
        case .nothingToUndo: "Nothing to undo: u undoes the last delete, or the last change of marked products while they are as it left them."
        case .changedSince: "changed since, left as it is"
        case .askRestore(let count, let name?) where count == 1: "Bring back “\(name)”, deleted a moment ago?"
        case .askRestore(let count, _): "Bring back the \(count) products deleted a moment ago?"
        case .restored(let count, let refused, let reason):
            "Brought back \(count) \(count == 1 ? "product" : "products")" + (refused > 0 ? "; \(refused) not: \(reason ?? "")" : ".")
        case .undone(let count, let refused, let reason):
            "Undid the change of \(count) \(count == 1 ? "product" : "products")" + (refused > 0 ? "; \(refused) left: \(reason ?? "")" : ".")
        }
    }

    var korean: String {
        switch self {
        case .markedCount(let count): "\(count)개 표시"
        case .nothingMarked(let markKey, let rangeKey): "먼저 상품을 표시하세요: \(markKey) 키는 하나, \(rangeKey) 키는 여기까지 표시합니다."
        case .menuTitle(let count): "표시한 상품 \(count)개 바꾸기"
        case .pricePercent: "가격을 %로"
        case .priceAmount: "가격을 금액으로"
        case .discountPercent: "할인, 가격의 %"
        case .setStock: "재고"
        case .delete: "삭제"
        case .promptPercent: "가격 변경 %(-20은 20% 할인):"
        case .promptAmount: "가격 변경(-1000, +500):"
        case .promptDiscount: "할인, 가격의 %(0은 할인 없음):"
        case .promptStock: "재고:"
        case .notPercent: "-100보다 큰 %를 쓰세요(예: -20, 10)"
        case .notAmount: "금액을 쓰세요(예: -1000, +500)"
        case .notDiscount: "0에서 100 사이의 %를 쓰세요"
        case .notStock: "0 이상의 정수를 쓰세요"
        case .askPrice(let count, let change, let before, let after): "상품 \(count)개의 가격을 \(change) 바꿀까요? 합계 \(before) → \(after)."
        case .askDiscount(let count, let percent): "상품 \(count)개에 \(percent)% 할인을 정할까요?"
        case .askStock(let count, let stock): "상품 \(count)개의 재고를 \(stock)개로 정할까요?"
        case .askDelete(let count): "상품 \(count)개를 삭제할까요?"
        case .othersLeftOut(let count): "다른 판매자의 상품 \(count)개는 뺐습니다."
        case .refusedLeftOut(let count): "가격이 0보다 낮아지는 상품 \(count)개는 뺐습니다."
        case .noneCanChange: "표시한 상품 중 그렇게 바꿀 수 있는 상품이 없습니다."
        case .progress(let done, let total): "\(total)개 중 \(done)개…"
        case .changed(let count, let refused, let reason):
            "상품 \(count)개를 바꿨습니다" + (refused > 0 ? ". \(refused)개 거부: \(reason ?? "")" : ".")
        case .deleted(let count, let refused, let reason):
            "상품 \(count)개를 삭제했습니다" + (refused > 0 ? ". \(refused)개 거부: \(reason ?? "")" : ".")
        case .askUndo(let count, let change): "상품 \(count)개의 마지막 변경(\(change))을 되돌릴까요? 그 뒤에 바뀐 상품은 그대로 둡니다."
        case .nothingToUndo: "되돌릴 것이 없습니다. u 키는 마지막 삭제나, 표시한 상품의 마지막 변경을 상품이 그대로일 때 되돌립니다."
        case .changedSince: "그 뒤에 바뀌어 그대로 둠"
        case .askRestore(let count, let name?) where count == 1: "방금 삭제한 “\(name)” 상품을 되돌릴까요?"
        case .askRestore(let count, _): "방금 삭제한 상품 \(count)개를 되돌릴까요?"
        case .restored(let count, let refused, let reason):
            "상품 \(count)개를 되돌렸습니다" + (refused > 0 ? ". \(refused)개는 못 했습니다: \(reason ?? "")" : ".")
        case .undone(let count, let refused, let reason):
            "상품 \(count)개의 변경을 되돌렸습니다" + (refused > 0 ? ". \(refused)개 남음: \(reason ?? "")" : ".")
        }
    }
}
