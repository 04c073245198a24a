import Foundation
import KooberWire
import NetworkClient
import UserModel
import WireFormat

/// The requests whose answer is a Session object, as one request group: sign-up,
/// the one-time code check and the token refresh share the result type and differ only in
/// path and body.
///
/// ```swift
/// let session = try await SessionRequest(configuration: .refresh(refreshToken: token))
///   .perform(on: client)
/// ```
package struct SessionRequest: DefaultRequest {
  /// Which member of the group.
  package enum Configuration: Sendable {
    /// `POST /v1/auth/sign-up` with the (validated) form.
    case signUp(SignUpCredentials)
    /// `POST /v1/auth/otp/verify` with a driver's one-time code.
    case verifyCode(challengeID: String, code: String)
    /// `POST /v1/auth/refresh`, spending the refresh token.
    case refresh(refreshToken: String)
  }

  /// The answer: Koober's Session object.
  package typealias Result = KooberWire.Session
  /// Handed to the caller as decoded.
  package typealias ResultData = UserSession

  /// Which member of the group this is.
  package let configuration: Configuration

  /// Creates the request.
  /// - Parameter configuration: Which member of the group.
  package init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// Every member is a POST.
  package var method: HTTPMethod { .post }

  /// The member's route.
  package var path: String {
    switch configuration {
    case .signUp: "/v1/auth/sign-up"
    case .verifyCode: "/v1/auth/otp/verify"
    case .refresh: "/v1/auth/refresh"
    }
  }

  /// A password, a one-time code or a refresh token: never shown in a log line.
  package var carriesCredentials: Bool { true }

  /// The member's JSON body.
  package var body: (any Encodable & Sendable)? {
    switch configuration {
    case .signUp(let credentials): KooberWire.SignUpBody(credentials)
    case .verifyCode(let challengeID, let code): ["challengeId": challengeID, "code": code]
    case .refresh(let refreshToken): ["refreshToken": refreshToken]
    }
  }

  /// The session in the package's words.
  /// - Parameter result: Koober's Session.
  /// - Returns: The session.
  package func transform(_ result: KooberWire.Session) -> UserSession? {
    result.session
  }

  /// The API's dates, as UserModel reads them.
  package static var decoder: JSONDecoder { WireJSON.decoder() }
  /// The API's dates, as UserModel writes them.
  package static var encoder: JSONEncoder { WireJSON.encoder() }
}

extension SessionRequest.Configuration: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The member's name with its secrets (password, one-time code, refresh token) redacted, so
  /// a request printed or interpolated by mistake shows none of them.
  package var description: String {
    switch self {
    case .signUp(let credentials): "signUp(\(credentials))"
    case .verifyCode(let challengeID, _):
      "verifyCode(challengeID: \(challengeID), code: <redacted>)"
    case .refresh: "refresh(refreshToken: <redacted>)"
    }
  }

  /// The same as `description`.
  package var debugDescription: String { description }

  /// A mirror without the secrets, so `dump` shows none of them either.
  package var customMirror: Mirror {
    Mirror(self, children: ["member": description], displayStyle: .enum)
  }
}
