import Localization
import Foundation
import ImagePipeline
import MarketFeatures
import OpenMarketAPI
import TerminalUI

extension BrowserRuntime.Loop {
    /// Starts an effect, by the kind of work it is; false when the effect is to quit.
    mutating func perform(_ effect: BrowserEffect) -> Bool {
        switch effect {
        case .quit:
            return false
        case .loadPage, .pollFirstPage, .loadDetail, .checkWishes, .searchPalette, .findVendor:
            performRead(effect)
        case .registerProduct, .updateProduct, .deleteProduct, .bulkWrite:
            performWrite(effect)
        case .preparePicture, .completePath, .loadFormImages:
            performFormWork(effect)
        case .copy, .saveWishList, .schedulePaletteSearch, .scheduleSearch, .followChanges, .expireFreshMark, .reportLook:
            performOther(effect)
        }
        return true
    }

    /// The market read: pages, a product, the kept products, the palette's search.
    mutating func performRead(_ effect: BrowserEffect) {
        let client = runtime.client
        let queue = self.queue
        let language = runtime.configuration.language
        let key = EffectKey(effect)
        switch effect {
        case .loadPage(let id, let page, let perPage, let search, let listing):
            tasks.start(key) {
                guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                    try await client.page(number: page, itemsPerPage: perPage, search: search, listing: listing)
                }) else { return }
                queue.send(.browser(.pageLoaded(requestID: id, result)))
            }
        case .pollFirstPage(let perPage, let search):
            tasks.start(key) {
                let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                    try await client.page(number: 1, itemsPerPage: perPage, search: search)
                }) ?? .failure(BrowserFailure(language.text(.requestCancelled)))
                queue.send(.browser(.pollLoaded(search: search, result)))
            }
        case .loadDetail(let id):
            tasks.start(key) {
                guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in try await client.product(id: id) })
                else { return }
                queue.send(.browser(.presented(.detail(id: id, .loaded(result)))))
            }
        case .findVendor:
            guard let identity = runtime.configuration.identity else { return }
            tasks.start(key) {
                // A course server has no such route (404): the id stays unknown, as before.
                if let vendor = try? await client.vendor(of: identity) { queue.send(.browser(.vendorFound(id: vendor.id))) }
            }
        case .checkWishes(let ids):
            tasks.start(key) {
                queue.send(.browser(.wishesChecked(await Self.look(at: ids, client: client))))
            }
        case .searchPalette(let query, let generation):
            tasks.start(key) {
                guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                    try await client.page(number: 1, itemsPerPage: 20, search: query)
                }) else { return }
                queue.send(.browser(.presented(.palette(.searched(query: query, generation: generation, result)))))
            }
        default:
            break
        }
    }

    /// The clipboard, the wish list's keeping, the debounce timers.
    mutating func performOther(_ effect: BrowserEffect) {
        let queue = self.queue
        let key = EffectKey(effect)
        switch effect {
        case .copy(let text):
            runtime.terminal.copy(text)
        case .saveWishList(let products, let generation):
            let store = wishes
            tasks.start(key) {
                await store.save(products, generation: generation)
                queue.send(.browser(.wishPlaceFound(await store.currentPlace())))
            }
        case .schedulePaletteSearch(let generation, let delay):
            if let key { startTimer(key, after: delay, then: .presented(.palette(.searchDue(generation: generation)))) }
        case .scheduleSearch(let generation, let delay):
            if let key { startTimer(key, after: delay, then: .presented(.search(.paused(generation: generation)))) }
        case .expireFreshMark(let id, let generation, let delay):
            if let key { startTimer(key, after: delay, then: .freshMarkExpired(id: id, generation: generation)) }
        case .reportLook(let viewer, let product):
            let client = runtime.client
            tasks.start(key) {
                // A count that does not come (an older market, a stream just lost) is left unknown, not guessed.
                guard let count = try? await client.look(viewer: viewer, at: product), let product else { return }
                queue.send(.browser(.lookCounted(productID: product, count: count)))
            }
        case .followChanges:
            let (terminal, executor, socket) = (runtime.terminal, runtime.terminal.executor, runtime.configuration.changeSocket)
            let following = ChangeFollowing(client: runtime.client)
            let clock = runtime.clock
            tasks.start(key, on: executor) {
                var lastID: String?
                if let socket {
                    // The market's local socket, read on the terminal's thread; when it ends, over HTTP from the
                    // last event it brought.
                    guard case .some(let last) = await Self.followSocket(at: socket, on: terminal, into: queue) else { return }
                    lastID = last
                }
                for await event in following.events(clock: clock, on: executor, after: lastID) { queue.send(.browser(.live(event))) }
            }
        default:
            break
        }
    }

    /// Follows the market's changes on its local socket (`ChangeSocketReader`), watched by `terminal`, until the
    /// socket ends. Returns what to follow over HTTP from: the last event id the socket brought (nil inside: none,
    /// or it could not be connected, and nothing was said); nil when the task was cancelled. A socket that ends
    /// after it opened is said (`lost`).
    static func followSocket(at path: String, on terminal: any TerminalBackend, into queue: EventQueue<BrowserRuntime.Event>) async -> String?? {
        let (ends, end) = AsyncStream.makeStream(of: String?.self)
        let live: @Sendable (ChangeFeedEvent) -> Void = { queue.send(.browser(.live($0))) }
        guard let reader = ChangeSocketReader.connect(to: path, deliver: live, ended: { end.yield($0) }) else { return .some(nil) }
        live(.opened(resumed: false))
        terminal.watch(reader.descriptor, readable: reader.readable)
        let lastID = await withTaskCancellationHandler {
            var iterator = ends.makeAsyncIterator()
            return await iterator.next()
        } onCancel: {
            reader.cancel()
            end.finish()
        }
        guard !Task.isCancelled, let lastID else { return .none }
        live(.lost(retryIn: .zero))
        return .some(lastID)
    }

    /// A timer on the runtime's clock that sends `event` once `delay` has passed, unless a newer timer of the
    /// same key came first (a debounce): then the newer one's event is sent at its time. The task waiting for the
    /// key waits on when the newer one is due no sooner (`TimerDeadlines`); else it is replaced.
    func startTimer(_ key: EffectKey, after delay: Duration, then event: BrowserEvent) {
        let (queue, clock, elapsed, deadlines) = (queue, runtime.clock, elapsed, timers)
        guard let waiter = deadlines.set(key, due: elapsed() + delay, event: event, waiting: tasks.isRunning(key)) else { return }
        tasks.start(key) {
            while true {
                switch deadlines.next(key, waiter: waiter, now: elapsed()) {
                case .wait(let left):
                    do { try await clock.sleep(for: left) } catch { return deadlines.cancelled(key, waiter: waiter) }
                case .fire(let event):
                    return queue.send(.browser(event))
                case .end:
                    return
                }
            }
        }
    }

    /// Runs a request and turns its outcome into what the view model takes; nil when it was cancelled.
    static func attempt<T: Sendable>(
        in language: Language, _ request: () async throws(OpenMarketError) -> T
    ) async -> Result<T, BrowserFailure>? {
        do throws(OpenMarketError) {
            return .success(try await request())
        } catch {
            return error.isCancelled ? nil : .failure(BrowserFailure(error, in: language))
        }
    }

    /// Each kept product's detail, one after another (a few at most): a 404 is a deleted product; any other
    /// failure is left out of the answer, so the product is looked at again later.
    static func look(at ids: [Int], client: OpenMarketClient) async -> [WishLook] {
        var looks: [WishLook] = []
        for id in ids {
            do throws(OpenMarketError) {
                looks.append(WishLook(id: id, product: try await client.product(id: id).summary))
            } catch {
                if error.status == 404 { looks.append(WishLook(id: id, product: nil)) }
            }
        }
        return looks
    }

    static func require(_ identity: VendorIdentity?) throws(OpenMarketError) -> VendorIdentity {
        guard let identity else { throw OpenMarketError.invalidRequest("no vendor identity") }
        return identity
    }
}
