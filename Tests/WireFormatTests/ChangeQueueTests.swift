import Testing
import WireFormat

/// A model with two outputs, held as a view model holds them.
private final class TwoOutputs {
  var onFirstChange: ((Int) -> Void)?
  var onSecondChange: ((Int) -> Void)?
  private(set) var first = 0
  private(set) var second = 0
  private let changes = ChangeQueue()

  /// One input event: stores the given outputs, `first` before `second`, then tells.
  func send(first: Int? = nil, second: Int? = nil) {
    if let first { changes.set(\.first, of: self, to: first, tell: \.onFirstChange) }
    if let second { changes.set(\.second, of: self, to: second, tell: \.onSecondChange) }
    changes.tell()
  }
}

@Suite("ChangeQueue")
struct ChangeQueueTests {
  @Test("every output is stored before a closure runs; unchanged outputs are not told")
  func storeThenTell() {
    let model = TwoOutputs()
    var heard: [String] = []
    model.onFirstChange = { heard.append("first \($0) sees second \(model.second)") }
    model.onSecondChange = { heard.append("second \($0) sees first \(model.first)") }
    model.send(first: 1, second: 2)
    model.send(first: 1, second: 2)
    #expect(heard == ["first 1 sees second 2", "second 2 sees first 1"])
  }

  @Test("a change to an output whose call waits moves the call behind the newer changes")
  func waitingCallMoves() {
    let model = TwoOutputs()
    var heard: [String] = []
    model.onFirstChange = { value in
      heard.append("first \(value) (model \(model.first))")
      if value == 1 { model.send(first: 5, second: 3) }
    }
    model.onSecondChange = { heard.append("second \($0) (model \(model.second))") }
    model.send(first: 1, second: 2)
    // `second` changed again (2 → 3) while its call waited: told once, with 3, after the
    // `first` change that came before it; 2 is never told, since the model never held it
    // when a closure ran.
    #expect(heard == ["first 1 (model 1)", "first 5 (model 5)", "second 3 (model 3)"])
  }

  @Test("an output changed back to what the view last heard, while its call waits, is not told")
  func changedBack() {
    let model = TwoOutputs()
    var heard: [String] = []
    model.onFirstChange = { value in
      heard.append("first \(value)")
      model.send(second: 0)
    }
    model.onSecondChange = { heard.append("second \($0)") }
    model.send(first: 1, second: 2)
    #expect(heard == ["first 1"])
    #expect(model.second == 0)
  }

  @Test("a call goes to the closure the model holds when the call is made")
  func closureReadWhenCalled() {
    let model = TwoOutputs()
    var heard: [String] = []
    model.onFirstChange = { value in
      heard.append("first \(value)")
      // The view (re)binds the second output while its call waits.
      model.onSecondChange = { heard.append("second \($0)") }
    }
    model.send(first: 1, second: 2)
    model.onFirstChange = { _ in
      heard.append("first, replaced")
      model.onSecondChange = nil
    }
    model.send(first: 7, second: 8)
    #expect(heard == ["first 1", "second 2", "first, replaced"])
  }

  @Test("a long chain of inputs sent from closures is told in order, then the queue is reused")
  func longChain() {
    let model = TwoOutputs()
    var heard: [Int] = []
    model.onFirstChange = { value in
      heard.append(value)
      if value < 10_000 { model.send(first: value + 1) }
    }
    model.send(first: 1)
    #expect(heard == Array(1...10_000))
    heard = []
    model.onFirstChange = { heard.append($0) }
    model.send(first: 0)
    #expect(heard == [0])
  }
}
