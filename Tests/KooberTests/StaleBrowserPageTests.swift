import Foundation
import Testing

/// Pages a koober killed mid-sign-in left in the client folder: the page and the temporary
/// copy written before it (`<page>.<UUID>.tmp`) hold the sign-in's state, nonce and
/// challenge, or an ID token; the next browser sign-in or sign-out removes the old ones.
@Suite("stale browser pages")
struct StaleBrowserPageTests {
  @Test("an old page and an old temporary page are removed by the next browser page; new stay")
  func stalePagesAreRemoved() async throws {
    let server = try BrowserSignInCommandTests.provider(answer: "code=code-7")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, record) = try BrowserSignInCommandTests.browser(in: fixture)
    let oidc = BrowserSignInCommandTests.options(server)
    let browser = ["BROWSER": program.path]
    let signIn = try await fixture.run(oidc + ["sign-in", "--browser"], extraEnvironment: browser)
    #expect(signIn.status == 0, "\(signIn.stderr)")
    let argument = try #require(BrowserSignInCommandTests.recorded(record).first)
    let page = try #require(URL(string: argument))
    let folder = page.deletingLastPathComponent()

    let kept = UUID().uuidString
    let names = [
      "old-page": "browser-\(UUID().uuidString).html",
      "old-temporary": "browser-\(UUID().uuidString).html.\(UUID().uuidString).tmp",
      "new-temporary": "browser-\(kept).html.\(UUID().uuidString).tmp",
    ]
    let old = Date().addingTimeInterval(-20 * 60)
    for (role, name) in names {
      let file = folder.appendingPathComponent(name)
      try Data("state=… nonce=…".utf8).write(to: file)
      if role.hasPrefix("old") {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
      }
    }

    let signOut = try await fixture.run(oidc + ["sign-out"], extraEnvironment: browser)
    #expect(signOut.status == 0, "\(signOut.stderr)")
    for (role, name) in names {
      let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
      #expect(exists == (role == "new-temporary"), "\(role)")
    }
  }
}
