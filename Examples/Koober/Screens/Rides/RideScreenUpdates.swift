/// What a live ride screen has to write before its next prompt, and whether the prompt
/// waiting now was interrupted for it.
///
/// The control reports changes while the screen waits for a line; writing them at once
/// would land in the middle of the prompt. So they are kept here, the wait is interrupted,
/// and the screen writes them and asks again. An interruption the screen did not ask for
/// (the session ended elsewhere) is left for the navigator.
@MainActor
struct RideScreenUpdates {
  private enum Update {
    case line(String)
    case alert(String)
  }

  private var pending: [Update] = []
  private var redrawRequested = false

  /// Keeps a plain line.
  mutating func line(_ text: String) {
    pending.append(.line(text))
  }

  /// Keeps an alert.
  mutating func alert(_ text: String) {
    pending.append(.alert(text))
  }

  /// Interrupts the prompt waiting now (or the next one) so the screen draws again.
  mutating func requestRedraw(_ console: Console) {
    guard !redrawRequested else { return }
    redrawRequested = true
    console.input.interrupt()
  }

  /// After an interruption: whether this screen asked for it (then it draws again), or
  /// something else did (then it leaves).
  mutating func takeRedraw() -> Bool {
    defer { redrawRequested = false }
    return redrawRequested
  }

  /// Writes what was kept, in order. A redraw still pending is now done, so the interruption
  /// it left for the next prompt is taken back.
  mutating func write(to console: Console) {
    for update in pending {
      switch update {
      case .line(let text): console.line(text)
      case .alert(let text): console.alert(text)
      }
    }
    pending = []
    if redrawRequested {
      redrawRequested = false
      console.input.clearInterrupt()
    }
  }
}
