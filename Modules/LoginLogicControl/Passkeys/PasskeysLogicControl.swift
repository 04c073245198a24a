import Localization
import LoginCore
import UserModel

/// The "Passkeys" screen's logic, for the signed-in account: list its passkeys, add one made
/// by the app's authenticator, rename one, remove one. One request at a time (a tap meanwhile
/// is ignored); after each change the list is read again, so the screen shows the server's.
///
/// Adding a passkey adds a way into the account, so a server may ask for a recent sign-in
/// first: the delegate hears `passkeysLogic(_:needsFreshSignInToAdd:)`, the app signs the
/// person in again (a `SignInLogicControl`, say), then calls ``addPasskey(named:using:)``
/// again.
///
/// ```swift
/// let passkeys = PasskeysLogicControl(environment: environment, defaultName: hostName)
/// passkeys.delegate = passkeysScreen
/// passkeys.loadPasskeys()
/// // "Add passkey":
/// passkeys.addPasskey(using: platformPasskeys)
/// // a row's "Rename", once the person typed the new name:
/// passkeys.renamePasskey(id: row.id, to: typedName)
/// ```
@MainActor
public final class PasskeysLogicControl {
  /// A change the server made.
  public enum Change: Sendable, Hashable {
    /// A passkey was added.
    case added(Passkey)
    /// A passkey was renamed; it holds the new name.
    case renamed(Passkey)
    /// The passkey with this id was removed.
    case removed(id: String)
  }

  /// The longest passkey name, in Unicode scalars once trimmed: the server's limit
  /// (`Passkey.maximumNameLength`, the one rule the service checks too).
  public nonisolated static let maximumNameLength = Passkey.maximumNameLength

  /// Told what happens; held weakly.
  public weak var delegate: (any PasskeysLogicDelegate)?
  /// The name a passkey gets when ``addPasskey(named:using:)`` is given none, e.g. the
  /// device's name.
  public let defaultName: String
  /// `true` while a request is in flight; taps meanwhile are ignored.
  public var isBusy: Bool { run.isRunning }

  private let run: FlowRun

  /// Makes a passkeys control.
  /// - Parameters:
  ///   - environment: The shared service and log.
  ///   - defaultName: The name of a passkey added without one, e.g. the device's name.
  public init(environment: LoginEnvironment, defaultName: String) {
    self.defaultName = defaultName
    run = FlowRun(.passkeys, in: environment, busy: "a passkey request is already in flight")
  }

  /// Reads the account's passkeys and hands them to the delegate; ignored while a request
  /// is in flight.
  /// - Returns: The running read, or `nil` when ignored.
  @discardableResult
  public func loadPasskeys() -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    return run.start(
      .passkey(.listing), announce: { delegate?.passkeysLogicDidStart(self) },
      trying: { service async throws(AuthFailure) in try await service.passkeys() },
      then: { self.finish(nil, list: $0) })
  }

  /// Adds a passkey that `authenticator` makes, under `name` (or ``defaultName``), then
  /// reads the list again. A name that breaks the rule (`Passkey.checkedName(_:)`) is refused
  /// before anything is sent.
  /// - Parameters:
  ///   - name: The passkey's name; `nil` for ``defaultName``.
  ///   - authenticator: The app's passkey authenticator.
  /// - Returns: The running request, or `nil` when ignored or refused.
  @discardableResult
  public func addPasskey(named name: String? = nil, using authenticator: any PasskeyAuthenticator)
    -> Task<Void, Never>?
  {
    change(.addRequested, name: name ?? defaultName) { service, name async throws(AuthFailure) in
      .added(try await service.addPasskey(named: name, using: authenticator))
    }
  }

  /// Renames one of the listed passkeys, then reads the list again. A name that breaks the
  /// rule (`Passkey.checkedName(_:)`) is refused before anything is sent.
  /// - Parameters:
  ///   - id: The passkey's id.
  ///   - name: Its new name.
  /// - Returns: The running request, or `nil` when ignored or refused.
  @discardableResult
  public func renamePasskey(id: String, to name: String) -> Task<Void, Never>? {
    change(.renameRequested, name: name) { service, name async throws(AuthFailure) in
      .renamed(try await service.renamePasskey(id: id, to: name))
    }
  }

  /// Removes one of the listed passkeys, then reads the list again.
  /// - Parameter id: The passkey's id.
  /// - Returns: The running request, or `nil` when ignored.
  @discardableResult
  public func removePasskey(id: String) -> Task<Void, Never>? {
    change(.removeRequested, name: nil) { service, _ async throws(AuthFailure) in
      try await service.removePasskey(id: id)
      return .removed(id: id)
    }
  }

  private func change(
    _ event: PasskeyEvent, name: String?,
    _ call: @escaping @MainActor (any LoginServicing, String) async throws(AuthFailure) -> Change
  ) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    var checked = ""
    if let name {
      do {
        checked = try Passkey.checkedName(name)
      } catch {
        tellFailed(error)
        return nil
      }
    }
    let sentName = checked
    return run.start(
      .passkey(event), announce: { delegate?.passkeysLogicDidStart(self) },
      awaiting: { service -> (Result<Change, AuthFailure>, Result<[Passkey], AuthFailure>) in
        let changed = await Result { () async throws(AuthFailure) in
          try await call(service, sentName)
        }
        // Read again whatever the answer: a passkey may have gone meanwhile.
        let list = await Result { () async throws(AuthFailure) in try await service.passkeys() }
        return (changed, list)
      },
      then: { changed, list in self.finish(changed, name: sentName, list: list) })
  }

  private func finish(
    _ changed: Result<Change, AuthFailure>?, name: String = "",
    list: Result<[Passkey], AuthFailure>
  ) {
    var changeFailed = false
    switch changed {
    case nil:
      break
    case .success(let change):
      run.record(.passkey(change.event))
      delegate?.passkeysLogic(self, didChange: change)
    case .failure(.refused(.passkeyCancelled)):
      run.record(.cancelled(.passkeys))
    case .failure(.refused(.reauthenticationRequired)):
      run.record(.passkey(.freshSignInNeeded))
      delegate?.passkeysLogic(self, needsFreshSignInToAdd: name)
    case .failure(let failure):
      changeFailed = true
      tellFailed(failure)
    }
    switch list {
    case .success(let passkeys):
      run.record(.passkey(.listed(count: passkeys.count)))
      delegate?.passkeysLogic(self, didLoad: passkeys)
    case .failure(let failure) where !changeFailed:
      tellFailed(failure)
    case .failure:
      // The change's failure was told; the list's (the same network, mostly) adds nothing.
      break
    }
  }

  private func tellFailed(_ failure: AuthFailure) {
    run.fail(failure) { delegate?.passkeysLogic(self, didFail: $0, message: Self.message(for: $0)) }
  }
}

extension PasskeysLogicControl.Change {
  var event: PasskeyEvent {
    switch self {
    case .added: .added
    case .renamed: .renamed
    case .removed: .removed
    }
  }
}
