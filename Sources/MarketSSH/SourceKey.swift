import Foundation

/// Who a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's
/// network: a host given a /64 has 2⁶⁴ addresses to spread its connections over, so counting single IPv6
/// addresses would make every per-address limit as good as none). IPv4-mapped IPv6 addresses count as their
/// IPv4 address. Anything unparsable counts as itself.
enum SourceKey {
    static func of(_ address: String) -> String {
        var bytes = in6_addr()
        guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        let octets = withUnsafeBytes(of: bytes) { Array($0) }
        if octets[0..<10].allSatisfy({ $0 == 0 }), octets[10] == 0xFF, octets[11] == 0xFF {
            return octets[12..<16].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(octets[$0]) << 8 | UInt16(octets[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
