import Foundation
import LoginCore
import UserModel

/// The device authorization grant (RFC 8628): for command-line tools, TVs and other devices
/// where typing a password or opening a browser is hard. The person opens the address on
/// another device and enters the code; this device asks the token endpoint until they have.
extension OIDCAuthAPI {
  /// The grant type of the device code (RFC 8628 §3.4).
  static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"
  /// How long the codes live when the answer does not say (RFC 8628's example and
  /// oauthlib's fixed lifetime).
  static let defaultDeviceCodeLifetime = 1800
  /// Seconds between two questions when the answer does not say (RFC 8628 §3.2).
  static let defaultDeviceInterval = 5
  /// The longest wait between two questions taken from a provider, and the longest life of
  /// its codes: a hostile number cannot park the sign-in for days.
  static let maxDeviceInterval = 300
  static let maxDeviceCodeLifetime = 86_400

  /// Starts a device sign-in at the device authorization endpoint (configured, else from
  /// discovery), asking for the configured scopes.
  /// - Returns: The code and address to show, and the device code to ask with.
  /// - Throws: `.unsupported(.deviceSignIn)` when the provider has no device authorization
  ///   endpoint or refuses the grant to this client (`unauthorized_client` is named as
  ///   trouble); `.unavailable(_)` for a provider that is down or answers out of shape.
  public func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization {
    let metadata = try await providerMetadata()
    guard
      let endpoint = configuration.deviceAuthorizationEndpoint
        ?? metadata.deviceAuthorizationEndpoint
    else { throw .unsupported(.deviceSignIn) }
    var form: [(name: String, value: String)] = []
    if let scope = scope(for: metadata) { form.append((name: "scope", value: scope)) }
    let answer = try await postAuthenticated(form, to: endpoint)
    let place = ProviderExchange.place(endpoint)
    guard answer.isSuccess else {
      throw OAuthErrorReading.failure(
        of: answer, at: place, operation: .deviceSignIn, clientID: configuration.clientID)
    }
    guard let json = answer.json else {
      throw .trouble("the device authorization endpoint \(place) answered without JSON.")
    }
    guard let deviceCode = json.string("device_code"),
      UserSession.isWellFormedRefreshToken(deviceCode)
    else {
      throw .trouble("the device authorization endpoint \(place) sent no usable device_code.")
    }
    guard let userCode = json.string("user_code"), Self.isShowable(userCode) else {
      throw .trouble("the device authorization endpoint \(place) sent no usable user_code.")
    }
    // Google names it verification_url; RFC 8628 verification_uri.
    guard
      let verification = Self.showableURL(
        json.string("verification_uri") ?? json.string("verification_url"))
    else {
      throw .trouble(
        "the device authorization endpoint \(place) sent no usable verification_uri "
          + "(https, or http only to this machine).")
    }
    let lifetime = Self.clamp(
      json.seconds("expires_in"), default: Self.defaultDeviceCodeLifetime,
      to: 1...Self.maxDeviceCodeLifetime)
    let interval = Self.clamp(
      json.seconds("interval"), default: Self.defaultDeviceInterval,
      to: 1...Self.maxDeviceInterval)
    return DeviceAuthorization(
      userCode: userCode, verificationURI: verification,
      verificationURIComplete: Self.showableURL(json.string("verification_uri_complete")),
      expiresAt: now().addingTimeInterval(TimeInterval(lifetime)), interval: interval,
      deviceCode: deviceCode)
  }

  /// Asks the token endpoint every `interval` seconds until the person has finished on the
  /// other device (RFC 8628 §3.4, §3.5): `authorization_pending` waits on, `slow_down` adds
  /// 5 seconds to the interval, no answer at all (offline, a timeout) doubles it and goes
  /// on, `access_denied` and `expired_token` end it. Then the ID
  /// token, when one comes, is checked, and the user read from userinfo.
  /// - Parameter authorization: What `startDeviceSignIn()` returned.
  /// - Returns: The new session.
  /// - Throws: `.refused(.signInDeclined)` when the person said no; `.refused(.signInExpired)`
  ///   past the codes' expiry (or a code the provider no longer knows);
  ///   `.refused(.signInCancelled)` when the calling task is cancelled, at once, even
  ///   during a wait; the token endpoint's other failures.
  public func finishDeviceSignIn(_ authorization: DeviceAuthorization)
    async throws(AuthFailure) -> UserSession
  {
    let metadata = try await providerMetadata()
    let form = [
      (name: "grant_type", value: Self.deviceCodeGrant),
      (name: "device_code", value: authorization.deviceCode),
    ]
    var interval = authorization.interval
    while true {
      guard now() < authorization.expiresAt else { throw .refused(.signInExpired) }
      do {
        try await clock.sleep(for: .seconds(interval))
      } catch {
        throw .refused(.signInCancelled)
      }
      let answer: ProviderAnswer
      do {
        answer = try await postAuthenticated(form, to: metadata.tokenEndpoint)
      } catch .unavailable(.offline), .unavailable(.timeout) {
        // RFC 8628 §3.5: no answer slows the polling down; it does not end the sign-in,
        // which may have been approved meanwhile. (A cancellation ends the next wait.)
        interval = min(interval * 2, Self.maxDeviceInterval)
        continue
      } catch {
        throw Task.isCancelled ? .refused(.signInCancelled) : error
      }
      if Task.isCancelled { throw .refused(.signInCancelled) }
      if answer.isSuccess {
        let tokens = try tokens(from: answer, of: metadata.tokenEndpoint)
        return try await session(from: tokens, metadata: metadata, nonce: nil)
      }
      switch answer.json?.string("error") {
      case "authorization_pending":
        continue
      case "slow_down":
        interval = min(interval + 5, Self.maxDeviceInterval)
      case "access_denied":
        throw .refused(.signInDeclined)
      case "expired_token", "invalid_grant":
        throw .refused(.signInExpired)
      default:
        throw OAuthErrorReading.failure(
          of: answer, at: ProviderExchange.place(metadata.tokenEndpoint),
          operation: .deviceSignIn, clientID: configuration.clientID)
      }
    }
  }

  /// Whether a provider's text may be shown as it is: 1 to 64 visible ASCII characters or
  /// spaces, so no terminal escape or invisible character reaches the person.
  static func isShowable(_ text: String) -> Bool {
    (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// An address to show the person, or `nil`: at most 2,048 visible ASCII characters, no
  /// user or password before the host (`https://bank.example@evil.example` misleads), and
  /// `https`, or plain `http` only to this machine (NetworkClient's loopback rule, through
  /// `EndpointRule`): a page on which the person signs in must not travel in clear.
  static func showableURL(_ text: String?) -> URL? {
    guard let text, text.utf8.count <= 2048,
      text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
      let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http", url.host != nil,
      url.user == nil, url.password == nil,
      EndpointRule.problem(with: url, role: EndpointRule.Role.verificationURI) == nil
    else { return nil }
    return url
  }

  /// A provider's number of seconds as a whole number within `range`, or `default`.
  private static func clamp(_ seconds: Double?, default fallback: Int, to range: ClosedRange<Int>)
    -> Int
  {
    guard let seconds else { return fallback }
    return Int(min(max(seconds.rounded(.up), Double(range.lowerBound)), Double(range.upperBound)))
  }
}
