import LoginLogicControl
import Testing
import UserModel

extension UserType {
  fileprivate static let dispatcher = UserType("dispatcher")
}

extension AppFeature {
  fileprivate static let dispatchBoard = AppFeature(
    "dispatchBoard", title: "the dispatch board", requirement: .onlyFor([.dispatcher, .admin]))
}

/// Another app's words: its own user type and feature go through the same gate and routes.
@MainActor
@Suite("An app's own user types and features")
struct AppVocabularyTests {
  @Test("the gate asks a guest to sign in, refuses other types, opens for the allowed ones")
  func gate() {
    let gate = GuestGate(log: LoginEventLog())
    #expect(
      gate.check(.dispatchBoard, signedInAs: nil) == .signInRequired(.guestFeature(.dispatchBoard)))
    #expect(
      gate.check(.dispatchBoard, signedInAs: .member)
        == .notAvailable(message: "The dispatch board is not available to members."))
    #expect(gate.check(.dispatchBoard, signedInAs: .dispatcher) == .open)
    #expect(gate.check(.dispatchBoard, signedInAs: .admin) == .open)
    #expect(gate.check(.myRides, signedInAs: .dispatcher) == .open)
    #expect(gate.check(.requestRide, signedInAs: .dispatcher) != .open)
  }

  @Test("after sign-in, routing is by the app's type: back to the feature, or home instead")
  func routes() {
    let entry = LoginEntryPoint.guestFeature(.dispatchBoard)
    #expect(LoginRoute(signedIn: .dispatcher, from: entry) == .backToFeature(.dispatchBoard))
    let member = LoginRoute(signedIn: .member, from: entry)
    #expect(member == .homeInstead(of: .dispatchBoard, home: .member))
    #expect(
      member.message
        == "The dispatch board is not available to members, so here is your member home.")
    #expect(LoginRoute(signedIn: .dispatcher, from: .welcome) == .homeAsRoot(.dispatcher))
  }
}
