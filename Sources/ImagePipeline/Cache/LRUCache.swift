/// A least-recently-used map with a count limit and a total-cost limit (NSCache's two limits). Not
/// thread-safe: its owner guards it (the `ImageCache` actor; the browser loop for encoded graphics).
/// Every operation is O(1) amortised.
public struct LRUCache<Key: Hashable, Value> {
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

    /// The most entries kept.
    public var countLimit: Int
    /// The most total cost kept (bytes, for pictures).
    public var costLimit: Int
    /// The cost of what is kept.
    public private(set) var totalCost = 0

    /// An empty cache with these limits.
    public init(countLimit: Int, costLimit: Int) {
        self.countLimit = countLimit
        self.costLimit = costLimit
    }

    /// Entries kept.
    public var count: Int { index.count }

    /// The value for `key`, marking it most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        moveToFront(i)
        return nodes[i].value
    }

    /// The value without changing the order.
    public func peek(_ key: Key) -> Value? {
        index[key].map { nodes[$0].value }
    }

    /// Inserts or replaces; then evicts least recently used entries until both limits hold.
    /// Returns the evicted keys.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Key] {
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
    public mutating func remove(_ key: Key) {
        guard let i = index.removeValue(forKey: key) else { return }
        unlink(i)
        totalCost -= nodes[i].cost
        free.append(i)
    }

    /// Removes everything.
    public mutating func removeAll() {
        nodes.removeAll()
        free.removeAll()
        index.removeAll()
        head = -1
        tail = -1
        totalCost = 0
    }

    /// Keys from most to least recently used (for tests).
    public var keysByRecency: [Key] {
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
