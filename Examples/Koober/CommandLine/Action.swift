import UserModel

/// What `koober` was asked to do, with every argument checked and typed.
enum Action: Sendable, Equatable {
  /// No subcommand: the screens, from the launch check on.
  case interactive
  /// `--help` or `help [<command>]`.
  case help(HelpTopic?)
  /// `status`.
  case status
  /// `sign-up`.
  case signUp(email: String, type: UserType, name: String?, passwordFromStdin: Bool)
  /// `sign-in`.
  case signIn(email: String, passwordFromStdin: Bool)
  /// `verify --code C`.
  case verify(code: String)
  /// `sign-out`.
  case signOut
  /// `outbox --to E`.
  case outbox(to: String)
  /// `report`.
  case report
  /// `serve`.
  case serve(host: String, port: UInt16, demo: Bool)
  /// `rides …` or `driver …`.
  case ride(RideAction)

  /// Reads the command's own options from a parsed command line.
  /// - Parameter parsed: The split command line.
  /// - Throws: `UsageError` for a missing required option, a bad value, or an argument the
  ///   command does not take.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.wantsHelp else {
      self = .help(parsed.command.map(HelpTopic.command) ?? parsed.group.map(HelpTopic.group))
      return
    }
    guard let command = parsed.command else {
      self = .interactive
      return
    }
    let reader = OptionReader(parsed: parsed, command: command)
    let positional = try reader.positional()
    switch command {
    case .help: self = .help(try reader.helpTopic())
    case .status: self = .status
    case .signOut: self = .signOut
    case .report: self = .report
    case .verify: self = .verify(code: try reader.required("code"))
    case .outbox: self = .outbox(to: try reader.required("to"))
    case .signIn:
      self = .signIn(
        email: try reader.required("email"), passwordFromStdin: reader.flag("password-stdin"))
    case .signUp:
      self = .signUp(
        email: try reader.required("email"), type: try reader.userType(),
        name: parsed.values["name"], passwordFromStdin: reader.flag("password-stdin"))
    case .serve:
      self = .serve(
        host: parsed.values["host"] ?? "127.0.0.1", port: try reader.port(),
        demo: reader.flag("demo"))
    case .ridesEstimate, .ridesRequest, .ridesStatus, .ridesList, .ridesCancel, .ridesExport,
      .driverQueue, .driverAccept, .driverAdvance:
      self = .ride(try RideAction(reader, id: positional))
    }
  }
}
