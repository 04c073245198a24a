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
  /// A name given to ``LoopbackServer/HostPolicy/serverNames(_:)`` is not a host name or an
  /// IP address (it has a port, a space, user information or the like).
  case invalidHostName(String)

  /// A stable, machine-readable code: `invalid_host`, `socket_failed` or
  /// `invalid_host_name`.
  public var code: String {
    switch self {
    case .invalidHost: "invalid_host"
    case .socketFailed: "socket_failed"
    case .invalidHostName: "invalid_host_name"
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
    case .invalidHostName(let name):
      "\"\(Self.printable(name))\" is not a host name such as koober.example (no scheme, "
        + "port or path)."
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

  /// `text` with anything but printable ASCII as `?`, so a name from a command line cannot
  /// move a terminal's cursor.
  private static func printable(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.prefix(200).map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
  }

  /// The message, prefixed with the code.
  public var description: String { "\(code): \(message)" }
}
