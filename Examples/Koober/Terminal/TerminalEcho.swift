import Dispatch
import Foundation
import WireFormat

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Turns the terminal's echo off while a password is typed, and makes sure it comes back,
/// even when the person presses Ctrl-C at the password prompt.
final class TerminalEcho: Sendable {
  /// The settings to put back: the main actor and the signal handlers' queue share them.
  private let saved: Locked<termios?>
  /// The signal sources, kept for the life of the process.
  // Unchecked: the sources (not Sendable) are only stored here to keep them alive, never
  // read or used again.
  private let signalSources: UncheckedLocked<[any DispatchSourceSignal]>

  /// Whether standard input is a terminal (otherwise echo is never touched).
  let isTerminal: Bool

  /// Prepares echo control for standard input; on a terminal, Ctrl-C and kills restore
  /// the echo before the process ends.
  init() {
    let saved = Locked<termios?>(nil)
    self.saved = saved
    isTerminal = isatty(STDIN_FILENO) == 1
    signalSources = UncheckedLocked(isTerminal ? Self.installSignalHandlers(restoring: saved) : [])
  }

  /// Turns echo off until `restore()`; does nothing unless stdin is a terminal.
  func hideTyping() {
    guard isTerminal else { return }
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    saved.withLock { $0 = settings }
    var quiet = settings
    quiet.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
  }

  /// Puts back the settings `hideTyping()` changed.
  func restore() {
    Self.restore(saved)
  }

  private static func restore(_ saved: Locked<termios?>) {
    let settings = saved.withLock { saved in
      defer { saved = nil }
      return saved
    }
    guard var settings else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// Ctrl-C or a kill while echo is off: restore it, then end as the signal would have.
  private static func installSignalHandlers(
    restoring saved: Locked<termios?>
  ) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        restore(saved)
        FileHandle.standardOutput.write(Data("\n".utf8))
        exit(128 + number)
      }
      source.resume()
      return source
    }
  }
}
