import Foundation
import Localization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a request never got an HTTP response: the connection-level failures a caller may want
/// to tell apart (show "you are offline" rather than "the server failed").
public enum TransportFailure: Sendable, Equatable, Hashable {
  /// The device has no usable network connection.
  case offline
  /// The host name could not be resolved.
  case hostNotFound
  /// Nothing accepted the connection at the host and port.
  case connectionRefused
  /// The connection closed before the whole response arrived.
  case connectionLost
  /// The secure connection could not be set up (certificate or handshake failure).
  case tls
  /// Any other transport failure, with the `URLError` code that reported it.
  case other(code: Int)

  /// Classifies a `URLError` code. Callers check cancellation and timeouts first: those have
  /// their own `NetworkError` cases and land in `.other` here.
  /// - Parameter code: the code a URL loading system reported.
  /// - Returns: the matching failure.
  public init(_ code: URLError.Code) {
    switch code {
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
      self = .offline
    case .cannotFindHost, .dnsLookupFailed:
      self = .hostNotFound
    case .cannotConnectToHost:
      self = .connectionRefused
    case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
      self = .connectionLost
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
      .clientCertificateRejected, .clientCertificateRequired:
      self = .tls
    default:
      self = .other(code: code.rawValue)
    }
  }

  /// Whether the failure happened while reaching the server, so that trying again may work.
  public var isConnectionLevel: Bool {
    switch self {
    case .offline, .hostNotFound, .connectionRefused, .connectionLost: true
    case .tls, .other: false
    }
  }

  /// A stable, snake_case identifier a program can switch on.
  public var code: String {
    switch self {
    case .offline: "offline"
    case .hostNotFound: "host_not_found"
    case .connectionRefused: "connection_refused"
    case .connectionLost: "connection_lost"
    case .tls: "tls_failure"
    case .other: "transport_failure"
    }
  }

  /// A sentence a person understands, in the language `Texts.language` names.
  public var message: String {
    switch self {
    case .offline: TextTable.networkClient.text("transport.offline")
    case .hostNotFound: TextTable.networkClient.text("transport.hostNotFound")
    case .connectionRefused: TextTable.networkClient.text("transport.connectionRefused")
    case .connectionLost: TextTable.networkClient.text("transport.connectionLost")
    case .tls: TextTable.networkClient.text("transport.tls")
    case .other(let code): TextTable.networkClient.text("transport.other", ["code": "\(code)"])
    }
  }
}
