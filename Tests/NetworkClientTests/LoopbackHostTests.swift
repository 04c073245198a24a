import Foundation
import NetworkClient
import Testing

/// Only names that never reach DNS count as loopback: `localhost` itself, IPv4 addresses in
/// 127.0.0.0/8 and `::1`. A name under `.localhost` may be sent to a DNS server, which can
/// answer with any address; so may `localhost.` with its root dot. Numbers count by what they
/// mean to libcurl's URL parser (`ipv4_normalize`: `strtoul` base 0, forms `a`, `a.b`,
/// `a.b.c`) and to `inet_aton`: `127.1` is 127.0.0.1 to them, so it is loopback here too.
@Suite("What counts as loopback")
struct LoopbackHostTests {
  static func problem(_ base: String) throws -> NetworkError? {
    let url = try #require(URL(string: base))
    let client = NetworkClient(baseURL: url, transport: RecordingTransport())
    do {
      _ = try client.url(for: Endpoint(.get, "/x"))
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "plain http to a loopback address or localhost is allowed",
    arguments: [
      "http://127.1.2.3", "http://127.0.0.1:8080", "http://127.255.255.254", "http://[::1]",
      "http://[::1]:9", "http://[0:0:0:0:0:0:0:1]", "http://[::ffff:127.0.0.1]",
      "http://localhost:9", "http://LOCALHOST",
      // What libcurl connects to as 127.0.0.1 (or ::1) though inet_pton reads no address.
      "http://127.1", "http://127.0.1", "http://0x7f.1", "http://0X7F.0.0.1",
      "http://0177.0.0.1", "http://127.0.0.01", "http://2130706433", "http://0x7f000001",
      "http://017700000001", "http://127.65535", "http://[::1%25lo]", "http://[::1%25eth0]:9",
      "http://%31%32%37.0.0.1",
    ])
  func loopbackAllowed(base: String) throws {
    #expect(try Self.problem(base) == nil)
  }

  @Test(
    "names a resolver may send to DNS, and numbers meaning another address, are not",
    arguments: [
      "http://evil.localhost", "http://a.b.localhost:8080", "http://localhost.",
      "http://[::2]", "http://[::2%25lo]", "http://127.0.0.1.nip.io", "http://127.0.0.1.",
      "http://128.1", "http://0x80.0.0.1", "http://0200.0.0.1", "http://2147483649",
      "http://4294967423", "http://127.0.0.256", "http://127.0.0.1.1", "http://0x7g.1",
      "http://127.0.0.0x", "http://08.0.0.1", "http://127.16777216", "http://1.127.0.1",
    ])
  func lookAlikesRefused(base: String) throws {
    #expect(try Self.problem(base)?.code == "insecure_url", "\(base) was taken for loopback")
  }
}
