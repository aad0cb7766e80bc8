extension Phrase {
    /// The words in Korean. No `default:`: a new case must be given its words here.
    var korean: String {
        switch self {
        case .layoutName(let grid): grid ? "격자" : "목록"
        case .mineTag: "내 상품"
        case .searchTag(let query): "검색: \(query)"
        case .searching: "검색 중…"
        case .productCount(let count, let more): "상품 \(count)\(more ? "+" : "")개"
        case .mineSoldOut(let count, let more): "품절 \(count)\(more ? "+" : "")개"
        case .mineLow(let count, let more): "부족 \(count)\(more ? "+" : "")개"
        case .position(let index, let count, let more, let id): "\(count)\(more ? "+" : "")개 중 \(index)번째  ·  #\(id)"
        case .busyLoading: "불러오는 중…"
        case .busyLoadingProduct: "상품을 불러오는 중…"
        case .busyDeleting: "삭제하는 중…"
        case .busyUploading: "올리는 중…"
        case .busySaving: "저장하는 중…"
        case .rankedBestMatch: "잘 맞는 순: 이름, 다음 설명"
        case .rankedSubstring: "입력한 그대로, 최신순"
        case .arrangement(let order, let inStockOnly, let range, let loadedOnly):
            ([order == .newest ? nil : order.korean, inStockOnly ? "재고 있음" : nil, range].compactMap { $0 }).joined(separator: " · ")
                + (loadedOnly ? " (불러온 페이지만)" : "")
        case .colourMode(let colours):
            switch colours {
            case nil: "트루컬러"
            case 0?: "흑백"
            case let count?: "\(count)색"
            }
        case .pictureMode(.graphics(let name)): name
        case .pictureMode(.blocks): "블록"
        case .pictureMode(.off): "사진 끔"

        case .bannerError(let message, let key): message + (key.map { " — \($0) 다시 시도" } ?? "")
        case .newProducts(let shown, _, let key): "새 상품 \(shown)개 — \(key) 새로 고침"
        case .cannotReachMarket: "마켓에 연결할 수 없습니다"
        case .retryOrQuit(let retry, let quit): "\(retry) 다시 시도  ·  \(quit) 끝내기"
        case .connecting: "마켓에 연결하는 중…"
        case .terminalTooSmall: "터미널이 너무 작습니다"
        case .sizeNeeded(let columns, let rows, let minimumColumns, let minimumRows):
            "\(columns)×\(rows) — 최소 \(minimumColumns)×\(minimumRows)"
        case .quitKey(let key): "\(key) 끝내기"

        case .loadingList: "불러오는 중…"
        case .lookingForMine: "내 상품을 찾는 중…"
        case .lookingInStock: "재고 있는 상품을 찾는 중…"
        case .noneInStock(let key): "불러온 상품 중 재고 있는 것이 없습니다. \(key) 키로 모두 봅니다."
        case .lookingInRange(let range): "\(range) 가격의 상품을 찾는 중…"
        case .noneInRange(let range, let key): "불러온 상품 중 \(range) 가격인 것이 없습니다. \(key) 키로 범위를 바꿉니다."
        case .noneOfMine(let key): "여기에는 내 상품이 없습니다. \(key) 키로 등록하세요."
        case .noMatch(let query, let key): "“\(query)”에 맞는 상품이 없습니다. \(key) 키로 검색을 지웁니다."
        case .noMatchSuggesting(let query, let suggestion, let searchKey, let clearKey):
            "“\(query)”에 맞는 상품이 없습니다. 찾으시는 것이 “\(suggestion)”인가요? \(searchKey) 키로 찾고, \(clearKey) 키로 검색을 지웁니다."
        case .noProducts: "아직 상품이 없습니다."
        case .loadingMore: "더 불러오는 중…"
        case .couldNotLoadMore(let key): "더 불러오지 못했습니다 — \(key) 다시 시도"
        case .endOfList(let count): "— 목록 끝 · 상품 \(count)개 —"
        case .soldOut: "품절"
        case .inStock(let count): "재고 \(count)개"
        case .lowStock(let count): "재고 \(count)개, 부족"
        case .stockCount(let count): "\(count)개"
        case .vendorNumber(let id): "판매자 #\(id)"
        case .percentOff(let percent): "−\(percent)% 할인"

        case .loadingPicture: "사진을 불러오는 중…"
        case .detailLabel(let label):
            switch label {
            case .price: "가격"
            case .stock: "재고"
            case .vendor: "판매자"
            case .product: "상품"
            case .link: "링크"
            case .listed: "등록일"
            case .pictures: "사진"
            }
        case .wasPrice(let price): "(정가 \(price))"
        case .updatedOn(let date): "수정 \(date)"
        case .loadingDetails: "자세한 정보를 불러오는 중…"
        case .detailError(let message, let key): "\(message) — \(key) 다시 시도"
        case .noDescription: "(설명 없음)"
        case .more: "더 보기"

        case .hint(let hint): hint.korean
        case .help(let row): row.korean
        case .helpTitle: "키"
        case .helpMouseKey: "마우스"
        case .helpCloses: "아무 키나 누르면 닫힙니다"
        case .helpScrolls: "↑↓ 더 보기 · 다른 키를 누르면 닫힙니다"
        case .about(let line): line.korean

        case .deleteQuestion(let name): "“\(name)” 상품을 삭제할까요?"
        case .deleteIsFinal: "되돌릴 수 없습니다."
        case .deleteUndoable(let key): "10분 안에 \(key) 키로 되돌릴 수 있습니다."
        case .discardQuestion: "바뀐 내용을 버릴까요?"
        case .answerNo: "아니요"
        case .answerYes: "예"

        case .searchPrompt: "검색:"

        case .priceRangePrompt: "가격:"
        case .priceNotANumber(let text): "“\(text)”은(는) 가격이 아닙니다. 12000이나 9.99처럼 숫자로 쓰세요."
        case .priceMinAboveMax(let low, let high): "최저가 \(low)이(가) 최고가 \(high)보다 높습니다."
        case .priceTwoCurrencies: "범위는 한 통화로 씁니다: 원(₩) 또는 달러($)."

        case .registerTitle: "상품 등록"
        case .editTitle(let id): "상품 #\(id) 수정"
        case .fieldsNeedAttention(let count): "고칠 곳 \(count)개"
        case .fieldLabel(let field): field.korean
        case .changeWithArrows: "←→ 바꾸기"
        case .thumbnailChooser: "←→ 목록에 보일 사진 고르기"
        case .thumbnailMark(let number): "[\(number)] 대표"
        case .uploadingPercent(let percent): "올리는 중 \(percent)%"
        case .savingButton: "저장 중"
        case .registerButton: "등록"
        case .saveButton: "저장"
        case .submitHint(let save, let cancel): "\(save) 어느 칸에서나 저장 · \(cancel) 취소"
        case .pictureKeys(let key):
            switch key {
            case .complete: "Tab 완성"
            case .add: "Enter 추가"
            case .remove: "Delete 빼기"
            }
        case .readingPictures(let count): "사진 \(count)장 읽는 중…"
        case .tooManyPictures(let most): "사진은 \(most)장까지입니다. Delete 키로 하나를 빼세요."
        case .pictureAlreadyAdded: "이미 추가한 사진입니다."
        case .pictureShrunk(let filename, let from, let to, let width, let height):
            "\(filename): \(from) → \(to) (\(width)×\(height)로 줄임)"
        case .noFileStartsWith: "그렇게 시작하는 파일이 없습니다."
        case .pictureUnreadable(let reason): reason
        case .noSuchFile(let path): "파일이 없습니다: \(path)"
        case .notInPictureFolder(let name): "서버의 업로드 폴더에 사진 \(name)이(가) 없습니다"
        case .isAFolder(let path): "\(path)은(는) 사진이 아니라 폴더입니다"
        case .cannotReadFile(let path): "\(path)을(를) 읽을 수 없습니다 (권한이 없나요?)"
        case .pictureTooBig(let path, let megabytes, let most): "\(path)은(는) \(megabytes) MB입니다. \(most) MB까지의 사진만 줄일 수 있습니다"
        case .notAPicture(let path, let reason): "\(path): \(reason)"

        case .nameLength(let minimum, let maximum, let now): "이름은 \(minimum)–\(maximum)자여야 합니다 (지금 \(now)자)."
        case .descriptionLength(let minimum, let maximum, let now):
            "설명은 \(minimum)–\(maximum)자여야 합니다 (지금 \(now)자)."
        case .priceRequired: "가격을 입력하세요."
        case .priceNotNumber: "가격은 0 이상의 숫자여야 합니다."
        case .discountAbovePrice: "할인은 가격보다 클 수 없습니다."
        case .discountNotNumber: "할인은 0 이상의 숫자여야 합니다."
        case .stockNotWholeNumber: "재고는 0 이상의 정수여야 합니다."
        case .currencyUnknown: "통화는 KRW나 USD여야 합니다."
        case .pictureCount(let minimum, let maximum, let now): "사진을 \(minimum)–\(maximum)장 고르세요 (지금 \(now)장)."

        case .noIdentity(let write):
            switch write {
            case .register: "판매자 정보가 없습니다: 상품을 등록하려면 --identifier와 --secret으로 시작하세요."
            case .edit: "판매자 정보가 없습니다: 내 상품을 수정하려면 --identifier와 --secret으로 시작하세요."
            case .delete: "판매자 정보가 없습니다: 내 상품을 삭제하려면 --identifier와 --secret으로 시작하세요."
            case .seeMine: "판매자 정보가 없습니다: 내 상품을 보려면 --identifier와 --secret으로 시작하세요."
            }
        case .notYours(let name, let vendor, let write):
            "“\(name)”은(는) \(vendor)의 상품입니다. 판매자만 \(write == .delete ? "삭제" : "수정")할 수 있습니다."
        case .vendorIDUnknown: "아직 판매자 번호를 모릅니다. 먼저 상품을 하나 등록하세요."
        case .mineOnly(let key): "내 상품만 보는 중 — \(key) 키로 모두 봅니다."
        case .registered(let name): "“\(name)” 상품을 등록했습니다."
        case .saved(let name): "“\(name)” 상품을 저장했습니다."
        case .deleted(let name): "“\(name)” 상품을 삭제했습니다."
        case .deletedMeanwhile(let name): "“\(name)” 상품이 방금 삭제되었습니다."
        case .reloadedAfterGap: "마켓의 변경 알림이 끊긴 사이 놓친 변경이 있을 수 있어 목록을 다시 읽었습니다."
        case .goneTag: "삭제됨"
        case .browsing(let count): "\(count)명 접속 중"
        case .othersLooking(let count): "다른 \(count)명이 이 상품을 보고 있습니다"
        case .couldNotDelete(let id, let reason): "#\(id)을(를) 삭제하지 못했습니다: \(reason)"
        case .copiedLink(let link): "링크를 복사했습니다: \(link)"
        case .copiedSummary(let line): "복사했습니다: \(line)"
        case .tooLongToCopy(let bytes, let most): "복사하기에 너무 깁니다: \(bytes)바이트, 터미널은 \(most)바이트까지 받습니다."
        case .sentToClipboard(let text, true): "링크를 클립보드로 보냈습니다: \(text)"
        case .sentToClipboard(let text, false): "클립보드로 보냈습니다: \(text)"
        case .copyDeclined(let terminal, let text, true): "\(terminal)은(는) 복사(OSC 52)를 받지 않습니다. 링크: \(text)"
        case .copyDeclined(let terminal, let text, false): "\(terminal)은(는) 복사(OSC 52)를 받지 않습니다: \(text)"
        case .paletteTitle: "명령과 상품"
        case .paletteSearching: "마켓에서 찾는 중…"
        case .paletteNothing: "맞는 것이 없습니다."
        case .paletteFromMarket: "마켓"
        case .command(let command): command.korean
        case .wishKept(let name, let count): "“\(name)” 상품을 찜했습니다 (\(count)개)."
        case .wishDropped(let name): "“\(name)” 상품을 찜 목록에서 뺐습니다."
        case .wishListFull(let most): "찜 목록에는 \(most)개까지 담깁니다. 먼저 하나를 빼세요."
        case .notArrived(let id): "상품 #\(id)을(를) 아직 받지 못했습니다. 화면에 나타나면 다시 해 보세요."
        case .notLoaded(let id, let reason): "상품 #\(id)을(를) 받지 못했습니다: \(reason)"
        case .wishBanner(let name, let change, let more, let key):
            "♥ \(name): \(change.korean)" + (more > 0 ? " · \(more)개 더" : "") + " · \(key) 찜 목록"
        case .wishTitle(let count): "찜 목록 (\(count)개)"
        case .wishEmpty(let key): "아직 찜한 상품이 없습니다. \(key) 키로 선택한 상품을 찜하면 가격 인하, 할인, 재입고, 삭제를 여기서 알려 드립니다."
        case .wishGone: "마켓에서 삭제됨"
        case .wishKeptInFile: "이 컴퓨터에 보관합니다. openmarket이 켜져 있는 동안 지켜봅니다."
        case .wishKeptByKey: "SSH 키로 마켓에 보관됩니다. 다음에도 같은 키로 찾습니다."
        case .wishKeptForSession: "이번 접속 동안만 보관됩니다. SSH 클라이언트가 키를 보내지 않았습니다."
        case .wishHeldMarketAway: "이번 접속 동안만 보관합니다. 마켓이 보관하지 못했습니다 (로그 참고)."
        case .wishHeldFileUnwritable: "이번 접속 동안만 보관합니다. 이 컴퓨터에 저장하지 못했습니다 (로그 참고)."
        case .readOnlyDemo: "읽기 전용 데모입니다: 등록, 수정, 삭제는 꺼져 있습니다 (openmarket ssh --open)."
        case .uploadCancelled: "올리기를 취소했습니다."
        case .savingCancelled: "저장을 취소했습니다."
        case .deletingCancelled: "삭제를 취소했습니다."
        case .loadingCancelled: "불러오기를 취소했습니다."

        case .bulk(let phrase): phrase.korean
        case .files(let phrase): phrase.korean
        case .productFile(let phrase): phrase.korean
        case .cannotReachServer(let endpoint, let reason): "\(endpoint) 서버에 연결할 수 없습니다 (\(reason.korean))."
        case .noAnswerWithin(let milliseconds): "서버가 \(Self.decimalSeconds(milliseconds))초 안에 답하지 않았습니다."
        case .requestCancelled: "요청을 취소했습니다."
        case .serverRefused(let message, let status): "서버가 거절했습니다: \(message) (\(status))."
        case .serverFailed(let message, let status): "서버에서 실패했습니다: \(message) (\(status))."
        case .serverStatus(let status):
            "서버가 상태 \(status)\(Self.reasonPhrase(status).map { " (\($0))" } ?? "")(으)로 답했습니다."
        case .unreadableAnswer(let detail): "서버가 보낸 데이터를 읽을 수 없습니다 (\(detail))."
        case .answerTooLarge(let bytes): "서버의 답이 이 앱이 받는 \(Self.koreanSize(bytes))보다 큽니다."
        case .cannotSend(let reason): "이 요청은 보낼 수 없습니다: \(reason)."

        case .sshShuttingDown: "서버를 끄는 중입니다 — 안녕히 가세요."
        case .sshTimeLimit: "세션 시간이 다 되었습니다 — 안녕히 가세요."
        case .sshIdle: "너무 오래 입력이 없었습니다 — 안녕히 가세요."
        case .sshFull(let front): "openmarket (\(front))이(가) 가득 찼습니다 — 잠시 뒤에 다시 오세요."
        case .sshOneSessionPerConnection: "연결 하나에 브라우저 하나: 이 연결에는 이미 하나가 열려 있습니다."
        case .sshAddressFull(let limit): "이 주소에서 이미 세션 \(limit)개가 열려 있습니다 — 하나를 닫고 다시 오세요."
        case .sshBudget: "이 세션이 서버의 몫(메모리나 시간)을 넘게 써서 끝냈습니다 — 안녕히 가세요."
        case .sshNeedsTerminal: "openmarket은 전체 화면 앱이라 터미널이 필요합니다: ssh -t로 연결하세요."
        case .sshUnknownCommand(let command): "모르는 명령 “\(command)”입니다. help나 product 번호를 써 보세요."
        case .sshHelp:
            """
            openmarket — 터미널 마켓. 연결: ssh -t -p PORT HOST

            ↑↓ j k      이동                    Enter      상품 열기
            ← → h l     격자에서 이동           v  Tab     목록 ↔ 격자
            PgUp PgDn   한 화면씩               /          검색 (Esc 지우기)
            g G         처음 / 끝               r          새로 고침
            c           색 바꾸기               ?          도움말
            q  Esc      뒤로 / 끝내기           n e d m    등록, 수정, 삭제, 내 상품
            o i $       순서, 재고, 가격        f F        찜하기 / 찜 목록
            :  Ctrl-P   명령과 상품 찾기        y Y        링크 / 한 줄 복사
            p           사진 그리는 방식        z          사진을 창 가득 보기

            찜 목록은 SSH 클라이언트가 보낸 키로 마켓에 보관되어, 다음에도 어느 서버에서든
            같은 키로 찾습니다. 키 없이 접속하면 이번 접속 동안만 남습니다. 서버는 이름을
            묻지 않으므로, 다음 방문자와 당신을 구별하는 것은 키뿐이기 때문입니다.

            """
        }
    }

    /// `16 MB`, `300 KB`, `512바이트`.
    static func koreanSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes)바이트"
    }
}

extension Phrase.Command {
    var korean: String {
        switch self {
        case .help: "도움말: 모든 키"
        case .about: "이 마켓 정보"
        case .colours: "색 바꾸기"
        case .pictures: "사진 그리는 방식 바꾸기"
        case .edit: "상품 수정"
        case .delete: "상품 삭제"
        case .copyLink: "상품 링크 복사"
        case .copySummary: "이름·가격·링크 복사"
        case .keep: "찜하기 / 빼기"
        case .wishList: "찜 목록 보기"
        case .layout: "목록 ↔ 격자 바꾸기"
        case .search: "마켓 검색"
        case .refresh: "새로 고침"
        case .register: "상품 등록"
        case .mine: "내 상품만 / 모두"
        case .sort: "순서: 최신순 → 가격 ↑ → 가격 ↓ → 할인"
        case .inStock: "재고 있는 것만 / 모두"
        case .priceRange: "가격 범위"
        case .quit: "끝내기"
        case .first: "첫 상품"
        case .last: "마지막 상품"
        case .open: "고른 상품 열기"
        case .clearSearch: "검색 지우기"
        case .markToggle: "상품 표시 / 표시 지우기"
        case .markRange: "여기까지 상품 표시"
        case .markClear: "표시 모두 지우기"
        case .bulk: "표시한 상품 바꾸기: 가격, 할인, 재고, 삭제"
        case .undo: "표시한 상품의 마지막 변경 되돌리기"
        case .back: "목록으로 돌아가기"
        case .reload: "상품 다시 불러오기"
        case .pictureWindow: "크게: 사진을 창 가득 보기"
        case .previousPicture: "이전 사진"
        case .nextPicture: "다음 사진"
        }
    }
}

extension Phrase.WishChange {
    var korean: String {
        switch self {
        case .priceDrop(let old, let new, let restocked):
            "\(old) → \(new), 가격 인하" + (restocked.map { ", 재입고 (\($0)개)" } ?? "")
        case .discount(let old, let new, let restocked):
            "\(old) → \(new), 할인" + (restocked.map { ", 재입고 (\($0)개)" } ?? "")
        case .backInStock(let count, let old, let new) where old == new: "\(new)에 재입고 (\(count)개)"
        case .backInStock(let count, let old, let new): "\(old) → \(new), 재입고 (\(count)개)"
        case .gone(let lastPrice): "마켓에서 삭제됨 (마지막 가격 \(lastPrice))"
        }
    }
}

extension Phrase.Order {
    var korean: String {
        switch self {
        case .newest: "최신순"
        case .priceLowToHigh: "가격 ↑"
        case .priceHighToLow: "가격 ↓"
        case .biggestDiscount: "할인 큰 순"
        case .fewestInStock: "재고 적은 순"
        }
    }
}

extension Phrase.Hint {
    var korean: String {
        switch self {
        case .move: "이동"
        case .open: "열기"
        case .grid: "격자"
        case .list: "목록"
        case .search: "검색"
        case .refresh: "새로 고침"
        case .colour: "색"
        case .help: "도움말"
        case .quit: "끝내기"
        case .picture: "사진"
        case .scroll: "스크롤"
        case .reload: "다시 읽기"
        case .edit: "수정"
        case .delete: "삭제"
        case .back: "뒤로"
        case .yes: "예"
        case .no: "아니요"
        case .choose: "고르기"
        case .answer: "답하기"
        case .field: "칸"
        case .cursor: "커서"
        case .save: "저장"
        case .cancel: "취소"
        case .typeKey: "입력"
        case .toSearch: "검색어"
        case .done: "완료"
        case .clear: "지우기"
        case .priceRange: "최저–최고, ₩ 또는 $"
        case .emptyClears: "비우면 모든 가격"
        case .drop: "빼기"
        case .toFind: "찾기"
        case .runOrOpen: "실행 / 열기"
        case .zoom: "크게"
        }
    }
}

extension Phrase.AboutLine {
    var korean: String {
        switch self {
        case .title: "이 마켓 정보"
        case .closes(let keys): "\(keys) 이 창 열기 · 아무 키나 누르면 닫힙니다"
        case .marketLabel: "마켓"
        case .addressLabel: "주소"
        case .arrangementLabel: "순서"
        case .productsLabel: "상품"
        case .wishListLabel: "찜 목록"
        case .writerLabel: "나"
        case .address(let address): address ?? "알 수 없음"
        case .arrangement(true): "마켓이 모든 상품에 적용"
        case .arrangement(false): "이 브라우저가 불러온 상품에 적용"
        case .arrangement(nil): "아직 알 수 없음 (지금은 최신순)"
        case .products(let loaded, let vendors, let more, let searched):
            "판매자 \(vendors)명의 상품 \(loaded)개 \(searched ? "찾음" : "불러옴")"
                + (more ? "; 마켓에 더 있습니다" : "; 마켓에 있는 전부입니다")
        case .kept(let count?): "상품 \(count)개 찜함"
        case .kept(nil): "읽는 중"
        case .writer(let vendor, let name):
            "판매자" + (vendor.map { " #\($0)" } ?? "") + (name.map { " (\($0))" } ?? "") + ": 등록, 수정, 삭제할 수 있습니다"
        case .readOnly: "보기만 (판매자 정보 없음)"
        }
    }
}

extension Phrase.HelpRow {
    var korean: String {
        switch self {
        case .move: "이동 (맨 위에서 더 올리면 새로 고침)"
        case .moveGrid: "격자에서 이동 · 상세에서 사진 넘기기"
        case .page: "한 화면 위 / 아래"
        case .firstLast: "첫 / 마지막 상품"
        case .open: "상품 열기"
        case .toggle: "목록 ↔ 격자 바꾸기"
        case .search(let clearKey): "검색 (\(clearKey) 지우기)"
        case .refresh: "새로 고침 · 오류 뒤 다시 시도"
        case .register: "상품 등록"
        case .edit(let saveKey): "내 상품 수정 (\(saveKey) 저장)"
        case .delete: "내 상품 삭제 (먼저 묻습니다)"
        case .mine: "내 상품만 / 모두"
        case .colours: "색 바꾸기: 트루컬러 → 256 → 16 → 8 → 흑백"
        case .pictures: "사진: 터미널 자체 → 반 블록 → 끔"
        case .help: "이 도움말 · 화면 다시 그리기"
        case .back: "뒤로 · 맨 위에서는 끝내기"
        case .mouse: "클릭 선택 · 두 번 클릭 열기 · 휠 스크롤"
        case .copy: "링크 복사 / 이름·가격·링크 한 줄 복사"
        case .sort: "순서: 최신순 → 가격 ↑ → 가격 ↓ → 할인"
        case .filter: "재고 있는 것만 / 모두 · 가격 범위"
        case .wish: "찜하기 / 빼기 · 찜 목록"
        case .palette: "명령과 상품 찾기 (대강 입력해도 됩니다)"
        case .pictureWindow: "크게: 상품 사진을 창 가득 보기"
        case .about: "이 마켓 정보: 어디, 몇 개, 누구"
        case .marks: "상품 표시 · 여기까지 표시 · 표시 지우기"
        case .bulk: "표시한 상품 바꾸기: 가격, 할인, 재고, 삭제 · 되돌리기"
        }
    }
}

extension Phrase.FormField {
    var korean: String {
        switch self {
        case .name: "이름"
        case .description: "설명"
        case .price: "가격"
        case .discount: "할인"
        case .stock: "재고"
        case .currency: "통화"
        case .thumbnail: "대표 사진"
        case .pictures: "사진"
        case .submit: "저장"
        }
    }
}

extension Phrase.Transport {
    var korean: String {
        switch self {
        case .refused: "연결이 거부됨"
        case .reset: "연결이 끊김"
        case .timedOut: "연결 시간 초과"
        case .hostNotFound: "호스트를 찾을 수 없음"
        case .hostUnreachable: "호스트에 닿을 수 없음"
        case .networkUnreachable: "네트워크에 닿을 수 없음"
        case .closed: "연결이 닫힘"
        case .serverClosed: "서버가 연결을 닫음"
        case .addressNotAvailable: "주소를 쓸 수 없음"
        case .couldNotConnect: "연결할 수 없음"
        case .failed: "연결 실패"
        case .tooManyRedirects: "리디렉션이 너무 많음"
        case .other(let reason): reason
        }
    }
}
