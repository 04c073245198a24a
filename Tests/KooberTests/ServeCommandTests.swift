import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("koober serve")
struct ServeCommandTests {
  /// Starts `koober` with arguments; the caller terminates it.
  private func launch(_ arguments: [String]) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = BuiltProducts.executable(named: "koober")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    return (process, output)
  }

  /// The first line a process writes, read off the cooperative pool; nil at end of output.
  private func firstLine(of pipe: Pipe) async -> String? {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
          let chunk = pipe.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          bytes.append(chunk)
        }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first
        continuation.resume(returning: line.map(String.init))
      }
    }
  }

  /// Waits for a process to exit, at most `seconds`.
  private func waitForExit(_ process: Process, seconds: Double) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline {
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    return !process.isRunning
  }

  @Test("serve prints where it listens, answers the API in demo mode, and exits 0 on SIGTERM")
  func serve_runsUntilSIGTERM() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve")
    defer { folder.remove() }
    let (process, output) = try launch(
      ["serve", "--port", "0", "--data-dir", folder.path("data"), "--demo"])
    defer { if process.isRunning { process.terminate() } }
    let line = try #require(await firstLine(of: output))
    let pattern = /Koober backend listening on (http:\/\/127\.0\.0\.1:[0-9]+)/
    let match = try #require(line.wholeMatch(of: pattern))
    let base = String(match.1)

    let url = try #require(URL(string: base + "/v1/dev/outbox?to=ann@example.com"))
    let (body, response) = try await URLSession.shared.data(from: url)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: body, as: UTF8.self) == #"{"messages":[]}"#)
    var signIn = URLRequest(url: try #require(URL(string: base + "/v1/auth/sign-in")))
    signIn.httpMethod = "POST"
    signIn.httpBody = Data(#"{"email": "ann@example.com", "password": "passw0rd!"}"#.utf8)
    let (_, signInResponse) = try await URLSession.shared.data(for: signIn)
    #expect((signInResponse as? HTTPURLResponse)?.statusCode == 401)

    kill(process.processIdentifier, SIGTERM)
    #expect(try await waitForExit(process, seconds: 5))
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: folder.path("data/backend.sqlite")))
  }

  @Test("SIGINT stops it too, with status 0")
  func serve_stopsOnSIGINT() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve")
    defer { folder.remove() }
    let (process, output) = try launch(["serve", "--data-dir", folder.path("data")])
    defer { if process.isRunning { process.terminate() } }
    let line = try #require(await firstLine(of: output))
    #expect(line.hasPrefix("Koober backend listening on http://127.0.0.1:"))
    kill(process.processIdentifier, SIGINT)
    #expect(try await waitForExit(process, seconds: 5))
    #expect(process.terminationStatus == 0)
  }

  @Test(
    "bad arguments exit 64 without serving",
    arguments: [["serve", "--port", "x"], ["serve", "--port", "70000"], ["serve", "--bogus"],
                ["serve", "--data-dir"]])
  func serve_badArguments_exit64(arguments: [String]) async throws {
    let (process, output) = try launch(arguments)
    defer { if process.isRunning { process.terminate() } }
    #expect(try await waitForExit(process, seconds: 5))
    #expect(process.terminationStatus == 64)
    #expect(await firstLine(of: output) == nil)
  }
}
