import Foundation
import LoginCore
import SoftwarePasskeys
import TestSupport
import Testing
import WebAuthn

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The software authenticator's keys on disk: 0600 files in a 0700 folder, kept across
/// instances, and a folder or file someone else made or can write refused.
@Suite("SoftwareAuthenticator's folder")
struct SoftwareAuthenticatorFolderTests {
  typealias Options = SoftwareAuthenticatorTests

  @Test("keys are kept 0600 in 0700, across instances, the counter going on")
  func keptAcrossInstances() async throws {
    let work = try TemporaryDirectory(prefix: "soft-passkeys")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    let registered = try await SoftwareAuthenticator(folder: folder).register(Options.creation())
    _ = try await SoftwareAuthenticator(folder: folder).authenticate(Options.request())
    let later = try await SoftwareAuthenticator(folder: folder).authenticate(Options.request())
    #expect(later.rawId == registered.rawId)
    #expect(try AuthenticatorData(bytes: later.response.authenticatorData.bytes).signCount == 2)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.count == 1 && names[0].hasSuffix(".passkey"))
    #expect(try Self.mode(folder.path) == 0o700)
    #expect(try Self.mode(folder.appendingPathComponent(names[0]).path) == 0o600)
    // The same user at the same site again: the new key takes the old one's place.
    let again = try await SoftwareAuthenticator(folder: folder).register(Options.creation())
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    #expect(
      try await SoftwareAuthenticator(folder: folder).authenticate(Options.request()).rawId
        == again.rawId)
  }

  @Test("an existing folder of the user's that others could read is made 0700")
  func folderNarrowed() async throws {
    let work = try TemporaryDirectory(prefix: "soft-passkeys")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #expect(chmod(folder.path, 0o777) == 0)
    _ = try await SoftwareAuthenticator(folder: folder).register(Options.creation())
    #expect(try Self.mode(folder.path) == 0o700)
  }

  @Test("a folder another user made is refused, and nothing is written in it")
  func foreignFolder() async throws {
    guard geteuid() == 0 else { return }  // only root can hand a folder to another user
    let work = try TemporaryDirectory(prefix: "soft-passkeys")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #expect(chown(folder.path, 1, 1) == 0)
    await #expect(throws: AuthFailure.self) {
      _ = try await SoftwareAuthenticator(folder: folder).register(Options.creation())
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test("a key file others can write, another user's, or a link in its place is refused")
  func foreignFiles() async throws {
    let work = try TemporaryDirectory(prefix: "soft-passkeys")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    _ = try await SoftwareAuthenticator(folder: folder).register(Options.creation())
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
    let file = folder.appendingPathComponent(name).path

    #expect(chmod(file, 0o666) == 0)
    await Self.expectStorageRefusal(folder)
    #expect(chmod(file, 0o600) == 0)
    _ = try await SoftwareAuthenticator(folder: folder).authenticate(Options.request())

    if geteuid() == 0 {
      #expect(chown(file, 1, 1) == 0)
      await Self.expectStorageRefusal(folder)
      #expect(chown(file, 0, 0) == 0)
    }

    // A link planted in the key's place is not followed: its target is never read.
    let planted = work.url("elsewhere.passkey").path
    #expect(rename(file, planted) == 0)
    #expect(symlink(planted, file) == 0)
    await Self.expectStorageRefusal(folder)
  }

  static func expectStorageRefusal(_ folder: URL) async {
    do {
      _ = try await SoftwareAuthenticator(folder: folder).authenticate(Options.request())
      Issue.record("a foreign key file was used")
    } catch {
      guard case .unavailable(.storage) = error else {
        Issue.record("refused with \(error), not as storage")
        return
      }
    }
  }

  static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o777
  }
}
