import Foundation
import Testing

/// Issue 33's koober end to end: the real `koober` with this device's software authenticator
/// (keys in the data folder) against the embedded reference backend, a relying party that
/// verifies every registration and assertion.
@Suite("koober passkeys: add, list, sign in, rename, remove")
struct PasskeyCommandTests {
  /// The passkey's id in `Added the passkey 'NAME' (ID).`, in either language.
  static func addedID(_ stdout: String) -> String? {
    // 32 random bytes, base64url: 43 characters.
    (stdout.firstMatch(of: /[A-Za-z0-9_-]{43}/)?.output).map(String.init)
  }

  @Test("a driver adds, lists, signs in with it without a code; renamed, removed, then refused")
  func wholeLife() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("dan@example.com", type: "driver")

    let added = try await fixture.run(["passkey", "add"])
    #expect(added.status == 0, "\(added.stderr)")
    let id = try #require(Self.addedID(added.stdout), "no id in: \(added.stdout)")
    // No --name: the host's name.
    #expect(added.stdout == "Added the passkey '\(ProcessInfo.processInfo.hostName)' (\(id)).\n")
    // The key stays in the data folder, private like every file there.
    let keys = fixture.dataFolder.appendingPathComponent("embedded/Passkeys")
    let found = try FileManager.default.contentsOfDirectory(atPath: keys.path)
    #expect(found.count == 1, "\(found)")
    let modes = try FileModes.exceptions(under: fixture.dataFolder)
    #expect(modes.exceptions.isEmpty, "\(modes.exceptions)")

    let listed = try await fixture.run(["passkey", "list"])
    #expect(listed.status == 0, "\(listed.stderr)")
    let line = listed.stdout.split(separator: "\n").map(String.init)
    #expect(line.count == 1)
    #expect(
      line.first?.hasPrefix(id + "  " + ProcessInfo.processInfo.hostName + "  created ") == true)
    #expect(line.first?.hasSuffix(", last used never") == true, "\(listed.stdout)")

    #expect(try await fixture.run(["sign-out"]).status == 0)
    let signedIn = try await fixture.run(["sign-in", "--passkey"])
    // A driver lands without a one-time code (exit 0, not 3), no email asked.
    #expect(signedIn.status == 0, "\(signedIn.stderr)")
    #expect(signedIn.stdout == "Signed in as dan@example.com (driver).\n")
    #expect(signedIn.stderr.isEmpty, "\(signedIn.stderr)")
    let status = try await fixture.run(["status"])
    #expect(status.stdout == "Signed in as dan@example.com (driver).\n")
    let used = try await fixture.run(["passkey", "list"])
    #expect(!used.stdout.contains("last used never"), "\(used.stdout)")

    let renamed = try await fixture.run(["passkey", "rename", id, "Work laptop"])
    #expect(renamed.status == 0, "\(renamed.stderr)")
    #expect(renamed.stdout == "Renamed the passkey \(id) to 'Work laptop'.\n")
    let afterRename = try await fixture.run(["passkey", "list"])
    #expect(afterRename.stdout.hasPrefix(id + "  Work laptop  created "), "\(afterRename.stdout)")

    let removed = try await fixture.run(["passkey", "remove", id])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stdout == "Removed the passkey \(id); it can no longer sign in.\n")
    let empty = try await fixture.run(["passkey", "list"])
    #expect(empty.stdout == "No passkeys yet: 'koober passkey add' makes one on this device.\n")

    // The server no longer knows it, and this device has forgotten its key.
    #expect(try await fixture.run(["sign-out"]).status == 0)
    let refused = try await fixture.run(["sign-in", "--passkey"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    #expect(try await fixture.run(["status"]).status == 4)
  }

  @Test("Welcome's 'Sign in with a passkey' lands a driver on the driver home; Passkeys lists it")
  func screens() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("dan@example.com", type: "driver")
    let added = try await fixture.run(["passkey", "add", "--name", "Dan's laptop"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try await fixture.run(["sign-out"]).status == 0)

    let session = try fixture.startInteractive()
    try await session.waitFor("[Welcome]")
    try await session.waitFor("Sign in with a passkey")
    try await session.waitFor("Choose")
    try session.send("Sign in with a passkey")
    try await session.waitFor("[Driver home]")
    try await session.waitFor("Your profile")
    try await session.waitFor("Choose")
    try session.send("Your profile")
    try await session.waitFor("[Profile]")
    try await session.waitFor("Choose")
    try session.send("Passkeys")
    try await session.waitFor("[Passkeys]")
    try await session.waitFor("Dan's laptop  Created just now  Last used just now")
    try await session.waitFor("Choose")
    try session.send("Remove")
    try await session.waitFor("Which passkey?")
    try await session.waitFor("Choose")
    try session.send("1")
    try await session.waitFor("No passkeys yet.")
    #expect(try await session.finish() == 0)
    #expect(!session.transcript.contains("[Verification code]"))
  }

  @Test("not signed in: 4 and one sentence; bad arguments: 2; an unknown id: 1")
  func refusals() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let list = try await fixture.run(["passkey", "list"])
    #expect(list.status == 4)
    #expect(
      list.stderr == "koober: Not signed in: run 'koober sign-in' (or 'koober sign-up') first.\n")
    let noPasskey = try await fixture.run(["sign-in", "--passkey"])
    #expect(noPasskey.status == 1)
    #expect(noPasskey.stderr.split(separator: "\n").count == 1, "\(noPasskey.stderr)")

    let rename = try await fixture.run(["passkey", "rename", "abc"])
    #expect(rename.status == 2)
    #expect(
      rename.stderr.hasPrefix("koober: 'passkey rename' needs NAME (koober passkey rename ID NAME)")
    )
    let both = try await fixture.run(["sign-in", "--passkey", "--browser"])
    #expect(both.status == 2)
    #expect(both.stderr.hasPrefix("koober: '--passkey' signs in alone, with at most '--email': "))

    try await fixture.signUp("ann@example.com", type: "passenger")
    let unknown = try await fixture.run(["passkey", "remove", "AAAA"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.split(separator: "\n").count == 1, "\(unknown.stderr)")
    let control = try await fixture.run(["passkey", "add", "--name", "a\u{7}b"])
    #expect(control.status == 2, "\(control.stderr)")
    let keys = fixture.dataFolder.appendingPathComponent("embedded/Passkeys")
    // Refused before any key was made.
    #expect((try? FileManager.default.contentsOfDirectory(atPath: keys.path))?.isEmpty ?? true)
  }

  @Test("in OIDC mode every passkey command and sign-in --passkey say so in one sentence (1)")
  func oidcMode() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let oidc = ["--oidc-issuer", "https://id.example.com", "--client-id", "koober"]
    let sentence =
      "koober: With an OpenID Connect provider, passkeys are made and used on the provider's "
      + "sign-in page, not by koober.\n"
    for command in [
      ["passkey", "add"], ["passkey", "list"], ["passkey", "rename", "x", "y"],
      ["passkey", "remove", "x"], ["sign-in", "--passkey"],
    ] {
      let out = try await fixture.run(oidc + command)
      #expect(out.status == 1, "\(command)")
      #expect(out.stderr == sentence, "\(command)")
    }
  }

  @Test("简体中文: a success, a list line, a refusal and the OIDC sentence")
  func chinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let zh = ["--lang", "zh-Hans"]
    let oidc = try await fixture.run(
      zh + ["--oidc-issuer", "https://id.example.com", "--client-id", "k", "passkey", "list"])
    #expect(
      oidc.stderr
        == "koober: 使用 OpenID Connect 提供方时，通行密钥在提供方的登录页面上创建和使用，而不是由 koober 处理。\n")
    try await fixture.signUp("ann@example.com", type: "passenger")
    let empty = try await fixture.run(zh + ["passkey", "list"])
    #expect(empty.stdout == "还没有通行密钥：'koober passkey add' 会在本设备上创建一个。\n")
    let added = try await fixture.run(zh + ["passkey", "add", "--name", "安的电脑"])
    let id = try #require(Self.addedID(added.stdout), "\(added.stdout) \(added.stderr)")
    #expect(added.stdout == "已添加通行密钥“安的电脑”（\(id)）。\n")
    let listed = try await fixture.run(zh + ["passkey", "list"])
    #expect(listed.stdout.contains("安的电脑  创建于 "), "\(listed.stdout)")
    #expect(listed.stdout.hasSuffix("，上次使用 从未\n"), "\(listed.stdout)")
    let removed = try await fixture.run(zh + ["passkey", "remove", id])
    #expect(removed.stdout == "已移除通行密钥 \(id)；它将无法再用于登录。\n")
  }
}

/// A passkey's id is base64url: one in 64 begins with '-', which must reach the command as
/// its argument, not as an option.
@Suite("koober's command line: a passkey id that begins with '-'")
struct PasskeyIDArgumentTests {
  @Test("'passkey remove -AbC' and 'passkey rename -AbC NAME' take the id; '-h' is still help")
  func dashedID() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("ann@example.com", type: "passenger")
    // Unknown to the server (404), so refused by the server, not by the parser (2).
    let removed = try await fixture.run(["passkey", "remove", "-AbCdE"])
    #expect(removed.status == 1, "\(removed.stderr)")
    #expect(!removed.stderr.contains("unknown option"), "\(removed.stderr)")
    let renamed = try await fixture.run(["passkey", "rename", "-AbCdE", "New"])
    #expect(renamed.status == 1, "\(renamed.stderr)")
    let help = try await fixture.run(["passkey", "remove", "-h"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("USAGE\n  koober passkey remove ID\n"))
  }
}
