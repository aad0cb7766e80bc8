/// A least-recently-used map with a count limit and a total-cost limit. Not thread-safe: its owner
/// (the `ImageCache` actor) guards it. Every operation is O(1) amortised.
struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var previous: Int
        var next: Int
    }

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    /// Most recently used node, or -1.
    private var head = -1
    /// Least recently used node, or -1.
    private var tail = -1

    var countLimit: Int
    var costLimit: Int
    private(set) var totalCost = 0

    init(countLimit: Int, costLimit: Int) {
        self.countLimit = countLimit
        self.costLimit = costLimit
    }

    var count: Int { index.count }

    /// The value for `key`, marking it most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        moveToFront(i)
        return nodes[i].value
    }

    /// The value without changing the order.
    func peek(_ key: Key) -> Value? {
        index[key].map { nodes[$0].value }
    }

    /// Inserts or replaces; then evicts least recently used entries until both limits hold.
    /// Returns the evicted keys.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Key] {
        if let i = index[key] {
            totalCost += cost - nodes[i].cost
            nodes[i].value = value
            nodes[i].cost = cost
            moveToFront(i)
        } else {
            let node = Node(key: key, value: value, cost: cost, previous: -1, next: head)
            let i: Int
            if let reused = free.popLast() {
                nodes[reused] = node
                i = reused
            } else {
                nodes.append(node)
                i = nodes.count - 1
            }
            if head >= 0 { nodes[head].previous = i }
            head = i
            if tail < 0 { tail = i }
            index[key] = i
            totalCost += cost
        }
        var evicted: [Key] = []
        while count > countLimit || totalCost > costLimit, tail >= 0 {
            let key = nodes[tail].key
            remove(key)
            evicted.append(key)
        }
        return evicted
    }

    /// Removes one entry.
    mutating func remove(_ key: Key) {
        guard let i = index.removeValue(forKey: key) else { return }
        unlink(i)
        totalCost -= nodes[i].cost
        free.append(i)
    }

    /// Removes everything.
    mutating func removeAll() {
        nodes.removeAll()
        free.removeAll()
        index.removeAll()
        head = -1
        tail = -1
        totalCost = 0
    }

    /// Keys from most to least recently used (for tests).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var i = head
        while i >= 0 {
            keys.append(nodes[i].key)
            i = nodes[i].next
        }
        return keys
    }

    private mutating func unlink(_ i: Int) {
        let previous = nodes[i].previous
        let next = nodes[i].next
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
        nodes[i].previous = -1
        nodes[i].next = -1
    }

    private mutating func moveToFront(_ i: Int) {
        guard head != i else { return }
        unlink(i)
        nodes[i].next = head
        if head >= 0 { nodes[head].previous = i }
        head = i
        if tail < 0 { tail = i }
    }
}
