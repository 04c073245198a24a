import Foundation
import Localization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The terminal as the screens see it: titled screens, alert lines, prompts (secret ones not
/// echoed), and progress, with colour only on a terminal and never with `NO_COLOR`.
///
/// With standard input a pipe, each line answers the current prompt and is echoed after it
/// (passwords excepted), so a transcript reads like a session.
///
/// ```swift
/// console.title("Sign in")                          // [Sign in]
/// guard case .line(let email) = await console.ask("Email") else { return .quit }
/// console.alert("The email or password is wrong.")  // ! The email or password is wrong.
/// ```
@MainActor
final class Console {
  /// Standard input, line by line.
  let input: LineInput
  /// Whether standard output is a terminal (spinner, live countdown, colour).
  let isOutputTerminal: Bool
  /// Whether standard input is a terminal (no echo of answers, hidden passwords).
  let isInputTerminal: Bool
  /// Whether styles are written.
  let usesColour: Bool

  private lazy var echo = TerminalEcho()
  private var livePrompt: String?

  /// Looks at the process's terminals and environment.
  /// - Parameter environment: The process environment (`NO_COLOR`).
  init(environment: [String: String]) {
    input = LineInput()
    isOutputTerminal = isatty(STDOUT_FILENO) == 1
    isInputTerminal = isatty(STDIN_FILENO) == 1
    usesColour = isOutputTerminal && environment["NO_COLOR"] == nil
  }

  // MARK: - Output

  /// The longest alert or error shown, in characters: a server's message longer than this
  /// is cut, so one failure stays one readable line.
  static let maximumMessageLength = 400

  /// Writes text exactly as it is: only for the program's own text (help, the CSV whose
  /// fields ServiceRide already cleaned), never for text from a server or a person.
  func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes one line; control characters in it are made harmless (`terminalSafe`).
  func line(_ text: String = "") {
    write(text.terminalSafe + "\n")
  }

  /// Writes one line made of a plain part and a quiet (dim) part, e.g. a menu entry and its
  /// note; both are made harmless before the style is added.
  func line(_ text: String, quiet: String) {
    write(text.terminalSafe + styled(quiet.terminalSafe, .dim) + "\n")
  }

  /// Starts a screen: a blank line, then `[Name]` on a line of its own.
  func title(_ name: String) {
    line()
    write(styled("[\(name.terminalSafe)]", .bold, .cyan) + "\n")
  }

  /// An alert: one line beginning with `!`, however many lines the message had.
  func alert(_ message: String) {
    let safe = message.terminalSafe(limit: Self.maximumMessageLength)
    write(styled("! " + safe, .red) + "\n")
  }

  /// A quiet line: hints and progress without a spinner.
  func note(_ text: String) {
    write(styled(text.terminalSafe, .dim) + "\n")
  }

  /// A message for stderr, as one line `koober: <message>`.
  func error(_ message: String) {
    writeError("koober: \(message.terminalSafe(limit: Self.maximumMessageLength))\n")
  }

  /// A usage error for stderr: the reason (what was typed is made harmless), then where to
  /// read the usage.
  func usageError(_ usage: UsageError) {
    error(usage.message)
    writeError(usage.hint + "\n")
  }

  /// Writes the program's own text to stderr exactly as it is (e.g. `serve`'s usage).
  func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// `text` in the given styles, or plain when colour is off. The text must already be
  /// harmless: the styles are escape sequences, so nothing sanitises after this.
  func styled(_ text: String, _ styles: Style...) -> String {
    guard usesColour, !styles.isEmpty else { return text }
    return styles.map(\.rawValue).joined() + text + Style.reset
  }

  // MARK: - Input

  /// Asks for a line.
  /// - Parameters:
  ///   - label: The prompt, e.g. `Email`.
  ///   - defaultValue: Shown in brackets; an empty answer means it.
  /// - Returns: The answer (trimmed; the default for an empty one), the end of input, or an
  ///   interruption.
  func ask(_ label: String, defaultValue: String? = nil) async -> LineEvent {
    let shown = defaultValue.map {
      TextTable.koober.text("prompt.default", ["label": label, "value": $0])
    }
    write(Self.prompt(shown ?? label))
    let event = await input.next()
    guard case .line(let raw) = event else { return finishPrompt(event) }
    // A terminal echoes typing itself; a pipe's line is echoed so a transcript reads like
    // a session, but never raw.
    if !isInputTerminal { line(raw) }
    let answer = raw.trimmingCharacters(in: .whitespaces)
    return .line(answer.isEmpty ? (defaultValue ?? "") : answer)
  }

  /// Asks for a secret line; on a terminal the typing is not echoed.
  /// - Parameter label: The prompt, e.g. `Password`.
  /// - Returns: The line exactly as typed, the end of input, or an interruption.
  func askSecret(_ label: String) async -> LineEvent {
    // Echo goes off before the prompt shows, so nothing typed after it can be echoed.
    if isInputTerminal { echo.hideTyping() }
    write(Self.prompt(label))
    let event = await input.next()
    if isInputTerminal { echo.restore() }
    guard case .line = event else { return finishPrompt(event) }
    line()
    return event
  }

  /// Asks for a line whose prompt changes while it waits (a countdown); on a terminal the
  /// prompt is redrawn in place by `updateLivePrompt(_:)`, elsewhere it is written once.
  /// - Parameter label: The first prompt.
  /// - Returns: Like `ask(_:defaultValue:)`.
  func askLive(_ label: String) async -> LineEvent {
    livePrompt = label
    defer { livePrompt = nil }
    return await ask(label)
  }

  /// Redraws the live prompt on a terminal without touching what is typed after it: the
  /// cursor is saved, the line start rewritten, and the cursor restored. A shorter prompt is
  /// padded with spaces to the old one's width, so no tail of the old one stays on screen.
  /// - Parameter label: The new prompt, at most as wide as the old one (the typing after a
  ///   wider one would be overwritten).
  func updateLivePrompt(_ label: String) {
    guard isOutputTerminal, let old = livePrompt else { return }
    livePrompt = label
    let padding = String(
      repeating: " ", count: max(0, old.terminalWidth - label.terminalWidth))
    write("\u{1B}7\r" + Self.prompt(label) + padding + "\u{1B}8")
  }

  /// A prompt as written before the answer, e.g. `Email: ` (`邮箱：` in Chinese), made harmless.
  private static func prompt(_ label: String) -> String {
    TextTable.koober.text("prompt.line", ["label": label.terminalSafe])
  }

  /// Shows progress while `work` runs: a spinner on a terminal, one line otherwise.
  /// - Parameters:
  ///   - label: What is happening, e.g. `Signing in`.
  ///   - work: The waiting.
  /// - Returns: What `work` returned.
  func progress<T>(_ label: String, while work: () async -> T) async -> T {
    // "Signing in…", "正在登录……": the ellipsis is the language's.
    let label = TextTable.koober.text("progress.line", ["label": label.terminalSafe])
    guard isOutputTerminal else {
      note(label)
      return await work()
    }
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    // The first frame shows at once, however quickly the work ends.
    write("\r" + styled(frames[0], .cyan) + " " + label)
    let spinner = Task { [weak self] in
      var index = 1
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(80))
        guard !Task.isCancelled, let self else { return }
        write("\r" + styled(frames[index % frames.count], .cyan) + " " + label)
        index += 1
      }
    }
    let result = await work()
    spinner.cancel()
    await spinner.value
    write("\r\u{1B}[2K")
    return result
  }

  /// Ends a prompt that got no line: a line break so the next output starts afresh.
  private func finishPrompt(_ event: LineEvent) -> LineEvent {
    line()
    return event
  }
}
