import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("The server's descriptors are close-on-exec")
struct CloseOnExecTests {
  /// The process's descriptors that are IPv4 sockets bound to `port` on this side: the
  /// server's listener and the connections it accepted (a client's own socket has another
  /// local port), each with whether its `FD_CLOEXEC` flag is set.
  private static func serverSockets(port: UInt16) -> [(descriptor: Int32, closeOnExec: Bool)] {
    var found: [(Int32, Bool)] = []
    for descriptor in 0..<min(getdtablesize(), 65_536) {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      guard named == 0, Int32(address.sin_family) == AF_INET,
        UInt16(bigEndian: address.sin_port) == port
      else { continue }
      let flags = fcntl(descriptor, F_GETFD)
      found.append((descriptor, flags >= 0 && flags & FD_CLOEXEC != 0))
    }
    return found
  }

  @Test("the listening socket and an accepted connection have FD_CLOEXEC set")
  func listenerAndConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let port = server.port
    let result = await TestSocket.onOwnThread { () -> [(descriptor: Int32, closeOnExec: Bool)] in
      guard let client = TestSocket(port: port) else { return [] }
      // The accept thread takes the connection soon after `connect` returns.
      let deadline = Date(timeIntervalSinceNow: 10)
      var sockets = Self.serverSockets(port: port)
      while sockets.count < 2, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
        sockets = Self.serverSockets(port: port)
      }
      withExtendedLifetime(client) {}
      return sockets
    }
    #expect(result.count >= 2, "the listener and the accepted connection")
    #expect(result.allSatisfy { $0.closeOnExec }, "\(result)")
  }
}
