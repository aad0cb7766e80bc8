/// A duration as seconds, for the crowd's figures and timers.
extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
