import MarketWords

extension Phrase {
    /// What `openmarket products import` and `export` say: the plan of a file, its refusals, the progress and
    /// the summary. Column names (`price`, `stock`) are the file's own words and stay as they are in Korean.
    public enum ProductFile: Sendable, Equatable {
        // MARK: Where in the file

        /// `line 5`, `line 5, column 4 (price)` (CSV) or `line 5, "price"` (JSON Lines).
        case place(line: Int, column: Int?, name: String?)

        // MARK: The file as a whole

        /// The file is larger than an import reads.
        case fileTooLarge(megabytes: Int, most: Int)
        /// More rows than one file may hold.
        case tooManyRows(most: Int)
        /// Neither UTF-8 nor a Korean spreadsheet's encoding.
        case notText
        /// Read as another encoding than UTF-8 (a spreadsheet's), and converted.
        case convertedFrom(encoding: String)
        /// The file has no header row.
        case noHeader
        /// A header names a column import does not know.
        case unknownColumn(String, known: String)
        /// A header names a column twice.
        case duplicateColumn(String)
        /// The header has neither `id` nor `name`: no row could name its product.
        case noKeyColumn
        /// A row has fewer values than the header has columns.
        case missingValues(found: Int, expected: Int)
        /// A JSON Lines line is not one JSON object.
        case notJSONObject
        /// A JSON value of the wrong kind for its key.
        case wrongJSONValue(key: String)

        // MARK: A row

        /// The id is not a whole number above 0.
        case badID(String)
        /// The same product twice in one file.
        case sameProductTwice(firstLine: Int)
        /// No such product.
        case noSuchProduct(id: Int)
        /// Another vendor's product.
        case anotherVendors(id: Int)
        /// A row without an id needs a name.
        case nameNeeded
        /// Two or more of the vendor's products have this name.
        case ambiguousName(ids: String)
        /// A picture named by an address other than http(s).
        case pictureAddress(String)

        // MARK: The plan

        /// A product the file registers.
        case planNew(name: String, price: String, stock: Int, pictures: Int)
        /// A product the file changes: `changes` is "price 12000 → 9600; stock 3 → 10".
        case planChanged(id: Int, name: String, changes: String)
        /// A product the file leaves as it is.
        case planUnchanged(id: Int, name: String)
        /// The pictures of a row that changes a product stay as they are.
        case planPicturesKept
        /// Labels of the plan's lines.
        case labelNew, labelChanged, labelUnchanged, labelRefused, labelFailed
        /// The plan's counts.
        case planCounts(new: Int, changed: Int, unchanged: Int, refused: Int)
        /// A dry run changed nothing.
        case dryRunChangedNothing
        /// Nothing is changed while any row is refused.
        case refusedNothingChanged

        // MARK: Applying

        /// Progress: `done` of `total` rows applied.
        case progress(done: Int, total: Int)
        /// The summary after applying.
        case applied(registered: Int, changed: Int, unchanged: Int, failed: Int)
        /// The market stopped answering: which lines are done, which not.
        case stoppedMidway(done: String, notDone: String)
        /// A re-run of the same file finishes the rest.
        case rerunFinishes

        // MARK: Export

        /// Exported `count` products.
        case exported(count: Int)
        /// The vendor's id is not known, so their own products cannot be told apart.
        case vendorUnknown
    }
}

extension Phrase.ProductFile {
    var english: String {
        switch self {
        case .place(let line, let column?, let name?): "line \(line), column \(column) (\(name))"
        case .place(let line, nil, let name?): "line \(line), \"\(name)\""
        case .place(let line, _, _): "line \(line)"
        case .fileTooLarge(let megabytes, let most):
            "the file is \(megabytes) MB; an import reads at most \(most) MB (about 10,000 products): split it"
        case .tooManyRows(let most): "more than \(most.grouped) products in one file: split it"
        case .notText:
            "not UTF-8 text, nor a Korean spreadsheet's (CP949): save it as “CSV UTF-8”, or convert it with iconv -t UTF-8"
        case .convertedFrom(let encoding): "read as \(encoding) (a spreadsheet's encoding) and converted to UTF-8"
        case .noHeader: "no header row: the first line names the columns (id, name, description, price, …)"
        case .unknownColumn(let name, let known): "unknown column “\(name)”; the columns are \(known)"
        case .duplicateColumn(let name): "the column “\(name)” is named twice"
        case .noKeyColumn: "neither an id nor a name column: a row must say which product it is"
        case .missingValues(let found, let expected): "\(found) values where the header names \(expected) columns"
        case .notJSONObject: "not one JSON object"
        case .wrongJSONValue(let key): "“\(key)” must be text or a number"
        case .badID(let text): "the id “\(text)” is not a whole number above 0"
        case .sameProductTwice(let first): "the same product as line \(first)"
        case .noSuchProduct(let id): "no product #\(id) in this market"
        case .anotherVendors(let id): "product #\(id) is another vendor's"
        case .nameNeeded: "a row without an id needs a name"
        case .ambiguousName(let ids): "your products \(ids) have this name: give the id"
        case .pictureAddress(let text): "\(text): a picture is a file or an http(s) address"
        case .planNew(let name, let price, let stock, let pictures):
            "“\(name)” — \(price), stock \(stock), \(pictures) \(pictures == 1 ? "picture" : "pictures")"
        case .planChanged(let id, let name, let changes): "#\(id) “\(name)” — \(changes)"
        case .planUnchanged(let id, let name): "#\(id) “\(name)”"
        case .planPicturesKept: "(its pictures stay: the API cannot change a product's pictures)"
        case .labelNew: "new"
        case .labelChanged: "changed"
        case .labelUnchanged: "unchanged"
        case .labelRefused: "refused"
        case .labelFailed: "failed"
        case .planCounts(let new, let changed, let unchanged, let refused):
            "\(new) new, \(changed) changed, \(unchanged) unchanged, \(refused) refused"
        case .dryRunChangedNothing: "a dry run: nothing was changed"
        case .refusedNothingChanged: "nothing was changed: mend the refused rows and import again"
        case .progress(let done, let total): "\(done.grouped) of \(total.grouped) rows"
        case .applied(let registered, let changed, let unchanged, let failed):
            "\(registered) registered, \(changed) changed, \(unchanged) unchanged, \(failed) failed"
        case .stoppedMidway(let done, let notDone): "stopped: done \(done); not done \(notDone)"
        case .rerunFinishes: "importing the same file again finishes the rest (what is done is found unchanged)"
        case .exported(let count): "\(count.grouped) \(count == 1 ? "product" : "products") exported"
        case .vendorUnknown:
            "this market does not say which vendor you are (no /api/vendors/me): set OPENMARKET_VENDOR_ID, or export --all"
        }
    }

    var korean: String {
        switch self {
        case .place(let line, let column?, let name?): "\(line)행 \(column)열(\(name))"
        case .place(let line, nil, let name?): "\(line)행 \"\(name)\""
        case .place(let line, _, _): "\(line)행"
        case .fileTooLarge(let megabytes, let most):
            "파일이 \(megabytes) MB입니다. 한 번에 \(most) MB(상품 약 10,000개)까지 읽습니다. 파일을 나누세요"
        case .tooManyRows(let most): "한 파일에 상품이 \(most.grouped)개를 넘습니다. 파일을 나누세요"
        case .notText:
            "UTF-8 텍스트도, 한국어 스프레드시트(CP949)도 아닙니다. “CSV UTF-8”로 저장하거나 iconv -t UTF-8로 바꾸세요"
        case .convertedFrom(let encoding): "\(encoding)(스프레드시트의 인코딩)로 읽어 UTF-8로 바꿨습니다"
        case .noHeader: "머리글 행이 없습니다. 첫 줄에 열 이름(id, name, description, price, …)을 쓰세요"
        case .unknownColumn(let name, let known): "모르는 열 “\(name)”. 열은 \(known)입니다"
        case .duplicateColumn(let name): "열 “\(name)”이 두 번 나옵니다"
        case .noKeyColumn: "id 열도 name 열도 없습니다. 행마다 어느 상품인지 알려야 합니다"
        case .missingValues(let found, let expected): "머리글은 열 \(expected)개인데 값이 \(found)개입니다"
        case .notJSONObject: "JSON 객체 하나가 아닙니다"
        case .wrongJSONValue(let key): "“\(key)”는 텍스트나 숫자여야 합니다"
        case .badID(let text): "id “\(text)”는 0보다 큰 정수가 아닙니다"
        case .sameProductTwice(let first): "\(first)행과 같은 상품입니다"
        case .noSuchProduct(let id): "이 마켓에 상품 #\(id)이 없습니다"
        case .anotherVendors(let id): "상품 #\(id)은 다른 판매자의 상품입니다"
        case .nameNeeded: "id가 없는 행에는 이름이 있어야 합니다"
        case .ambiguousName(let ids): "내 상품 \(ids)이 이 이름입니다. id를 쓰세요"
        case .pictureAddress(let text): "\(text): 사진은 파일이나 http(s) 주소여야 합니다"
        case .planNew(let name, let price, let stock, let pictures): "“\(name)” — \(price), 재고 \(stock), 사진 \(pictures)장"
        case .planChanged(let id, let name, let changes): "#\(id) “\(name)” — \(changes)"
        case .planUnchanged(let id, let name): "#\(id) “\(name)”"
        case .planPicturesKept: "(사진은 그대로입니다: API로는 상품 사진을 바꿀 수 없습니다)"
        case .labelNew: "새 상품"
        case .labelChanged: "바뀜"
        case .labelUnchanged: "그대로"
        case .labelRefused: "거부"
        case .labelFailed: "실패"
        case .planCounts(let new, let changed, let unchanged, let refused):
            "새 상품 \(new)개, 바뀜 \(changed)개, 그대로 \(unchanged)개, 거부 \(refused)개"
        case .dryRunChangedNothing: "시험 실행이라 아무것도 바꾸지 않았습니다"
        case .refusedNothingChanged: "아무것도 바꾸지 않았습니다. 거부된 행을 고친 뒤 다시 가져오세요"
        case .progress(let done, let total): "\(total.grouped)행 중 \(done.grouped)행"
        case .applied(let registered, let changed, let unchanged, let failed):
            "등록 \(registered)개, 바뀜 \(changed)개, 그대로 \(unchanged)개, 실패 \(failed)개"
        case .stoppedMidway(let done, let notDone): "멈췄습니다. 완료: \(done), 안 됨: \(notDone)"
        case .rerunFinishes: "같은 파일을 다시 가져오면 나머지를 마칩니다(끝난 행은 그대로로 나옵니다)"
        case .exported(let count): "상품 \(count.grouped)개를 내보냈습니다"
        case .vendorUnknown:
            "이 마켓은 내가 어느 판매자인지 알려 주지 않습니다(/api/vendors/me 없음). OPENMARKET_VENDOR_ID를 정하거나 export --all을 쓰세요"
        }
    }
}
