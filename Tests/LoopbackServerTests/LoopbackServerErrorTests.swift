import LoopbackServer
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("LoopbackServerError messages")
struct LoopbackServerErrorTests {
  @Test(
    "a failed bind names the cause its errno stands for",
    arguments: [
      (EADDRINUSE, "The port is already in use; stop the program using it or choose another port"),
      (EADDRNOTAVAIL,
       "That address is not on this machine; use 127.0.0.1 or one of its own addresses"),
      (EACCES, "Permission denied for that port; ports below 1024 need administrator rights"),
    ])
  func bindHints(number: Int32, hint: String) {
    let error = LoopbackServerError.socketFailed(call: "bind", errno: number)
    #expect(error.message == "\(hint) (bind failed with errno \(number)).")
    #expect(error.description == "socket_failed: \(error.message)")
  }

  @Test("other errnos and other calls get no guessed cause")
  func noHint() {
    #expect(
      LoopbackServerError.socketFailed(call: "bind", errno: EINVAL).message
        == "The system call bind failed with errno \(EINVAL).")
    #expect(
      LoopbackServerError.socketFailed(call: "socket", errno: EACCES).message
        == "The system call socket failed with errno \(EACCES).")
    #expect(
      LoopbackServerError.socketFailed(call: "listen", errno: EADDRINUSE).message
        == "The system call listen failed with errno \(EADDRINUSE).")
  }

  @Test("binding an address this machine does not have says so")
  func foreignAddress() {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737), reserved for documentation: no machine has it.
    // Binding sends nothing on the network.
    #expect(throws: LoopbackServerError.socketFailed(call: "bind", errno: EADDRNOTAVAIL)) {
      _ = try LoopbackServer(host: "192.0.2.1")
    }
  }

  @Test("binding a port another server holds says the port is in use")
  func portInUse() throws {
    let first = try LoopbackServer()
    defer { first.stop() }
    #expect(throws: LoopbackServerError.socketFailed(call: "bind", errno: EADDRINUSE)) {
      _ = try LoopbackServer(port: first.port)
    }
  }
}
