/// One run of `koober`: the global options and the action, both checked.
///
/// ```swift
/// let invocation = try Invocation(arguments: ["--data-dir", "/tmp/k", "status"])
/// // invocation.action == .status
/// ```
struct Invocation: Sendable, Equatable {
  /// `--server` and `--data-dir`.
  let global: GlobalOptions
  /// What to do.
  let action: Action

  /// Parses the command line (without the program name).
  /// - Parameter arguments: The arguments, e.g. `CommandLine.arguments.dropFirst()`.
  /// - Throws: `UsageError` for anything `koober` cannot run.
  init(arguments: [String]) throws(UsageError) {
    let parsed = try ParsedArguments(arguments)
    global = try GlobalOptions(parsed)
    action = try Action(parsed)
  }
}
