import Foundation
import Localization
import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

@MainActor
@Suite("Passkeys: list, add, rename, remove")
struct PasskeysLogicControlTests {
  typealias P = PasskeyFixtures

  nonisolated static let nameRule =
    "Give the passkey a name of 1 to 64 characters, without line breaks or other control "
    + "characters."
  nonisolated static let nameTooLong = "A passkey's name can have at most 64 characters."
  nonisolated static let nameControl =
    "A passkey's name cannot contain line breaks, tabs or other control characters."

  @Test("loading hands the service's list to the delegate")
  func load() async {
    let world = World()
    world.service.passkeysResults = [.success([P.laptop, P.phone])]
    let control = world.passkeysControl()
    await control.loadPasskeys()?.value
    #expect(world.recorder.calls == [.passkeysStarted, .passkeysLoaded([P.laptop, P.phone])])
    #expect(world.service.calls == [.passkeys])
    #expect(world.events == ["passkeys: reading the list", "passkeys: 2 listed"])
    #expect(!control.isBusy)
  }

  @Test("adding without a name uses the default one, then the list is read again")
  func addDefaultName() async throws {
    let world = World()
    world.service.addPasskeyResults = [.success(P.laptop)]
    world.service.passkeysResults = [.success([P.laptop])]
    let passkeys = try await P.authenticator(check: LocalCheck(), withPasskey: false)
    await world.passkeysControl(defaultName: "Ann's laptop").addPasskey(using: passkeys)?.value
    #expect(world.service.calls == [.addPasskey(name: "Ann's laptop"), .passkeys])
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .passkeysChanged(.added(P.laptop)), .passkeysLoaded([P.laptop]),
      ])
    #expect(
      world.events == ["passkeys: adding one", "passkeys: added", "passkeys: 1 listed"])
    // No passkey name reaches the log: it is the person's words.
    #expect(!world.log.text.contains("laptop"))
  }

  @Test("a given name is sent trimmed of the spaces around it")
  func addGivenName() async throws {
    let world = World()
    world.service.addPasskeyResults = [.success(P.workKey)]
    world.service.passkeysResults = [.success([P.workKey])]
    let passkeys = try await P.authenticator(check: LocalCheck(), withPasskey: false)
    await world.passkeysControl().addPasskey(named: "  Work key ", using: passkeys)?.value
    #expect(world.service.calls == [.addPasskey(name: "Work key"), .passkeys])
  }

  @Test("a server asking for a fresh sign-in is told so with the name; the app's retry adds it")
  func freshSignIn() async throws {
    let world = World()
    world.service.addPasskeyResults = [
      .failure(.refused(.reauthenticationRequired)), .success(P.workKey),
    ]
    world.service.passkeysResults = [.success([P.laptop]), .success([P.laptop, P.workKey])]
    let passkeys = try await P.authenticator(check: LocalCheck(), withPasskey: false)
    let control = world.passkeysControl()
    await control.addPasskey(named: "Work key", using: passkeys)?.value
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .freshSignInNeeded(name: "Work key"), .passkeysLoaded([P.laptop]),
      ])
    #expect(world.events.contains("passkeys: a fresh sign-in is needed to add one -> sign-in"))
    #expect(!world.events.contains { $0.contains("failed") })
    // The app signed the person in again, and retries with the name it was told.
    world.recorder.calls = []
    await control.addPasskey(named: "Work key", using: passkeys)?.value
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .passkeysChanged(.added(P.workKey)),
        .passkeysLoaded([P.laptop, P.workKey]),
      ])
    #expect(
      world.service.calls == [
        .addPasskey(name: "Work key"), .passkeys, .addPasskey(name: "Work key"), .passkeys,
      ])
  }

  @Test("the person cancelling at the authenticator is no failure: the list only")
  func addCancelled() async throws {
    let world = World()
    world.service.addPasskeyResults = [.success(P.workKey)]
    world.service.passkeysResults = [.success([P.laptop])]
    let check = LocalCheck()
    await check.answer(false)
    let passkeys = try await P.authenticator(check: check, withPasskey: false)
    await world.passkeysControl().addPasskey(using: passkeys)?.value
    #expect(world.recorder.calls == [.passkeysStarted, .passkeysLoaded([P.laptop])])
    #expect(world.events == ["passkeys: adding one", "passkeys: cancelled", "passkeys: 1 listed"])
  }

  @Test("a failed change is told with its sentence, then the list read again")
  func changeFails() async throws {
    let world = World()
    world.service.renamePasskeyResults = [.failure(.refused(.passkeyNotFound))]
    world.service.passkeysResults = [.success([P.laptop])]
    await world.passkeysControl().renamePasskey(id: "cred-phone", to: "Phone 2")?.value
    let failure = AuthFailure.refused(.passkeyNotFound)
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .passkeysFailed(failure, message: failure.message),
        .passkeysLoaded([P.laptop]),
      ])
    #expect(world.events.contains("passkeys: failed, not_found"))
  }

  @Test("rename sends the trimmed name; remove the id; each reads the list again")
  func renameAndRemove() async {
    let world = World()
    var renamed = P.phone
    renamed.name = "Old phone"
    world.service.renamePasskeyResults = [.success(renamed)]
    world.service.removePasskeyResults = [.success(())]
    world.service.passkeysResults = [.success([P.laptop, renamed]), .success([P.laptop])]
    let control = world.passkeysControl()
    await control.renamePasskey(id: "cred-phone", to: " Old phone ")?.value
    await control.removePasskey(id: "cred-phone")?.value
    #expect(
      world.service.calls == [
        .renamePasskey(id: "cred-phone", name: "Old phone"), .passkeys,
        .removePasskey(id: "cred-phone"), .passkeys,
      ])
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .passkeysChanged(.renamed(renamed)),
        .passkeysLoaded([P.laptop, renamed]),
        .passkeysStarted, .passkeysChanged(.removed(id: "cred-phone")), .passkeysLoaded([P.laptop]),
      ])
    #expect(
      world.events == [
        "passkeys: renaming one", "passkeys: renamed", "passkeys: 2 listed",
        "passkeys: removing one", "passkeys: removed", "passkeys: 1 listed",
      ])
  }

  /// A name the rule refuses, and the failure and sentence it must give.
  struct NameCase: Sendable, CustomTestStringConvertible {
    let name: String
    let failure: AuthFailure
    let message: String
    var testDescription: String { failure.code + " " + name.debugDescription.prefix(20) }
  }

  nonisolated static let nameCases = [
    NameCase(name: "", failure: .refused(.invalidInput(.name, message: "")), message: nameRule),
    NameCase(
      name: "   ", failure: .refused(.invalidInput(.name, message: "")), message: nameRule),
    NameCase(
      name: String(repeating: "x", count: 65),
      failure: .refused(.invalidForm(.name(.tooLong(maximum: 64)))), message: nameTooLong),
    NameCase(
      name: String(repeating: "é", count: 65),
      failure: .refused(.invalidForm(.name(.tooLong(maximum: 64)))), message: nameTooLong),
    NameCase(
      name: "Work\nkey", failure: .refused(.invalidForm(.name(.controlCharacter))),
      message: nameControl),
    // Checked before trimming, as the server does: a trailing line break is refused.
    NameCase(
      name: "Work key\n", failure: .refused(.invalidForm(.name(.controlCharacter))),
      message: nameControl),
    NameCase(
      name: "Tab\there", failure: .refused(.invalidForm(.name(.controlCharacter))),
      message: nameControl),
    NameCase(
      name: "Del\u{7F}", failure: .refused(.invalidForm(.name(.controlCharacter))),
      message: nameControl),
  ]

  @Test(
    "a name the server's rule refuses is refused here with one sentence, nothing sent",
    arguments: nameCases)
  func nameRefused(_ row: NameCase) async throws {
    let world = World()
    let control = world.passkeysControl()
    #expect(control.renamePasskey(id: "cred-phone", to: row.name) == nil)
    let passkeys = try await P.authenticator(check: LocalCheck(), withPasskey: false)
    #expect(control.addPasskey(named: row.name, using: passkeys) == nil)
    #expect(
      world.recorder.calls == [
        .passkeysFailed(row.failure, message: row.message),
        .passkeysFailed(row.failure, message: row.message),
      ])
    #expect(world.service.calls == [])
    #expect(!control.isBusy)
    #expect(world.events == Array(repeating: "passkeys: failed, \(row.failure.code)", count: 2))
    #expect(PasskeysLogicControl.message(for: row.failure) == row.message)
  }

  @Test("names at the limit pass: 64 characters, spaces around trimmed, any script")
  func namesAccepted() throws {
    let longest = String(repeating: "x", count: 64)
    #expect(try Passkey.checkedName(longest) == longest)
    #expect(try Passkey.checkedName("  \(longest)  ") == longest)
    #expect(try Passkey.checkedName("安的笔记本") == "安的笔记本")
    #expect(try Passkey.checkedName("Ann's laptop 💻") == "Ann's laptop 💻")
  }

  @Test("the server refusing a name gets the module's sentence, not its English words")
  func serverRefusesName() async {
    let world = World()
    let failure = AuthFailure.refused(
      .invalidInput(.name, message: "A passkey's name must be 1 to 64 characters."))
    world.service.renamePasskeyResults = [.failure(failure)]
    world.service.passkeysResults = [.success([P.phone])]
    await world.passkeysControl().renamePasskey(id: "cred-phone", to: "Phone")?.value
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .passkeysFailed(failure, message: Self.nameRule),
        .passkeysLoaded([P.phone]),
      ])
  }

  @Test("a list that cannot be read after a change is told; after a failed change it is not")
  func listFails() async {
    let world = World()
    world.service.removePasskeyResults = [.success(()), .failure(.unavailable(.offline))]
    world.service.passkeysResults = [
      .failure(.unavailable(.offline)), .failure(.unavailable(.offline)),
    ]
    let control = world.passkeysControl()
    await control.removePasskey(id: "cred-phone")?.value
    await control.removePasskey(id: "cred-phone")?.value
    let offline = AuthFailure.unavailable(.offline)
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .passkeysChanged(.removed(id: "cred-phone")),
        .passkeysFailed(offline, message: offline.message),
        .passkeysStarted, .passkeysFailed(offline, message: offline.message),
      ])
  }

  @Test("one request at a time: every tap while one is in flight is ignored and logged")
  func oneAtATime() async throws {
    let world = World()
    world.service.removePasskeyResults = [.success(())]
    world.service.passkeysResults = [.success([P.laptop])]
    let listRead = CallGate()
    world.service.passkeysGates = [listRead]
    let passkeys = try await P.authenticator(check: LocalCheck(), withPasskey: false)
    let control = world.passkeysControl()
    let first = control.removePasskey(id: "cred-phone")
    // The removal is done and the list read held: still one request, nothing told yet.
    #expect(
      await waitUntil { world.service.calls == [.removePasskey(id: "cred-phone"), .passkeys] })
    #expect(control.isBusy)
    #expect(world.recorder.calls == [.passkeysStarted])
    #expect(control.loadPasskeys() == nil)
    #expect(control.addPasskey(using: passkeys) == nil)
    #expect(control.renamePasskey(id: "cred-laptop", to: "") == nil)
    #expect(control.removePasskey(id: "cred-laptop") == nil)
    await listRead.open()
    await first?.value
    #expect(!control.isBusy)
    #expect(
      world.recorder.calls == [
        .passkeysStarted, .passkeysChanged(.removed(id: "cred-phone")),
        .passkeysLoaded([P.laptop]),
      ])
    #expect(world.service.calls == [.removePasskey(id: "cred-phone"), .passkeys])
    let ignored = world.events.filter {
      $0 == "passkeys: ignored, a passkey request is already in flight"
    }
    #expect(ignored.count == 4)
  }

  @Test("the name sentences come from the tables, in 简体中文 too")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(
        PasskeysLogicControl.message(for: .refused(.invalidInput(.name, message: "")))
          == "请为通行密钥取一个 1 到 64 个字符的名称，不能包含换行符等控制字符。")
      #expect(
        PasskeysLogicControl.message(for: .refused(.invalidForm(.name(.tooLong(maximum: 64)))))
          == "通行密钥的名称最多 64 个字符。")
      #expect(
        PasskeysLogicControl.message(for: .refused(.invalidForm(.name(.controlCharacter))))
          == "通行密钥的名称不能包含换行符、制表符等控制字符。")
    }
  }
}
