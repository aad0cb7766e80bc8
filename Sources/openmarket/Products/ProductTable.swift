import Foundation
import MarketFeatures
import OpenMarketAPI
import TerminalCurses
import TerminalUI
import Untrusted

/// Products as a person reads them on a terminal: a table whose columns line up by display width (a Korean
/// name's letters take two columns), names made printable and cut to fit; and one product as labelled lines.
enum ProductTable {
    /// The columns the table may take: `COLUMNS` when set, else the terminal's width (standard output's
    /// window size), else 100.
    static func width(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return TerminalWindow.size(of: STDOUT_FILENO)?.columns ?? 100
    }

    /// The header and a row per product; `width` is the terminal's, the name column takes what is left.
    /// In a narrow window the vendor gives way to the name (down to 6 columns, then the column goes), then
    /// the name is cut further; the id, the price and the stock stay whole.
    /// Every cell is the market's text (a currency code as much as a name), so every cell is shown by
    /// `UntrustedText.shown`: a hostile market's escape sequences never reach the terminal.
    static func lines(_ products: [ProductSummary], width: Int = 100) -> [String] {
        let rows = products.map { p -> [String] in
            let (pay, _) = ProductText.prices(p)
            return ["\(p.id)", pay, p.stock <= 0 ? "sold out" : "\(p.stock)", p.vendorName ?? "#\(p.vendorID)", ProductText.name(p)]
                .map { UntrustedText.shown($0) }
        }
        let header = ["ID", "PRICE", "STOCK", "VENDOR", "NAME"]
        var widths = header.indices.map { column in ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        widths[3] = min(widths[3], 16)
        let fixed = widths[0..<3].reduce(0, +)
        var shown = Array(header.indices)
        var room = width - fixed - widths[3] - 8
        if room < 10 {
            widths[3] = max(6, widths[3] - (10 - room))
            room = width - fixed - widths[3] - 8
        }
        if room < 10 {
            shown.remove(at: 3)
            room = width - fixed - 6
        }
        widths[4] = max(4, min(widths[4], room))
        func line(_ cells: [String]) -> String {
            shown.map { column in
                let cut = TerminalText.truncated(cells[column], toWidth: widths[column])
                // Numbers right-aligned, words left.
                return column < 3 ? String(repeating: " ", count: widths[column] - DisplayWidth.of(cut)) + cut
                    : column == 4 ? cut : TerminalText.padded(cut, toWidth: widths[column])
            }.joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }

    /// One product, a field a line, then its description.
    static func detail(_ detail: ProductDetail, market: URL) -> [String] {
        let p = detail.summary
        let (pay, original) = ProductText.prices(p)
        var lines = [
            ProductText.name(p),
            "id        \(p.id)",
            "price     \(pay)" + (original.map { "  (was \($0))" } ?? ""),
            "stock     \(p.stock <= 0 ? "sold out" : "\(p.stock)")",
            "vendor    \(ProductText.vendor(p))",
            "pictures  \(detail.images.count)",
        ]
        if let link = ProductText.link(base: market.absoluteString, id: p.id) { lines.append("link      \(link)") }
        lines = lines.map { UntrustedText.shown($0) }
        lines.append("")
        lines += TerminalText.sanitizedLines(p.description)
        return lines
    }
}
