import HummingbirdCore

/// Stops accepting connections while `limits.maxConnections` are open (Hummingbird then stops reading the
/// listening socket, so new clients wait in the kernel's accept queue, holding none of our descriptors).
struct OpenConnectionsGate: AvailableConnectionsDelegate {
    let watch: ConnectionWatch
    private var open = 0

    init(watch: ConnectionWatch) {
        self.watch = watch
    }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool {
        guard open < watch.limits.maxConnections else {
            watch.reachedCapacity()
            return false
        }
        return true
    }
}
