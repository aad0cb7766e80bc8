import Logging
import MarketWords
import ServiceLifecycle

/// Runs beside the HTTP server: reads each change the stream heard from the store, in order, and publishes it
/// as the product is now (registered, edited, deleted; a `reset` when the market may have missed changes);
/// sends a heartbeat to every subscriber when the stream was silent for `limits.heartbeat`, and the count of
/// those here when it changed, and to those looking at a product how many look at it when that changed (at
/// most every `limits.hereInterval`). At shutdown every stream ends, so that
/// no open stream holds the server up.
struct ChangePublisher: Service {
    let stream: ChangeStream
    let products: CachedProductStore
    let logger: Logger

    func run() async {
        let (stream, products, logger) = (self.stream, self.products, self.logger)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await change in stream.heardChanges {
                    await Self.publish(change, to: stream, reading: products, logger: logger)
                }
            }
            group.addTask {
                var lastCount = stream.subscriberCount
                var lastCut = 0
                var silent = Duration.zero
                var sinceHere = Duration.zero
                let tick = Duration.seconds(1)
                while (try? await Task.sleep(for: tick)) != nil {
                    stream.tellLookers()
                    let cut = stream.cutCount
                    if cut > lastCut {
                        logger.notice(
                            "cut off \(cut - lastCut) change stream(s) that fell \(stream.limits.queued) events behind (they resume from their last id)")
                        lastCut = cut
                    }
                    let count = stream.subscriberCount
                    silent += tick
                    sinceHere += tick
                    // Every browser redraws its title for a new count: a crowd arriving 20 a second would redraw a
                    // thousand titles every tick. So at most every `hereInterval`, and only when the count is
                    // different enough to be worth a glance (`ChangeStream.worthTelling`).
                    if sinceHere >= stream.limits.hereInterval, ChangeStream.worthTelling(count, after: lastCount) {
                        lastCount = count
                        sinceHere = .zero
                        stream.broadcast(ChangeStream.event(.here, id: nil, data: ChangeStream.hereData(count)))
                        silent = .zero
                    } else if silent >= stream.limits.heartbeat {
                        stream.broadcast(ChangeStream.heartbeatBytes)
                        silent = .zero
                    }
                }
            }
            try? await gracefulShutdown()
            stream.finish()
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
