/// Reads every output of a view model back from inside its closures, as UIKit and SwiftUI
/// views do (`label.text = model.statusText`). A model that calls a closure while it is still
/// writing one of its own properties stops here with "Simultaneous accesses"; one that calls
/// it before the event's other outputs are stored shows the view a half-made screen, which
/// `drive(_:_:)` reports.
@MainActor
public final class ReadBackProbe {
  private let readAll: () -> [String: String]
  private var readings: [(output: String, seen: [String: String])] = []
  /// The outputs whose closure has fired at least once.
  public private(set) var told: Set<String> = []
  /// Every closure call, in order, as `output value`.
  public private(set) var calls: [String] = []
  /// What went wrong, one sentence each.
  public private(set) var problems: [String] = []

  /// - Parameter readAll: Reads every output of the model, by name.
  public init(_ readAll: @escaping () -> [String: String]) {
    self.readAll = readAll
  }

  /// The closure of `output` was called with `value`: read the whole model back.
  public func heard(_ output: String, _ value: Any) {
    let seen = readAll()
    told.insert(output)
    calls.append("\(output) \(value)")
    if seen[output] != String(describing: value) {
      problems.append("\(output) told \(value) but reads \(seen[output] ?? "nothing")")
    }
    readings.append((output, seen))
  }

  /// Sends one input event and checks that every closure it caused saw the model as the
  /// event left it.
  public func drive(_ event: String, _ input: () throws -> Void) rethrows {
    try input()
    let final = readAll()
    for reading in readings where reading.seen != final {
      let stale = final.keys.sorted().filter { reading.seen[$0] != final[$0] }
      problems.append("\(event): \(reading.output)'s closure read stale \(stale)")
    }
    readings = []
  }
}
