import NIOCore
import NIOSSH

/// A visitor offers its own key, or nothing (the front's guests); the front is taken on trust (a bench on loopback).
final class VisitorAuthentication: NIOSSHClientUserAuthenticationDelegate, NIOSSHClientServerAuthenticationDelegate {
    private let username: String
    private let key: NIOSSHPrivateKey?
    private var offered = false

    init(username: String, key: NIOSSHPrivateKey?) {
        self.username = username
        self.key = key
    }

    func nextAuthenticationType(
        availableMethods: NIOSSHAvailableUserAuthenticationMethods,
        nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>
    ) {
        guard !offered else { return nextChallengePromise.succeed(nil) }
        offered = true
        if let key {
            nextChallengePromise.succeed(.init(username: username, serviceName: "", offer: .privateKey(.init(privateKey: key))))
        } else {
            nextChallengePromise.succeed(.init(username: username, serviceName: "", offer: .none))
        }
    }

    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}
