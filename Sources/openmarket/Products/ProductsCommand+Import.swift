import ArgumentParser
import Foundation
import Localization
import MarketCommands
import OpenMarketAPI
import Untrusted

extension ProductsCommand {
    /// `products import FILE`: a spreadsheet's products into the market — the plan first (`--dry-run` stops
    /// there), nothing changed while a row is refused, then a row at a time with progress and a summary.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register and change your products from a CSV or JSON Lines file (--dry-run shows the plan only).",
            discussion: """
                The columns: \(ProductColumn.spoken) (`products export` writes them; a header names them, in any \
                order; only id or name is needed). A row with an id changes that product; a row without one changes \
                your product of that name, or registers a new one with its pictures (1 to 5: files beside the file, \
                or http(s) addresses, separated by |). An empty cell leaves the field as it is. Importing the same \
                file twice changes nothing the second time. CSV separated by commas, semicolons or tabs, UTF-8 (a \
                byte-order mark is fine), UTF-16, or Excel's Korean CP949 (converted); JSON Lines as \
                `products list --jsonl` and `products export --format jsonl` write it. At most \(ProductFileReader.maxRows.formatted()) \
                rows and \(ProductFileReader.maxBytes >> 20) MB a file. Exit status: 0 done; 65 a row refused by the \
                rules (nothing is changed then); 66 no such product or picture file; 69 the market stopped answering \
                (the lines done and not done are said; import again to finish); 77 another vendor's product or no \
                identity.
                """)
        @Argument(help: "The file (- for standard input).") var file: String
        @Option(help: "csv or jsonl (default: by the file's name; .jsonl, .ndjson and .json are JSON Lines).") var format: String?
        @Flag(help: "Print the plan — new, changed (each field before → after), unchanged, refused — and change nothing.")
        var dryRun = false
        @OptionGroup var market: MarketAccess

        func validate() throws {
            if let format, ProductFileFormat(rawValue: format) == nil { throw ValidationError("--format must be csv or jsonl, not \(format)") }
        }

        func run() async throws {
            let format = format.flatMap(ProductFileFormat.init(rawValue:)) ?? ProductFileFormat(path: file)
            let folder = file == "-" ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                : URL(fileURLWithPath: file).deletingLastPathComponent()
            try await ProductsCommand.failing {
                try await market.run { market in
                    let language = market.language
                    let read = try Self.read(file, format: format, language: language)
                    if let encoding = read.convertedFrom { ProductsCommand.warn(language.text(.productFile(.convertedFrom(encoding: encoding)))) }
                    let identity = try market.writer()
                    let vendorID = try await market.writerVendorID()
                    var mine: [ProductSummary] = []
                    try await market.everyProduct(of: vendorID) { mine += $0 }
                    let client = market.client
                    let url = market.url
                    let planner = ImportPlanner(
                        mine: mine, vendorID: vendorID, folder: folder,
                        lookUp: { id in
                            do throws(OpenMarketError) {
                                return try await client.product(id: id).summary
                            } catch {
                                if error.status == 404 { return nil }
                                throw CommandFailure(error, market: url)
                            }
                        },
                        pictureAddresses: { id in
                            do throws(OpenMarketError) {
                                return try await client.product(id: id).images.map(\.url)
                            } catch {
                                throw CommandFailure(error, market: url)
                            }
                        })
                    let plan = try await planner.plan(read)
                    let lines = plan.lines(in: language)
                    if dryRun || !plan.refusals.isEmpty {
                        lines.dropLast().forEach { ProductsCommand.emit(UntrustedText.shown($0)) }
                    }
                    ProductsCommand.warn(lines.last ?? "")
                    guard plan.refusals.isEmpty else {
                        ProductsCommand.warn(language.text(.productFile(.refusedNothingChanged)))
                        throw ExitCode(plan.status)
                    }
                    if dryRun {
                        ProductsCommand.warn(language.text(.productFile(.dryRunChangedNothing)))
                        return
                    }
                    let progress = ImportProgress(language: language)
                    let result = await ImportRun(client: client, identity: identity).apply(plan) { done, total in progress.show(done, of: total) }
                    progress.finish()
                    for failure in result.failures {
                        ProductsCommand.warn(UntrustedText.shown(language.text(.productFile(.labelFailed)) + ": " + failure.text(in: language)))
                    }
                    ProductsCommand.warn(
                        language.text(
                            .productFile(.applied(
                                registered: result.registered.count, changed: result.changed.count, unchanged: result.unchanged.count,
                                failed: result.failures.count + result.notDone.count))))
                    if let reason = result.stoppedBecause {
                        ProductsCommand.warn(UntrustedText.shown(reason))
                        ProductsCommand.warn(
                            language.text(.productFile(.stoppedMidway(done: LineRanges.text(result.doneLines, among: plan.steps.map(\.line)), notDone: LineRanges.text(result.notDone, among: plan.steps.map(\.line))))))
                    }
                    if result.stoppedBecause != nil || !result.failures.isEmpty { ProductsCommand.warn(language.text(.productFile(.rerunFinishes))) }
                    if result.status != 0 { throw ExitCode(result.status) }
                }
            }
        }

        /// The file read (at most the reader's limit, standard input too), or its refusal said and exited with.
        static func read(_ path: String, format: ProductFileFormat, language: Language) throws -> ProductFile {
            let handle: FileHandle
            if path == "-" {
                handle = .standardInput
            } else {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                    let opened = FileHandle(forReadingAtPath: path)
                else {
                    throw CommandFailure(lines: [language.text(.noSuchFile(path))], status: CommandFailure.missing)
                }
                handle = opened
                // A file over the limit is refused by its size, unread (a 1 GB line is never read whole).
                let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
                if size > ProductFileReader.maxBytes {
                    try? handle.close()
                    let problem = ProductFileProblem(line: nil, .file(.fileTooLarge(megabytes: size >> 20, most: ProductFileReader.maxBytes >> 20)))
                    throw CommandFailure(lines: [problem.text(in: language)], status: problem.status)
                }
            }
            // One byte past the limit tells a file over it without reading the rest.
            let bytes = [UInt8]((try? handle.read(upToCount: ProductFileReader.maxBytes + 1)) ?? Data())
            if path != "-" { try? handle.close() }
            do throws(ProductFileProblem) {
                return try ProductFileReader.read(bytes, format: format)
            } catch {
                throw CommandFailure(lines: [error.text(in: language)], status: error.status)
            }
        }
    }
}
