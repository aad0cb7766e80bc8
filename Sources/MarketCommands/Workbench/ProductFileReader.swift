import CSV
import Foundation

/// Reads a product file: CSV by the CSV.swift library (quoted values with commas, quotes and line breaks;
/// CRLF; the separator `,`, `;` or a tab, found in the header) or JSON Lines (`products list --jsonl`'s own
/// output reads back), from UTF-8 with or without a byte-order mark, UTF-16, or a Korean spreadsheet's CP949.
public enum ProductFileReader {
    /// The most a file may weigh: a shop of 10,000 products with long descriptions fits.
    public static let maxBytes = 32 << 20
    /// The most rows one file may hold.
    public static let maxRows = 10_000

    /// The file in `bytes`, or the refusal of the file as a whole (its header, its size, its encoding, too
    /// many rows). Rows that cannot be read are in the file's `problems`.
    public static func read(_ bytes: [UInt8], format: ProductFileFormat) throws(ProductFileProblem) -> ProductFile {
        guard bytes.count <= maxBytes else {
            throw ProductFileProblem(line: nil, .file(.fileTooLarge(megabytes: bytes.count >> 20, most: maxBytes >> 20)))
        }
        guard let decoded = ProductFileText.decode(bytes) else {
            throw ProductFileProblem(line: Self.firstLineNotUTF8(bytes), .file(.notText))
        }
        var file: ProductFile
        switch format {
        case .csv: file = try csv(decoded.text)
        case .jsonl: file = try jsonLines(decoded.text)
        }
        file.convertedFrom = decoded.convertedFrom
        return file
    }

    // MARK: CSV

    static func csv(_ text: String) throws(ProductFileProblem) -> ProductFile {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: false, trimFields: false, delimiter: separator(of: text))
        } catch {
            throw ProductFileProblem(line: 1, .file(.noHeader))
        }
        var line = 1
        guard let header = reader.next(), header.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw ProductFileProblem(line: 1, .file(.noHeader))
        }
        line += 1 + header.reduce(0) { $0 + lineBreaks(in: $1) }
        var columns: [(index: Int, column: ProductColumn)] = []
        var numbers: [ProductColumn: Int] = [:]
        for (index, cell) in header.enumerated() {
            let name = cell.trimmingCharacters(in: .whitespacesAndNewlines)
            // A spreadsheet's trailing separator makes a column without a name: nothing is in it.
            if name.isEmpty { continue }
            guard let column = ProductColumn(header: name) else {
                throw ProductFileProblem(line: 1, column: name, columnNumber: index + 1, .file(.unknownColumn(name, known: ProductColumn.spoken)))
            }
            guard numbers[column] == nil else {
                throw ProductFileProblem(line: 1, column: name, columnNumber: index + 1, .file(.duplicateColumn(name)))
            }
            columns.append((index, column))
            numbers[column] = index + 1
        }
        guard numbers[.id] != nil || numbers[.name] != nil else { throw ProductFileProblem(line: 1, .file(.noKeyColumn)) }
        var file = ProductFile(format: .csv, rows: [], columnNumbers: numbers)
        let needed = (columns.map(\.index).max() ?? 0) + 1
        while let fields = reader.next() {
            let start = line
            line += 1 + fields.reduce(0) { $0 + lineBreaks(in: $1) }
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) { continue }
            guard file.rows.count + file.problems.count < maxRows else {
                throw ProductFileProblem(line: start, .file(.tooManyRows(most: maxRows)))
            }
            guard fields.count >= needed else {
                file.problems.append(ProductFileProblem(line: start, .file(.missingValues(found: fields.count, expected: header.count))))
                continue
            }
            var values: [ProductColumn: String] = [:]
            for (index, column) in columns { values[column] = fields[index] }
            file.rows.append(row(line: start, values))
        }
        return file
    }

    /// The separator the header line uses most outside quotes: `,` (the default), `;` (a spreadsheet where
    /// the comma is the decimal point) or a tab.
    static func separator(of text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.toggle() }
            if !quoted, scalar == "\n" || scalar == "\r" { break }
            if !quoted, let count = counts[scalar] { counts[scalar] = count + 1 }
        }
        let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $1.key == ",") }
        return (best?.value ?? 0) > 0 ? best!.key : ","
    }

    /// The line breaks in a value (a quoted value may hold them): LF, and CR not followed by LF.
    static func lineBreaks(in value: String) -> Int {
        var count = 0
        var afterCR = false
        for scalar in value.unicodeScalars {
            if scalar == "\n" { if !afterCR { count += 1 } } else if scalar == "\r" { count += 1 }
            afterCR = scalar == "\r"
        }
        return count
    }

    /// A row of `values` as read: line breaks made LF, the numbers', the currency's and the name's spaces
    /// around trimmed (a description keeps its own), empty values left out, the pictures split on `|`.
    static func row(line: Int, _ raw: [ProductColumn: String]) -> ProductFileRow {
        var values: [ProductColumn: String] = [:]
        var pictures: [String] = []
        for (column, text) in raw {
            let value = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            switch column {
            case .description:
                if !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { values[column] = value }
            case .pictures:
                pictures = value.split(whereSeparator: { $0 == "|" || $0 == "\n" })
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case .price, .discountedPrice:
                let trimmed = decimalPoint(value.trimmingCharacters(in: .whitespacesAndNewlines))
                if !trimmed.isEmpty { values[column] = trimmed }
            default:
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { values[column] = trimmed }
            }
        }
        return ProductFileRow(line: line, values: values, pictures: pictures)
    }

    /// A price written with a decimal comma, as a spreadsheet whose decimal point is a comma writes it (`2,36`,
    /// `12,5`), with a point; a comma before exactly one or two last digits can be no thousands' separator.
    /// Anything else as it is (`12,000` groups thousands; the form's rules read it).
    static func decimalPoint(_ text: String) -> String {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !text.contains("."), (1...2).contains(parts[1].count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return text }
        return String(parts[0]) + "." + String(parts[1])
    }

    // MARK: JSON Lines

    static func jsonLines(_ text: String) throws(ProductFileProblem) -> ProductFile {
        var file = ProductFile(format: .jsonl, rows: [])
        let decoder = JSONDecoder()
        var number = 0
        // By bytes: in a String, CR LF is one Character, and a split on "\n" would not see it.
        for rawLine in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let lineBytes = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine[...]
            if lineBytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard file.rows.count + file.problems.count < maxRows else {
                throw ProductFileProblem(line: number, .file(.tooManyRows(most: maxRows)))
            }
            guard let object = try? decoder.decode([String: JSONCell].self, from: Data(lineBytes)) else {
                file.problems.append(ProductFileProblem(line: number, .file(.notJSONObject)))
                continue
            }
            var values: [ProductColumn: String] = [:]
            var refused: ProductFileProblem?
            // The keys in a fixed order, so that the first refusal of a line is always the same one.
            for (key, cell) in object.sorted(by: { $0.key < $1.key }) where !ProductColumn.computedKeys.contains(key) {
                guard let column = ProductColumn(header: key) else {
                    refused = refused ?? ProductFileProblem(line: number, column: key, .file(.unknownColumn(key, known: ProductColumn.spoken)))
                    continue
                }
                switch (column, cell) {
                case (_, .null): break
                case (.pictures, .texts(let list)): values[column] = list.joined(separator: "|")
                case (_, .text(let text)), (_, .number(let text)): values[column] = text
                default: refused = refused ?? ProductFileProblem(line: number, column: key, .file(.wrongJSONValue(key: key)))
                }
            }
            if let refused {
                file.problems.append(refused)
            } else {
                file.rows.append(row(line: number, values))
            }
        }
        return file
    }

    /// A JSON value as a product file's cell: text, a number (its exact digits), a list of pictures (text, or
    /// objects with a `url` as a product's `images` are), nothing, or anything else.
    enum JSONCell: Decodable {
        case text(String)
        case number(String)
        case texts([String])
        case null
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let number = try? container.decode(Decimal.self) {
                self = .number("\(number)")
            } else if let list = try? container.decode([PictureCell].self) {
                self = .texts(list.map(\.text))
            } else {
                self = .other
            }
        }
    }

    /// A picture in a JSON list: its path or address, or an object with a `url`.
    struct PictureCell: Decodable {
        var text: String

        private struct Image: Decodable { var url: String }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else {
                text = try container.decode(Image.self).url
            }
        }
    }

    /// The line of the first byte that is not UTF-8 (for the refusal of a file in another encoding).
    static func firstLineNotUTF8(_ bytes: [UInt8]) -> Int {
        var line = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if String(validating: bytes[start...index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}
