import Foundation

/// The median wall-clock time, in seconds, of `runs` calls of `body`.
func medianSeconds(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return samples.sorted()[samples.count / 2]
}

/// The median wall-clock time, in seconds, of `runs` calls of an async `body`.
func medianSeconds(runs: Int = 5, _ body: () async throws -> Void) async rethrows -> Double {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return samples.sorted()[samples.count / 2]
}

/// Prints the one line a benchmark case reports: `name: ours=…s baseline=…s ratio=…`.
func report(_ name: String, ours: Double, baseline: Double) {
  let line = String(
    format: "%@: ours=%.4fs baseline=%.4fs ratio=%.2f", name, ours, baseline, ours / baseline)
  print(line)
}
