import Foundation

/// The second step of a sign-in your server asked for: a one-time code was sent, and
/// `verifyCode(_:for:)` turns it into a session (a server that asks for one answers with the
/// challenge's id, expiry and channel).
public struct Challenge: Sendable, Equatable, Codable {
  /// The challenge id (`chl_…`) sent back with the code.
  public let id: String
  /// When the code stops working (60 seconds after it was made).
  public let expiresAt: Date
  /// How the code was sent, e.g. `"sms"`.
  public let channel: String

  /// Creates a challenge.
  /// - Parameters:
  ///   - id: The challenge id.
  ///   - expiresAt: When the code stops working.
  ///   - channel: How the code was sent.
  public init(id: String, expiresAt: Date, channel: String) {
    self.id = id
    self.expiresAt = expiresAt
    self.channel = channel
  }
}
