public import Localization
/// Everything a key can do, by a stable name (`move.down`, `toggle.layout` …): the names the settings file's
/// `keys:` binds, with their context, default keys and what help says of them.
public enum KeyAction: String, Sendable, CaseIterable, Comparable {
    // Over the list and the detail.
    case help
    case about
    case colorsCycle = "colors.cycle"
    case picturesCycle = "pictures.cycle"
    case edit
    case delete
    case copyLink = "copy.link"
    case copySummary = "copy.summary"
    case wishToggle = "wish.toggle"
    case wishList = "wish.list"
    case palette
    // The list and the grid.
    case moveUp = "move.up"
    case moveDown = "move.down"
    case moveLeft = "move.left"
    case moveRight = "move.right"
    case pageUp = "page.up"
    case pageDown = "page.down"
    case moveFirst = "move.first"
    case moveLast = "move.last"
    case open
    case toggleLayout = "toggle.layout"
    case search
    case searchClear = "search.clear"
    case refresh
    case register
    case mine
    case sortCycle = "sort.cycle"
    case filterInStock = "filter.in-stock"
    case filterPrice = "filter.price"
    case markToggle = "mark.toggle"
    case markRange = "mark.range"
    case markClear = "mark.clear"
    case bulk
    case undo
    case quit
    // The detail.
    case back
    case picturePrevious = "picture.previous"
    case pictureNext = "picture.next"
    case scrollUp = "scroll.up"
    case scrollDown = "scroll.down"
    case scrollPageUp = "scroll.page-up"
    case scrollPageDown = "scroll.page-down"
    case scrollTop = "scroll.top"
    case reload
    case pictureWindow = "picture.window"
    // A question (“Delete …?”, “Discard changes?”).
    case answerYes = "answer.yes"
    case answerNo = "answer.no"
    case answerSwitch = "answer.switch"
    case answerChosen = "answer.chosen"
    // The form (its fields keep their editing keys).
    case formSubmit = "form.submit"
    case formCancel = "form.cancel"

    /// Where it works.
    public var context: KeyContext {
        switch self {
        case .help, .about, .colorsCycle, .picturesCycle, .edit, .delete, .copyLink, .copySummary, .wishToggle, .wishList, .palette:
            .browse
        case .moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .moveFirst, .moveLast, .open, .toggleLayout,
            .search, .searchClear, .refresh, .register, .mine, .sortCycle, .filterInStock, .filterPrice, .markToggle, .markRange,
            .markClear, .bulk, .undo, .quit:
            .list
        case .back, .picturePrevious, .pictureNext, .scrollUp, .scrollDown, .scrollPageUp, .scrollPageDown, .scrollTop, .reload,
            .pictureWindow:
            .detail
        case .answerYes, .answerNo, .answerSwitch, .answerChosen: .question
        case .formSubmit, .formCancel: .form
        }
    }

    /// Its keys when the settings say nothing, as the settings file writes them.
    public var defaultKeys: [String] {
        switch self {
        case .help: ["?"]
        case .about: ["a"]
        case .colorsCycle: ["c"]
        case .picturesCycle: ["p"]
        case .edit: ["e"]
        case .delete: ["d"]
        case .copyLink: ["y"]
        case .copySummary: ["Y"]
        case .wishToggle: ["f"]
        case .wishList: ["F"]
        case .palette: [":", "ctrl-p"]
        case .moveUp: ["up", "k"]
        case .moveDown: ["down", "j"]
        case .moveLeft: ["left", "h"]
        case .moveRight: ["right", "l"]
        case .pageUp: ["pgup", "ctrl-b"]
        case .pageDown: ["pgdn", "ctrl-f"]
        case .moveFirst: ["g", "home"]
        case .moveLast: ["G", "end"]
        case .open: ["enter"]
        case .toggleLayout: ["v", "tab"]
        case .search: ["/"]
        case .searchClear: ["esc"]
        case .refresh: ["r"]
        case .register: ["n"]
        case .mine: ["m"]
        case .sortCycle: ["o"]
        case .filterInStock: ["i"]
        case .filterPrice: ["$"]
        case .markToggle: ["space"]
        case .markRange: ["V"]
        case .markClear: ["X"]
        case .bulk: ["b"]
        case .undo: ["u"]
        case .quit: ["q"]
        case .back: ["q", "esc", "backspace"]
        case .picturePrevious: ["left", "h"]
        case .pictureNext: ["right", "l"]
        case .scrollUp: ["up", "k"]
        case .scrollDown: ["down", "j"]
        case .scrollPageUp: ["pgup"]
        case .scrollPageDown: ["pgdn", "space"]
        case .scrollTop: ["g", "home"]
        case .reload: ["r"]
        case .pictureWindow: ["z", "enter"]
        case .answerYes: ["y", "Y"]
        case .answerNo: ["n", "esc", "N", "q"]
        case .answerSwitch: ["left", "right", "tab", "backtab", "h", "l"]
        case .answerChosen: ["enter"]
        case .formSubmit: ["ctrl-s"]
        case .formCancel: ["esc"]
        }
    }

    public static func < (lhs: KeyAction, rhs: KeyAction) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension KeyAction {
    /// The palette's words for it, for the actions the palette offers (nil: moving, scrolling, answering,
    /// the form's keys, and the palette itself).
    public var command: Phrase.Command? {
        switch self {
        case .help: .help
        case .about: .about
        case .colorsCycle: .colours
        case .picturesCycle: .pictures
        case .edit: .edit
        case .delete: .delete
        case .copyLink: .copyLink
        case .copySummary: .copySummary
        case .wishToggle: .keep
        case .wishList: .wishList
        case .toggleLayout: .layout
        case .search: .search
        case .refresh: .refresh
        case .register: .register
        case .mine: .mine
        case .sortCycle: .sort
        case .filterInStock: .inStock
        case .filterPrice: .priceRange
        case .quit: .quit
        case .moveFirst: .first
        case .moveLast: .last
        case .open: .open
        case .searchClear: .clearSearch
        case .back: .back
        case .reload: .reload
        case .pictureWindow: .pictureWindow
        case .picturePrevious: .previousPicture
        case .pictureNext: .nextPicture
        case .markToggle: .markToggle
        case .markRange: .markRange
        case .markClear: .markClear
        case .bulk: .bulk
        case .undo: .undo
        default: nil
        }
    }
}
