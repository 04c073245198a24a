import Foundation

/// A device sign-in in progress (RFC 8628 §3.2): the code and address to show the person,
/// who finishes the sign-in on another device (a phone, a laptop), and the device code this
/// device asks with until they have.
///
/// Show ``userCode`` and ``verificationURI`` (or ``verificationURIComplete``, which carries the
/// code, as a link or QR code) until ``expiresAt``; `AuthRemoteAPI.finishDeviceSignIn(_:)`
/// asks every ``interval`` seconds meanwhile.
///
/// ```swift
/// let started = try await api.startDeviceSignIn()
/// print("Open \(started.verificationURI) and enter \(started.userCode)")
/// let session = try await api.finishDeviceSignIn(started)
/// ```
public struct DeviceAuthorization: Sendable, Equatable {
  /// The code the person types at ``verificationURI``, e.g. `WDJB-MJHT`.
  public let userCode: String
  /// Where the person goes to enter the code.
  public let verificationURI: URL
  /// The same address with the code in it, when the provider gives one (for a link or a QR
  /// code; the person then only confirms).
  public let verificationURIComplete: URL?
  /// When the codes stop working; the sign-in then ends as `.refused(.signInExpired)`.
  public let expiresAt: Date
  /// How many seconds to wait between two questions to the provider (5 when it does not
  /// say; 5 more each time it answers `slow_down`).
  public let interval: Int
  /// The device code: the secret this device asks with. Never shown, never printed.
  public let deviceCode: String

  /// Makes a device sign-in, as an adapter does from its provider's answer (or a test).
  /// - Parameters:
  ///   - userCode: The code to show.
  ///   - verificationURI: Where to enter it.
  ///   - verificationURIComplete: The address with the code in it, or `nil`.
  ///   - expiresAt: When the codes stop working.
  ///   - interval: Seconds between two questions; at least 1.
  ///   - deviceCode: The device code.
  public init(
    userCode: String, verificationURI: URL, verificationURIComplete: URL?, expiresAt: Date,
    interval: Int, deviceCode: String
  ) {
    self.userCode = userCode
    self.verificationURI = verificationURI
    self.verificationURIComplete = verificationURIComplete
    self.expiresAt = expiresAt
    self.interval = max(1, interval)
    self.deviceCode = deviceCode
  }
}

extension DeviceAuthorization: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// What the person is shown; the device code redacted.
  public var description: String {
    "DeviceAuthorization(userCode: \(userCode), verificationURI: \(verificationURI), "
      + "expiresAt: \(expiresAt), interval: \(interval), deviceCode: <redacted>)"
  }

  /// The same as `description`.
  public var debugDescription: String { description }

  /// A mirror without the device code, so `dump` cannot print it.
  public var customMirror: Mirror {
    Mirror(self, children: ["description": description], displayStyle: .struct)
  }
}
