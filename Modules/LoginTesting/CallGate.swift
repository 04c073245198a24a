/// Holds a fake's calls back until the test opens it, to test what happens while a request is
/// in flight.
public actor CallGate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Makes a closed gate.
  public init() {}

  /// Waits until the gate is open (returns at once when it is).
  public func wait() async {
    guard !isOpen else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Opens the gate: every waiting call goes on, and later ones do not wait.
  public func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}
