import Localization

/// Where a subcommand's password comes from: the first line of stdin (`--password-stdin`),
/// or a prompt that does not echo when stdin is a terminal.
@MainActor
enum PasswordInput {
  /// Reads the password, reporting a missing one on stderr.
  /// - Parameters:
  ///   - fromStdin: `--password-stdin` was given.
  ///   - console: The terminal.
  ///   - command: The command's configuration, for the usage message.
  /// - Returns: The password, or `nil` after the usage error was reported (exit 2).
  static func readOrReport(
    fromStdin: Bool, console: Console, command: CommandConfiguration
  ) async -> String? {
    do {
      return try await read(fromStdin: fromStdin, console: console, command: command)
    } catch {
      console.error(error.message)
      return nil
    }
  }

  /// Reads the password.
  /// - Parameters:
  ///   - fromStdin: `--password-stdin` was given.
  ///   - console: The terminal.
  ///   - command: The command's configuration, for the usage error.
  /// - Returns: The password as typed, without its line break.
  /// - Throws: `UsageError` when there is no password to read.
  static func read(fromStdin: Bool, console: Console, command: CommandConfiguration) async
    throws(UsageError) -> String
  {
    if fromStdin {
      guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.passwordStdinEmpty"),
          command: command.fullName)
      }
      return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
    guard console.isInputTerminal else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.passwordNotTerminal"),
        command: command.fullName)
    }
    console.input.start()
    let answer = await console.askSecret(TextTable.kooberCommands.text("password.prompt"))
    guard case .line(let password) = answer, !password.isEmpty else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.passwordNotTyped"), command: command.fullName)
    }
    return password
  }
}
