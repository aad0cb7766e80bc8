import Testing

@testable import ImagePipeline

@Suite("LRU cache")
struct LRUCacheTests {
    @Test("the count limit evicts the least recently used; reading refreshes")
    func countLimit() {
        var cache = LRUCache<String, Int>(countLimit: 3, costLimit: 1000)
        cache.insert(1, for: "a", cost: 1)
        cache.insert(2, for: "b", cost: 1)
        cache.insert(3, for: "c", cost: 1)
        #expect(cache.value(for: "a") == 1)
        let evicted = cache.insert(4, for: "d", cost: 1)
        #expect(evicted == ["b"])
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.peek("b") == nil)
    }

    @Test("the cost limit evicts until the total fits; replacing adjusts the cost")
    func costLimit() {
        var cache = LRUCache<String, Int>(countLimit: 100, costLimit: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "b", cost: 4)
        #expect(cache.insert(3, for: "c", cost: 4) == ["a"])
        #expect(cache.totalCost == 8)
        cache.insert(9, for: "b", cost: 1)
        #expect(cache.totalCost == 5)
        #expect(cache.insert(5, for: "d", cost: 5) == [])
        #expect(cache.insert(6, for: "huge", cost: 50) == ["c", "b", "d", "huge"], "an entry above the limit is not kept")
        #expect(cache.count == 0 && cache.totalCost == 0)
    }

    @Test("remove and removeAll; slots are reused")
    func removal() {
        var cache = LRUCache<Int, Int>(countLimit: 10, costLimit: 100)
        for i in 0..<10 { cache.insert(i, for: i, cost: 1) }
        cache.remove(5)
        #expect(cache.count == 9 && cache.peek(5) == nil)
        cache.insert(50, for: 50, cost: 1)
        #expect(cache.keysByRecency.first == 50)
        cache.removeAll()
        #expect(cache.count == 0 && cache.keysByRecency.isEmpty)
    }
}
