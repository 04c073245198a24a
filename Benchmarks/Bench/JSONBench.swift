import Foundation
import WireFormat

/// `bench json`: the CPU a hostile body costs. The 65 KB body of 65 arrays nested 500 deep
/// (issue 23's) through `JSONValue.parse` with API.md's request limits, against the old
/// path (`JSONDecoder` decoding `JSONValue`, whose cost grew with the square of the depth;
/// it is now refused past 64 levels too, so the old cost is measured 60 deep); then a 1 MiB
/// answer of ordinary objects through `parse` with a client's limits against `JSONDecoder`.
/// Figures for the note; nothing is asserted.
func runJSONBenchmarks() {
  func body(arrays: Int, depth: Int) -> Data {
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    return Data(
      ("{\"email\": \"a@b.co\", \"x\": [" + Array(repeating: nested, count: arrays)
        .joined(separator: ",") + "]}").utf8)
  }
  let hostile = body(arrays: 65, depth: 500)
  let (ours, _) = measureSeconds(repeat: 20) {
    _ = try? JSONValue.parse(hostile, limits: .requestBody)
  }
  let small = body(arrays: 65, depth: 60)
  let (old, _) = measureSeconds(repeat: 1) {
    _ = try? JSONDecoder().decode(JSONValue.self, from: small)
  }
  print(
    "json.hostile65KB: parse=\(format(ours / 20))s per body (refused); "
      + "JSONDecoder(65x60)=\(format(old))s")
  let item = #"{"id": 12345, "name": "Sydney Opera House", "tags": ["a", "b"], "ok": true}"#
  let answer = Data(("[" + Array(repeating: item, count: 13_000).joined(separator: ",") + "]").utf8)
  let (parsed, _) = measureSeconds(repeat: 5) {
    _ = try? JSONValue.parse(answer, limits: .answer)
  }
  let (decoded, _) = measureSeconds(repeat: 5) {
    _ = try? JSONDecoder().decode(JSONValue.self, from: answer)
  }
  print(
    "json.answer\(answer.count / 1024)KB: parse=\(format(parsed / 5))s "
      + "JSONDecoder=\(format(decoded / 5))s ratio=\(format(parsed / decoded))")
}

private func measureSeconds(repeat count: Int, _ body: () -> Void) -> (Double, Void) {
  let clock = ContinuousClock()
  let elapsed = clock.measure { for _ in 0..<count { body() } }
  let parts = elapsed.components
  return (Double(parts.seconds) + Double(parts.attoseconds) / 1e18, ())
}

private func format(_ seconds: Double) -> String {
  String(format: "%.6f", seconds)
}
