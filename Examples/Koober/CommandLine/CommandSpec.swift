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
  /// The plain argument the command takes (its placeholder, e.g. `ID`), or `nil` for none.
  var positional: Positional? = nil

  /// A plain argument: a ride's id, required or not.
  enum Positional: Sendable, Equatable {
    /// The argument must be given.
    case required(String)
    /// The argument may be left out.
    case optional(String)
  }

  /// What follows `koober` in the usage line, e.g. `rides cancel ID`.
  var usage: String {
    arguments.isEmpty ? name.rawValue : name.rawValue + " " + arguments
  }

  /// Options every command accepts, before or after the command's name.
  static let globalOptions: [OptionSpec] = [
    .value("server", "URL", "Use the server at URL (any server that follows API.md)."),
    .value("data-dir", "DIR", "Keep Koober's data in DIR (see ENVIRONMENT)."),
    .value("oidc-issuer", "URL", "Sign in with the OpenID Connect provider at URL instead."),
    .value("client-id", "ID", "The client registered with the OIDC provider."),
    .value("client-secret", "S", "The secret of a confidential OIDC client."),
    .value("oidc-revocation-url", "URL", "The provider's token revocation endpoint (RFC 7009)."),
  ]

  /// The spec of a command.
  static func of(_ name: CommandName) -> CommandSpec {
    guard let spec = all.first(where: { $0.name == name }) else {
      return CommandSpec(name: name, summary: "", arguments: "", options: [], details: [])
    }
    return spec
  }

  /// Every command, in the order help lists them.
  static let all: [CommandSpec] = accountCommands + rideCommands + toolCommands

  /// The session's commands.
  private static let accountCommands: [CommandSpec] = [
    CommandSpec(
      name: .status, summary: "Show who is signed in (exit 4 when no one is).", arguments: "",
      options: [], details: ["Checks the saved session with the server."]),
    CommandSpec(
      name: .signUp, summary: "Create an account and sign it in.",
      arguments: "--email E --type passenger|driver [--name N] --password-stdin",
      options: [
        .email,
        .value("type", "TYPE", "passenger or driver."),
        .value("name", "N", "The name Koober greets you with (optional)."),
        .passwordStdin,
      ],
      details: [
        "Passwords need at least 8 characters, a letter and a digit.",
        "Without --password-stdin, the password is asked for on the terminal (not echoed).",
      ]),
    CommandSpec(
      name: .signIn, summary: "Sign in (exit 3 when a one-time code is needed).",
      arguments: "--email E --password-stdin",
      options: [
        .email,
        .passwordStdin,
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
  ]

  /// The backend and help.
  private static let toolCommands: [CommandSpec] = [
    CommandSpec(
      name: .serve, summary: "Run the reference backend until interrupted.",
      arguments: "[--host H] [--port N] [--demo]",
      options: [
        .value("host", "H", "The address to listen on (127.0.0.1)."),
        .value("port", "N", "The port; 0 or none lets the system pick."),
        .flag("demo", "Demo mode: the outbox of one-time codes, and the simulated driver."),
      ],
      details: [
        "The first line printed is `Koober backend listening on http://HOST:PORT`.",
        "Its database is the embedded backend's: backend.sqlite in the data folder.",
        "KOOBER_BACKEND_ITERATIONS and the KOOBER_DEMO_* intervals apply here too.",
      ]),
    CommandSpec(
      name: .help, summary: "Show help for koober, a group or one command.",
      arguments: "[<command>]",
      options: [], details: []),
  ]
}
