import LoginCore
import LoginLogicControl
import RideLogicControl
import UserModel

/// Where the interactive host goes next: what a screen returns when it is done.
enum Destination {
  /// The launch check: restore and validate the saved session.
  case launch
  /// Welcome, with an alert to show (e.g. why the session ended).
  case welcome(alert: String?)
  /// Sign in; success goes where `entry` says.
  case signIn(from: LoginEntryPoint, alert: String?)
  /// Sign up; success goes where `entry` says.
  case signUp(from: LoginEntryPoint)
  /// `[Sign in with browser]` (OIDC mode), begun at an entry point.
  case browserSignIn(from: LoginEntryPoint)
  /// `[Sign in on another device]` (OIDC mode), begun at an entry point.
  case deviceSignIn(from: LoginEntryPoint)
  /// `[Sign in with a passkey]` (Koober's API), begun at an entry point.
  case passkeySignIn(from: LoginEntryPoint)
  /// The one-time code of a driver's sign-in.
  case code(CodeLogicControl)
  /// The signed-in user's home (passenger or driver).
  case home(User, alert: String?)
  /// Browsing without an account.
  case guestHome(alert: String?)
  /// A feature was chosen: the guest gate decides whether it opens.
  case feature(AppFeature, user: User?)
  /// A feature the gate (or a sign-in that started there) has let through.
  case openFeature(AppFeature, user: User?)
  /// A passenger's ride, live: the control already following it (from `[Request a ride]`),
  /// or `nil` to find the ride going on; with an alert to show first.
  case rideStatus(User, following: PassengerRideLogicControl?, alert: String?)
  /// A driver's queue and current ride.
  case rideQueue(User)
  /// `[Passkeys]` of the signed-in user, from the profile.
  case passkeys(User)
  /// Sign out, then welcome, or the home of the account that becomes active instead.
  case signOut
  /// `[Switch account]`: the other accounts, from the active account's home.
  case switchAccount(from: User)
  /// Makes the account active and lands on its home; back to `from`'s home if it fails.
  case switchTo(Account, from: User)
  /// `[Sign in]` for one more account; `back` returns to `from`'s home.
  case addAccount(from: User)
  /// The screen was interrupted (a session ended elsewhere): the navigator decides.
  case interrupted
  /// Leave, with exit status 0.
  case quit
}

/// One screen of the interactive host.
@MainActor
protocol Screen: AnyObject {
  /// Draws the screen, reads its input, and returns where to go next.
  func run() async -> Destination
}

extension LineEvent {
  /// Where a screen goes when a prompt got no line: quit at the end of input, let the
  /// navigator decide after an interruption; `nil` for a line.
  var exit: Destination? {
    switch self {
    case .line: nil
    case .endOfInput: .quit
    case .interrupted: .interrupted
    }
  }
}

extension Destination {
  /// The ride features: every destination that needs Koober's rides API.
  var needsRides: Bool {
    switch self {
    case .feature(let feature, _), .openFeature(let feature, _):
      [AppFeature.fareEstimate, .requestRide, .myRides].contains(feature)
    case .rideStatus, .rideQueue: true
    default: false
    }
  }

  /// The signed-in user a destination is for, if it names one.
  var user: User? {
    switch self {
    case .home(let user, _), .rideStatus(let user, _, _), .rideQueue(let user),
      .passkeys(let user):
      user
    case .switchAccount(let user), .switchTo(_, let user), .addAccount(let user): user
    case .feature(_, let user), .openFeature(_, let user): user
    default: nil
    }
  }
}
