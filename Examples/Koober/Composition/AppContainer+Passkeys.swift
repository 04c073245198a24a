import Foundation
import Localization
import LoginLogicControl
import SoftwarePasskeys

/// Passkeys on this device: the software authenticator over the data folder, and the
/// controls that use it.
extension AppContainer {
  /// Whether passkeys are offered: with Koober's API only. With `--oidc-issuer` they happen
  /// on the provider's page, which koober never sees.
  var offersPasskeys: Bool { !offersProviderSignIn }

  /// The one sentence every passkey feature says in OIDC mode.
  static var passkeysOnProviderPage: String {
    TextTable.kooberCommands.text("passkey.oidc")
  }

  /// "This device": a software authenticator whose keys stay in the client folder's
  /// `Passkeys/` (0600 files in a 0700 folder; one someone else made or can write is
  /// refused). There is no local check of the person on a terminal: a passkey made here
  /// claims presence, never verification.
  /// - Parameter userName: The account whose passkey answers when several could (`sign-in
  ///   --passkey --email`), or `nil` for the newest.
  func makePasskeyAuthenticator(preferring userName: String? = nil) -> SoftwareAuthenticator {
    SoftwareAuthenticator(folder: clientFolder.passkeysFolder, preferredUserName: userName)
  }

  /// The "Passkeys" control of the signed-in account; a passkey added without a name is
  /// named after this host.
  func makePasskeysControl() -> PasskeysLogicControl {
    PasskeysLogicControl(environment: loginEnvironment, defaultName: Self.deviceName)
  }

  /// A "Sign in with a passkey" control that starts at `entry`.
  /// - Parameter entry: Where the sign-in began; decides where success goes.
  func makePasskeySignInControl(from entry: LoginEntryPoint) -> PasskeySignInLogicControl {
    PasskeySignInLogicControl(environment: loginEnvironment, entryPoint: entry)
  }

  /// The host's name, as a passkey's default name: trimmed, without control characters,
  /// cut to the server's 64 characters; `koober` when the system gives none.
  static var deviceName: String {
    let scalars = ProcessInfo.processInfo.hostName.unicodeScalars
      .filter { $0.properties.generalCategory != .control }
    let name = String(String.UnicodeScalarView(scalars.prefix(64)))
      .trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? "koober" : name
  }
}
