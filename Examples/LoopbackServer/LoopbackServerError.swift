#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a ``LoopbackServer`` could not start.
public enum LoopbackServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The host is not a dotted IPv4 address such as `127.0.0.1`.
  case invalidHost(String)
  /// A socket call failed; `errno` is the system's error number.
  case socketFailed(call: String, errno: Int32)

  /// A stable, machine-readable code: `invalid_host` or `socket_failed`.
  public var code: String {
    switch self {
    case .invalidHost: "invalid_host"
    case .socketFailed: "socket_failed"
    }
  }

  /// A sentence a person can act on.
  public var message: String {
    switch self {
    case .invalidHost(let host):
      "The host \"\(host)\" is not an IPv4 address such as 127.0.0.1."
    case .socketFailed(let call, let number):
      Self.hint(call: call, errno: number).map { "\($0) (\(call) failed with errno \(number))." }
        ?? "The system call \(call) failed with errno \(number)."
    }
  }

  /// What a person can do about the bind failures people actually meet; `nil` for the rest,
  /// where a guess would mislead more than the bare errno does.
  private static func hint(call: String, errno number: Int32) -> String? {
    guard call == "bind" else { return nil }
    switch number {
    case EADDRINUSE:
      return "The port is already in use; stop the program using it or choose another port"
    case EADDRNOTAVAIL:
      return "That address is not on this machine; use 127.0.0.1 or one of its own addresses"
    case EACCES:
      return "Permission denied for that port; ports below 1024 need administrator rights"
    default:
      return nil
    }
  }

  /// The message, prefixed with the code.
  public var description: String { "\(code): \(message)" }
}
