import Foundation
import NetworkClient
import Testing

/// Only names that never reach DNS count as loopback: `localhost` itself, IPv4 addresses in
/// 127.0.0.0/8 and `::1`. A name under `.localhost` may be sent to a DNS server, which can
/// answer with any address; so may `localhost.` with its root dot.
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
    ])
  func loopbackAllowed(base: String) throws {
    #expect(try Self.problem(base) == nil)
  }

  @Test(
    "names a resolver may send to DNS, and numbers that are not strict addresses, are not",
    arguments: [
      "http://evil.localhost", "http://a.b.localhost:8080", "http://localhost.",
      "http://127.1", "http://0177.0.0.1", "http://127.0.0.01", "http://2130706433",
      "http://[::2]", "http://[::1%25lo]", "http://127.0.0.1.nip.io",
    ])
  func lookAlikesRefused(base: String) throws {
    #expect(try Self.problem(base)?.code == "insecure_url", "\(base) was taken for loopback")
  }
}
