/// The subcommands of `koober`; no subcommand means the interactive screens.
enum CommandName: String, CaseIterable, Sendable {
  case status
  case signUp = "sign-up"
  case signIn = "sign-in"
  case verify
  case signOut = "sign-out"
  case outbox
  case report
  case serve
  case help
}
