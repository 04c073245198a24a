import Foundation
import LoopbackServer
import NetworkClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The network cases: NetworkClient against bare URLSession, and a batch against the same
/// requests one after another, all to one LoopbackServer in this process.
func runNetworkBenchmarks() async {
  let server: LoopbackServer
  do {
    server = try LoopbackServer()
  } catch {
    print("network: could not start the loopback server: \(error)")
    return
  }
  defer { server.stop() }
  let item = #"{"id": 1, "name": "Sydney Opera House"}"#
  server.route(.get, "/v1/item") { _ in .json(raw: item) }
  server.route(.get, "/v1/slow") { _ in
    try? await Task.sleep(for: .milliseconds(20))
    return .json(raw: item)
  }
  let transport = URLSessionTransport()
  let client = NetworkClient(baseURL: server.baseURL, transport: transport)
  // The baseline gets a session configured like the client's, so the ratio measures the
  // client's own work rather than URLSession's cache and cookie handling.
  let session = URLSession(configuration: transport.session.configuration)
  defer { session.finishTasksAndInvalidate() }
  await benchRequest1k(
    "network.request1k", client: client, session: session, server: server)
  // The default transport (libcurl on Linux) against the same bare URLSession baseline.
  let standard = NetworkClient(baseURL: server.baseURL, transport: DefaultHTTPTransport())
  await benchRequest1k(
    "network.request1k.default", client: standard, session: session, server: server)
  await benchBatch100(client: client)
}

/// `network.request1k`: 1,000 sequential small JSON GETs, NetworkClient against bare
/// URLSession + JSONDecoder (`.default`: over `DefaultHTTPTransport`).
private func benchRequest1k(
  _ name: String, client: NetworkClient, session: URLSession, server: LoopbackServer
) async {
  let request = BenchItemRequest(configuration: "/v1/item")
  let decoder = JSONDecoder()
  let url = server.baseURL.appendingPathComponent("v1/item")
  var failures = 0

  func ours(_ count: Int) async {
    for _ in 0..<count {
      do {
        _ = try await request.perform(on: client)
      } catch {
        failures += 1
      }
    }
  }

  // The leanest URLSession path: a data task and a continuation, nothing else.
  func fetch() async throws -> Data {
    try await withCheckedThrowingContinuation { continuation in
      session.dataTask(with: url) { data, response, error in
        if let error {
          continuation.resume(throwing: error)
        } else if let data, (response as? HTTPURLResponse)?.statusCode == 200 {
          continuation.resume(returning: data)
        } else {
          continuation.resume(throwing: URLError(.badServerResponse))
        }
      }.resume()
    }
  }

  func bare(_ count: Int) async {
    for _ in 0..<count {
      do {
        _ = try decoder.decode(BenchItem.self, from: try await fetch())
      } catch {
        failures += 1
      }
    }
  }

  await ours(200)
  await bare(200)
  let (measured, baseline) = await alternatingMedians(
    runs: 9, slices: 20, ours: { await ours(50) }, baseline: { await bare(50) })
  guard failures == 0 else {
    print("\(name): \(failures) requests failed; no figures")
    return
  }
  report(name, ours: measured, baseline: baseline)
}

/// `network.batch100`: 100 requests to a handler that waits 20 ms, through the batch API
/// with concurrency 10, against the same 100 one after another through NetworkClient.
private func benchBatch100(client: NetworkClient) async {
  let requests = Array(repeating: BenchItemRequest(configuration: "/v1/slow"), count: 100)
  var failures = 0

  func batch() async {
    for await outcome in BenchItemRequest.batch(requests, on: client, maxConcurrent: 10) {
      if case .failure = outcome.result { failures += 1 }
    }
  }

  func sequential() async {
    for request in requests {
      do {
        _ = try await request.perform(on: client)
      } catch {
        failures += 1
      }
    }
  }

  await batch()
  let (measured, baseline) = await alternatingMedians(
    runs: 5, slices: 1, ours: batch, baseline: sequential)
  guard failures == 0 else {
    print("network.batch100: \(failures) requests failed; no figures")
    return
  }
  report("network.batch100", ours: measured, baseline: baseline)
}

/// The median run time of `ours` and of `baseline`, where each run is `slices` calls of its
/// body and the two sides alternate slice by slice, so that load from other processes on
/// this machine falls on both alike.
private func alternatingMedians(
  runs: Int, slices: Int, ours: () async -> Void, baseline: () async -> Void
) async -> (ours: Double, baseline: Double) {
  var oursRuns: [Double] = []
  var baselineRuns: [Double] = []
  for _ in 0..<runs {
    var oursTotal = 0.0
    var baselineTotal = 0.0
    for _ in 0..<slices {
      baselineTotal += await medianSeconds(runs: 1) { await baseline() }
      oursTotal += await medianSeconds(runs: 1) { await ours() }
    }
    oursRuns.append(oursTotal)
    baselineRuns.append(baselineTotal)
  }
  return (oursRuns.sorted()[runs / 2], baselineRuns.sorted()[runs / 2])
}
