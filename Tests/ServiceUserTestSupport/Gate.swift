/// Holds callers until opened.
public actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Makes a closed gate.
  public init() {}

  /// Returns once the gate is open.
  public func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Opens the gate for every waiter, now and later.
  public func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}
