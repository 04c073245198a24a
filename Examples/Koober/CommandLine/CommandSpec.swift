/// What a command is for and what it accepts: the one table that both the parser and the
/// help text read, so they can never disagree.
struct CommandSpec: Sendable {
  /// The command.
  let name: CommandName
  /// One line for the command list.
  let summary: String
  /// What follows `koober <name>` in the usage line, e.g. `--code C`.
  let arguments: String
  /// The options besides the global ones.
  let options: [OptionSpec]
  /// Extra lines for `koober help <name>`.
  let details: [String]

  /// Options every command accepts, before or after the command's name.
  static let globalOptions: [OptionSpec] = [
    .value("server", "URL", "Use the server at URL (any server that follows API.md)."),
    .value("data-dir", "DIR", "Keep Koober's data in DIR (see ENVIRONMENT)."),
  ]

  /// The spec of a command.
  static func of(_ name: CommandName) -> CommandSpec {
    guard let spec = all.first(where: { $0.name == name }) else {
      return CommandSpec(name: name, summary: "", arguments: "", options: [], details: [])
    }
    return spec
  }

  /// Every command, in the order help lists them.
  static let all: [CommandSpec] = [
    CommandSpec(
      name: .status, summary: "Show who is signed in (exit 4 when no one is).", arguments: "",
      options: [], details: ["Checks the saved session with the server."]),
    CommandSpec(
      name: .signUp, summary: "Create an account and sign it in.",
      arguments: "--email E --type passenger|driver [--name N] --password-stdin",
      options: [
        .value("email", "E", "The account's email."),
        .value("type", "TYPE", "passenger or driver."),
        .value("name", "N", "The name Koober greets you with (optional)."),
        .flag("password-stdin", "Read the password from the first line of stdin."),
      ],
      details: [
        "Passwords need at least 8 characters, a letter and a digit.",
        "Without --password-stdin, the password is asked for on the terminal (not echoed).",
      ]),
    CommandSpec(
      name: .signIn, summary: "Sign in (exit 3 when a one-time code is needed).",
      arguments: "--email E --password-stdin",
      options: [
        .value("email", "E", "The account's email."),
        .flag("password-stdin", "Read the password from the first line of stdin."),
      ],
      details: [
        "Drivers get a one-time code: the command exits 3, and `koober verify --code C`",
        "finishes the sign-in within 60 seconds. Only the challenge is kept, never the password.",
      ]),
    CommandSpec(
      name: .verify, summary: "Finish a driver's sign-in with the one-time code.",
      arguments: "--code C", options: [.value("code", "C", "The 6-digit code from the message.")],
      details: ["With the embedded backend, `koober outbox --to E` shows the code."]),
    CommandSpec(
      name: .signOut, summary: "Sign out (exit 4 when no one is signed in).", arguments: "",
      options: [], details: []),
    CommandSpec(
      name: .outbox, summary: "Show the messages the demo backend \"sent\" to an email.",
      arguments: "--to E", options: [.value("to", "E", "Whose messages to show.")],
      details: ["Needs the embedded backend, or a server running in demo mode."]),
    CommandSpec(
      name: .report, summary: "Print the event log, to attach to a bug report.", arguments: "",
      options: [],
      details: ["The log holds actions and outcomes only: no password, token or code."]),
    CommandSpec(
      name: .serve, summary: "Run the reference backend until interrupted.",
      arguments: "[--host H] [--port N] [--demo]",
      options: [
        .value("host", "H", "The address to listen on (127.0.0.1)."),
        .value("port", "N", "The port; 0 or none lets the system pick."),
        .flag("demo", "Demo mode: serve the outbox of one-time codes."),
      ],
      details: [
        "The first line printed is `Koober backend listening on http://HOST:PORT`.",
        "Its database is the embedded backend's: backend.sqlite in the data folder.",
      ]),
    CommandSpec(
      name: .help, summary: "Show help for koober or one command.", arguments: "[<command>]",
      options: [], details: []),
  ]
}
