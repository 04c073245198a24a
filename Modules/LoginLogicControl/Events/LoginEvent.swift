import LoginCore
import UserModel

/// One entry of the event log. Cases carry only what is safe to keep: user types, routes,
/// failure codes and identifiers (masked when written). No case can hold a password, a token or
/// a one-time code, so none can reach the log.
enum LoginEvent {
  /// The flow an event belongs to; the line's prefix.
  enum Area: String {
    case launch
    case signIn = "sign-in"
    case code
    case signUp = "sign-up"
    case session
    case guest
    case browserSignIn = "browser sign-in"
    case deviceSignIn = "device sign-in"
    case accounts
    case passkeySignIn = "passkey sign-in"
    case passkeys
  }

  case launchCheckStarted
  case launchOutcome(String)
  case signInSubmitted(identifier: String, entry: LoginEntryPoint)
  case codeRequired(channel: String)
  case countdownStarted(seconds: Int)
  case codeSubmitted
  case resendRequested
  case codeResent(channel: String)
  case codeStopped
  case signUpSubmitted(identifier: String, type: UserType, entry: LoginEntryPoint)
  case signOutRequested
  case signedOut(locally: Bool)
  case sessionStarted(UserType)
  case sessionEnded(SignOutReason)
  case featureChecked(AppFeature, signedInAs: UserType?, FeatureAccess)
  case ignored(Area, because: String)
  case failed(Area, AuthFailure)
  case challengeEnded(AuthFailure)
  case succeeded(Area, UserType, LoginRoute)
  case providerSignInStarted(Area, entry: LoginEntryPoint)
  case browserOpened
  case deviceCodeShown(expiresInSeconds: Int)
  case cancelled(Area)
  case account(AccountEvent)
  case authenticatorAsked(Area)
  case passkey(PasskeyEvent)

  var text: String {
    switch self {
    case .launchCheckStarted:
      "launch: checking the saved session"
    case .launchOutcome(let outcome):
      "launch: \(outcome)"
    case .signInSubmitted(let identifier, let entry):
      "sign-in: submitted for \(LoginEventLog.maskedIdentifier(identifier)) from \(entry)"
    case .codeRequired(let channel):
      "sign-in: one-time code required, sent by \(channel.prefix(20))"
    case .countdownStarted(let seconds):
      "code: countdown started, \(seconds) s left"
    case .codeSubmitted:
      "code: submitted"
    case .resendRequested:
      "code: new code requested"
    case .codeResent(let channel):
      "code: new code sent by \(channel.prefix(20))"
    case .codeStopped:
      "code: screen left, countdown stopped"
    case .signUpSubmitted(let identifier, let type, let entry):
      "sign-up: submitted for \(LoginEventLog.maskedIdentifier(identifier)) as \(type.rawValue) "
        + "from \(entry)"
    case .signOutRequested:
      "session: sign-out requested"
    case .signedOut(let locally):
      locally ? "session: signed out on this device only (server unreachable) -> welcome"
        : "session: signed out -> welcome"
    case .sessionStarted(let type):
      "session: signed in as \(type.rawValue)"
    case .sessionEnded(let reason):
      "session: ended (\(reason.rawValue)) -> welcome"
    case .featureChecked(let feature, let type, let access):
      "guest: \(feature.rawValue) as \(type?.rawValue ?? "guest") -> \(access)"
    case .ignored(let area, let reason):
      "\(area.rawValue): ignored, \(reason)"
    case .failed(let area, let failure):
      "\(area.rawValue): failed, \(LoginEvent.detail(failure))"
    case .challengeEnded(let failure):
      "code: challenge ended, \(LoginEvent.detail(failure)) -> sign-in"
    case .providerSignInStarted(let area, let entry):
      "\(area.rawValue): started from \(entry)"
    case .browserOpened:
      "browser sign-in: page opened, waiting for the browser"
    case .deviceCodeShown(let seconds):
      "device sign-in: code shown, \(seconds) s left"
    case .cancelled(let area):
      "\(area.rawValue): cancelled"
    case .succeeded(.accounts, let type, let route):
      "accounts: switched to \(type.rawValue) -> \(route)"
    case .succeeded(let area, let type, let route):
      "\(area.rawValue): \(area == .signUp ? "signed up" : "signed in") as \(type.rawValue) "
        + "-> \(route)"
    case .account(let event):
      event.text
    case .authenticatorAsked(let area):
      "\(area.rawValue): waiting for the authenticator"
    case .passkey(let event):
      "passkeys: \(event.text)"
    }
  }

  /// The failure's code, with the numbers that matter for a bug report.
  private static func detail(_ failure: AuthFailure) -> String {
    switch failure {
    case .refused(.invalidCode(let left)): "\(failure.code) (\(left) attempts left)"
    case .refused(.locked(let seconds)): "\(failure.code) (\(seconds) s)"
    case .unavailable(.busy(let seconds)): "\(failure.code) (\(seconds) s)"
    default: failure.code
    }
  }
}
