import Foundation
import LoginCore

extension FakeLoginService.Call: CustomStringConvertible, CustomReflectable {
  /// The call with its password and one-time code redacted, so a failing test's output
  /// shows neither.
  public nonisolated var description: String {
    switch self {
    case .restoreSession: "restoreSession"
    case .signIn(let identifier, _): "signIn(identifier: \(identifier), password: <redacted>)"
    case .verifyCode(_, let challengeID): "verifyCode(<redacted>, challengeID: \(challengeID))"
    case .signUp(let form): "signUp(\(form))"
    case .signOut: "signOut"
    case .lastSignedInIdentifier: "lastSignedInIdentifier"
    case .browserSignIn(let redirectURI, let prompt):
      "signIn(with: agent redirecting to \(redirectURI), prompt: \(prompt ?? "nil"))"
    case .startDeviceSignIn: "startDeviceSignIn"
    case .finishDeviceSignIn(let userCode): "finishDeviceSignIn(userCode: \(userCode))"
    case .switchAccount(let userID): "switchAccount(to: \(userID))"
    case .signOutAccount(let userID): "signOut(account: \(userID))"
    case .signOutAll: "signOutAll"
    case .passkeySignIn: "signIn(withPasskeyFrom:)"
    case .addPasskey(let name): "addPasskey(named: \(name))"
    case .passkeys: "passkeys"
    case .renamePasskey(let id, let name): "renamePasskey(id: \(id), to: \(name))"
    case .removePasskey(let id): "removePasskey(id: \(id))"
    }
  }

  /// A mirror of the description, so `dump` shows no secret either.
  public nonisolated var customMirror: Mirror {
    Mirror(self, children: ["call": description], displayStyle: .enum)
  }
}
