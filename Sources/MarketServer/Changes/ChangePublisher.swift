import Logging
import MarketWords
import ServiceLifecycle

/// Runs beside the HTTP server: reads each change the stream heard from the store, in order, and publishes it
/// as the product is now (registered, edited, deleted; a `reset` when the market may have missed changes);
/// every tick lets the stream speak to one slice of its subscribers (heartbeats, the count of those here:
/// `ChangeStream.speak`), and every second tells those looking at a product how many look at it when that
/// changed. With replicas (a shared feed) it says how many follow this one's stream and how many of them look at
/// each product, when that changed (and all of it at least every `limits.othersForgotten / 3`), and hears theirs.
/// At shutdown every stream ends, so that no open stream holds the server up, and the other replicas hear this
/// one has none.
struct ChangePublisher: Service {
    let stream: ChangeStream
    let products: CachedProductStore
    let feed: any ChangeFeed
    let logger: Logger

    func run() async {
        let (stream, products, feed, logger) = (self.stream, self.products, self.feed, self.logger)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await change in stream.heardChanges {
                    await Self.publish(change, to: stream, reading: products, logger: logger)
                }
            }
            group.addTask {
                var lastCut = 0
                var tick = 0
                let ticksPerSecond = Int(Duration.seconds(1) / ChangeStream.tick)
                var nextSecond = ticksPerSecond
                while true {
                    // Nobody to speak to: a look a second is enough (a market without streams wakes once a second).
                    let nobody = stream.subscriberCount == 0
                    guard (try? await Task.sleep(for: nobody ? .seconds(1) : ChangeStream.tick)) != nil else { break }
                    tick += nobody ? ticksPerSecond : 1
                    if !nobody { stream.speak(tick: tick) }
                    guard tick >= nextSecond else { continue }
                    nextSecond = tick + ticksPerSecond
                    stream.tellLookers()
                    let cut = stream.cutCount
                    if cut > lastCut {
                        logger.notice(
                            "cut off \(cut - lastCut) change stream(s) that fell \(stream.limits.queued) events behind (they resume from their last id)")
                        lastCut = cut
                    }
                }
            }
            if feed.isShared {
                group.addTask {
                    await feed.followHere { tag, news in
                        switch news {
                        case .here(let count): stream.heardHere(from: tag, count: count)
                        case .looking(let counts): stream.heardLooking(from: tag, counts)
                        }
                    }
                }
                group.addTask {
                    var said: (count: Int, at: ContinuousClock.Instant)? = nil
                    var allLookingSaid: ContinuousClock.Instant? = nil
                    let again = stream.limits.othersForgotten / 3
                    while (try? await Task.sleep(for: .seconds(1))) != nil {
                        let count = stream.subscriberCount
                        let now = ContinuousClock.now
                        // When it changed (at most every 2 s), and at least every `again` so as not to be forgotten.
                        let due = said.map { now - $0.at >= again || ($0.count != count && now - $0.at >= .seconds(2)) } ?? true
                        if due {
                            said = (count, now)
                            await feed.announceHere(count)
                        }
                        // The counts that changed each second, and all of them as often as the count of those here.
                        let all = allLookingSaid.map { now - $0 >= again } ?? true
                        if all { allLookingSaid = now }
                        let looking = stream.ownLooking(all: all)
                        if !looking.isEmpty { await feed.announceLooking(looking) }
                    }
                }
            }
            try? await gracefulShutdown()
            stream.finish()
            if feed.isShared { await feed.announceHere(0) }
            group.cancelAll()
        }
    }

    /// One change, read and published: the product as it is now, or its absence.
    static func publish(_ change: ProductChange, to stream: ChangeStream, reading products: CachedProductStore, logger: Logger) async {
        let id: Int
        switch change {
        case .everything:
            stream.publish(.reset, data: ChangeStream.reason("the market may have missed changes"))
            return
        case .inserted(nil):
            // A write that failed before its id was known: most likely nothing was registered.
            return
        case .inserted(let known?), .updated(let known, _), .deleted(let known):
            id = known
        }
        do {
            let detail = try await products.detail(id: id)
            let json = ProductJSON(baseURL: products.baseURL)
            switch (change, detail) {
            case (.inserted, let detail?): stream.publish(.registered, data: json.item(detail.product))
            case (.updated, let detail?): stream.publish(.edited, data: json.item(detail.product))
            case (.deleted, nil): stream.publish(.deleted, data: "{\"id\":\(id)}")
            default: break  // a write that failed (a delete of a product still there), or was undone since
            }
        } catch {
            logger.warning("the change stream could not read product \(id) (\(change.words)): \(error)")
            stream.publish(.reset, data: ChangeStream.reason("the market could not read a change"))
        }
    }
}
