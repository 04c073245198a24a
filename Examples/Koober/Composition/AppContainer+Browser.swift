import Foundation

extension AppContainer {
  /// `$BROWSER` for a browser sign-in on the screens, writing its page in this server's
  /// client folder; `nil` without `BROWSER`. Each call names a fresh page.
  var browserLauncher: BrowserLauncher? {
    BrowserLauncher(
      program: browserProgram, folder: clientFolder.url,
      searchPath: ProcessInfo.processInfo.environment["PATH"])
  }
}
