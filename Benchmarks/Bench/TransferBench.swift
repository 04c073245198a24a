import Foundation
import NetworkClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `bench transfer`: how much memory a hostile answer costs. A Python child process serves a
/// 400 MiB body (streamed, so the server holds none of it) and a gzip bomb (400 MiB of zeros
/// in about 400 KB); this process fetches each through NetworkClient (4 MiB limit) over its
/// default transport (libcurl, `CurlTransport`), then over `URLSessionTransport`, and last the
/// 400 MiB through bare URLSession, and prints the growth of its peak resident memory
/// (`VmHWM`, Linux) after each. Peaks only grow, so the order goes from the smallest
/// expected cost up. The figures are for the note, never asserted.
func runTransferBenchmarks() async {
  #if os(Linux)
    guard let server = HostileServer.start() else {
      print("transfer: could not start the Python server")
      return
    }
    defer { server.stop() }
    let start = peakResidentMiB()
    let transports: [(String, any HTTPTransport)] = [
      ("CurlTransport", DefaultHTTPTransport()), ("URLSessionTransport", URLSessionTransport()),
    ]
    for (name, transport) in transports {
      let client = NetworkClient(
        baseURL: server.baseURL, transport: transport, retryPolicy: .none)
      for path in ["/big", "/bomb", "/bomb-asked"] {
        let endpoint =
          path == "/bomb-asked"
          ? Endpoint(.get, "/bomb", headers: ["Accept-Encoding": "gzip"])
          : Endpoint(.get, path)
        let outcome: String
        do {
          let response = try await client.anyResponse(for: endpoint)
          outcome = "read \(response.data.count) bytes"
        } catch {
          outcome = error.code
        }
        print(
          "transfer.\(path.dropFirst()): NetworkClient over \(name) \(outcome), "
            + "peak RSS +\(peakResidentMiB() - start) MiB")
      }
    }
    let session = URLSession(configuration: .ephemeral)
    let bytes = (try? await session.data(from: server.baseURL.appendingPathComponent("big")))?
      .0.count ?? 0
    print(
      "transfer.big.baseline: URLSession read \(bytes) bytes, "
        + "peak RSS +\(peakResidentMiB() - start) MiB")
  #else
    print("transfer: measured on Linux only (it reads /proc/self/status)")
  #endif
}

#if os(Linux)
  /// The peak resident set size of this process so far, in MiB (`VmHWM`).
  private func peakResidentMiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return -1 }
    return kilobytes / 1024
  }

  /// A Python HTTP server on a free loopback port, serving `/big` (400 MiB, streamed) and
  /// `/bomb` (the same zeros gzip-compressed, with `Content-Encoding: gzip`).
  private struct HostileServer {
    let process: Process
    let baseURL: URL

    static let script = #"""
      import gzip, http.server, io, sys
      SIZE = 400 << 20
      zeros = b"\0" * (1 << 20)
      buf = io.BytesIO()
      with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9) as g:
          for _ in range(SIZE >> 20): g.write(zeros)
      bomb = buf.getvalue()
      class H(http.server.BaseHTTPRequestHandler):
          def log_message(self, *a): pass
          def do_GET(self):
              self.send_response(200)
              self.send_header("Content-Type", "application/json")
              if self.path == "/bomb":
                  self.send_header("Content-Encoding", "gzip")
                  self.send_header("Content-Length", str(len(bomb)))
                  self.end_headers(); self.wfile.write(bomb); return
              self.end_headers()
              try:
                  for _ in range(SIZE >> 20): self.wfile.write(zeros)
              except (BrokenPipeError, ConnectionResetError): pass
      s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
      print(s.server_address[1], flush=True)
      s.serve_forever()
      """#

    static func start() -> HostileServer? {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", "-c", script]
      let output = Pipe()
      process.standardOutput = output
      do { try process.run() } catch { return nil }
      var line = Data()
      while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
        byte != Data("\n".utf8)
      {
        line.append(byte)
      }
      guard let port = Int(String(decoding: line, as: UTF8.self)),
        let url = URL(string: "http://127.0.0.1:\(port)")
      else {
        process.terminate()
        return nil
      }
      return HostileServer(process: process, baseURL: url)
    }

    /// Ends the server at once (a Python server can linger in `serve_forever` otherwise).
    func stop() {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
#endif
