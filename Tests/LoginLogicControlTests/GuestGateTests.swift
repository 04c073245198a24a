import LoginLogicControl
import Testing
import UserModel

@MainActor
@Suite("Guest gating")
struct GuestGateTests {
  /// One row of the gating table.
  struct Row: Sendable, CustomTestStringConvertible {
    let feature: AppFeature
    let type: UserType?
    let access: FeatureAccess
    var testDescription: String { "\(feature.rawValue) as \(type?.rawValue ?? "guest")" }
  }

  nonisolated static let table: [Row] = [
    Row(feature: .fareEstimate, type: nil, access: .open),
    Row(feature: .fareEstimate, type: .member, access: .open),
    Row(feature: .fareEstimate, type: .admin, access: .open),
    Row(feature: .requestRide, type: nil, access: .signInRequired(.guestFeature(.requestRide))),
    Row(feature: .requestRide, type: .member, access: .open),
    Row(
      feature: .requestRide, type: .admin,
      access: .notAvailable(message: "Requesting a ride is not available to admins.")),
    Row(feature: .myRides, type: nil, access: .signInRequired(.guestFeature(.myRides))),
    Row(feature: .myRides, type: .member, access: .open),
    Row(feature: .myRides, type: .admin, access: .open),
    Row(feature: .profile, type: nil, access: .signInRequired(.guestFeature(.profile))),
    Row(feature: .profile, type: .member, access: .open),
    Row(feature: .profile, type: .admin, access: .open),
  ]

  @Test("the gate follows the table and records each check", arguments: table)
  func gate(_ row: Row) {
    let log = LoginEventLog(now: { Fixtures.now })
    #expect(GuestGate(log: log).check(row.feature, signedInAs: row.type) == row.access)
    #expect(log.lines.count == 1)
  }

  @Test("the table covers every feature")
  func coversEveryFeature() {
    #expect(Set(Self.table.map(\.feature)) == Set(AppFeature.testedFeatures))
    #expect(AppFeature.fareEstimate.requirement == .guestsWelcome)
    #expect(AppFeature.requestRide.requirement == .onlyFor([.member]))
    #expect(AppFeature.myRides.requirement == .accountNeeded)
    #expect(AppFeature.profile.requirement == .accountNeeded)
  }

  @Test("a guest sent to sign in from a feature comes back to it")
  func guestRoundTrip() async {
    let world = World()
    let access = GuestGate(log: world.log).check(.myRides, signedInAs: nil)
    guard case .signInRequired(let entry) = access else {
      Issue.record("a guest must be asked to sign in for my rides")
      return
    }
    world.service.signInResults = [.success(.signedIn(Fixtures.session(Fixtures.ann)))]
    await world.signInControl(from: entry).signIn(identifier: "ann@example.com", password: "x")?
      .value
    #expect(
      world.recorder.calls == [
        .signInStarted, .signedIn(Fixtures.ann, .backToFeature(.myRides), from: .signIn),
      ])
  }
}
