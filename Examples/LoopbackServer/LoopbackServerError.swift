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
      "The system call \(call) failed with errno \(number)"
        + (call == "bind" ? "; is the port already in use?" : ".")
    }
  }

  /// The message, prefixed with the code.
  public var description: String { "\(code): \(message)" }
}
