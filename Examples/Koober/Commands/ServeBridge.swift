// TEMPORARY until the backend helper's ServeCommand lands.
extension Host {
  static func serve(
    _ global: GlobalOptions, host: String, port: UInt16, demo: Bool,
    environment: [String: String], console: Console
  ) -> ExitCode {
    console.error("serve: not yet")
    return .failure
  }
}
