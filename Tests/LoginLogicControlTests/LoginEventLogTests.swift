import LoginLogicControl
import LoginTesting
import Testing
import UserModel

@MainActor
@Suite("Event log")
struct LoginEventLogTests {
  @Test("a whole session of flows leaves no password, token or code in the log")
  func noSecrets() async {
    let world = World()
    let ann = Fixtures.session(Fixtures.ann)
    let dan = Fixtures.session(Fixtures.dan)
    // An admin: one wrong code, a resend, then the right code.
    world.service.verifyResults = [
      .failure(.refused(.invalidCode(attemptsLeft: 2))), .success(dan),
    ]
    let code = await world.codeControl()
    await code?.submit(code: "864209")?.value
    world.service.signInResults = [.success(.codeRequired(Fixtures.challenge("chl_two")))]
    await code?.resendCode()?.value
    await code?.submit(code: Fixtures.code)?.value
    // A member: a wrong password, then a sign-in; a sign-up; a sign-out.
    world.service.signInResults = [
      .failure(.refused(.invalidCredentials(.email))), .success(.signedIn(ann)),
    ]
    let signIn = world.signInControl()
    await signIn.signIn(identifier: "Ann@Example.com", password: "Wr0ng-pass?")?.value
    await signIn.signIn(identifier: "ann@example.com", password: Fixtures.password)?.value
    world.service.signUpResults = [.success(ann)]
    await world.signUpControl().signUp(
      SignUpCredentials(
        identifier: "ann@example.com", password: "N3w-secret-pw", name: "Ann", type: .member))?
      .value
    await SessionLogicControl(environment: world.environment).signOut()?.value

    let text = world.log.text
    for secret in [
      Fixtures.password, "Wr0ng-pass?", "N3w-secret-pw", Fixtures.accessToken,
      Fixtures.refreshToken, Fixtures.code, "864209", "ann@example.com", "dan@example.com",
      "Ann@Example.com",
    ] {
      #expect(!text.contains(secret), "the log holds \(secret)")
    }
    let stamp = "2027-01-15T08:00:00Z "
    #expect(
      world.log.lines
        == [
          "sign-in: submitted for d***@example.com from welcome",
          "sign-in: one-time code required, sent by sms",
          "code: countdown started, 60 s left",
          "code: submitted",
          "code: failed, invalid_code (2 attempts left)",
          "code: new code requested",
          "code: new code sent by sms",
          "code: countdown started, 60 s left",
          "code: submitted",
          "code: signed in as admin -> home admin (root)",
          "sign-in: submitted for a***@example.com from welcome",
          "sign-in: failed, invalid_credentials",
          "sign-in: submitted for a***@example.com from welcome",
          "sign-in: signed in as member -> home member (root)",
          "sign-up: submitted for a***@example.com as member from welcome",
          "sign-up: signed up as member -> home member (root)",
          "session: sign-out requested",
          "session: signed out -> welcome",
        ].map { stamp + $0 })
  }

  @Test("a sign-in is logged as exact, stamped, masked lines")
  func exactLines() async {
    let world = World()
    world.service.signInResults = [
      .failure(.refused(.locked(retryAfterSeconds: 300))),
      .success(.signedIn(Fixtures.session(Fixtures.ann))),
    ]
    let control = world.signInControl(from: .guestFeature(.myRides))
    control.signIn(identifier: "ann@", password: Fixtures.password)
    await control.signIn(identifier: "ann@example.com", password: Fixtures.password)?.value
    let first = control.signIn(identifier: "ann@example.com", password: Fixtures.password)
    control.signIn(identifier: "ann@example.com", password: Fixtures.password)
    await first?.value
    let stamp = "2027-01-15T08:00:00Z"
    #expect(
      world.log.lines == [
        "\(stamp) sign-in: failed, email_invalid_domain",
        "\(stamp) sign-in: submitted for a***@example.com from feature myRides",
        "\(stamp) sign-in: failed, account_locked (300 s)",
        "\(stamp) sign-in: submitted for a***@example.com from feature myRides",
        "\(stamp) sign-in: ignored, a sign-in is already in flight",
        "\(stamp) sign-in: signed in as member -> back to myRides",
      ])
  }

  @Test("the log keeps only its newest lines")
  func bounded() {
    let log = LoginEventLog(capacity: 2, now: { Fixtures.now })
    let gate = GuestGate(log: log)
    _ = gate.check(.fareEstimate, signedInAs: nil)
    _ = gate.check(.myRides, signedInAs: nil)
    _ = gate.check(.requestRide, signedInAs: .admin)
    #expect(
      log.lines == [
        "2027-01-15T08:00:00Z guest: myRides as guest -> sign-in required",
        "2027-01-15T08:00:00Z guest: requestRide as admin -> not available",
      ])
  }

  @Test("saved lines come back, cleaned, cut and bounded")
  func persisted() {
    let long = String(repeating: "x", count: 1_000)
    let log = LoginEventLog(
      lines: ["old one", "two\nlines\u{2028}here", "tab\there", long], capacity: 3)
    #expect(log.lines == ["two lines here", "tab here", String(repeating: "x", count: 300)])
    #expect(LoginEventLog(lines: log.lines, capacity: 3).lines == log.lines)
    #expect(log.text == log.lines.joined(separator: "\n"))
  }

  @Test(
    "identifiers are masked to their first character, and an email keeps its domain",
    arguments: [
      ("ann@example.com", "a***@example.com"),
      ("  Zoë@exämple.com \n", "Z***@exämple.com"),
      ("@example.com", "***@example.com"),
      ("no-at-sign", "n***"),
      ("rita", "r***"),
      ("", "***"),
    ])
  func masking(email: String, masked: String) {
    #expect(LoginEventLog.maskedIdentifier(email) == masked)
  }

  @Test("the fake service's recorded calls show no password or code")
  func fakeCallsRedacted() {
    let calls: [FakeLoginService.Call] = [
      .signIn(identifier: "ann", password: "pw-secret"),
      .verifyCode("123456", challengeID: "chl_1"),
    ]
    var dumped = ""
    dump(calls, to: &dumped)
    for text in calls.map(\.description) + [dumped] {
      #expect(!text.contains("pw-secret"))
      #expect(!text.contains("123456"))
    }
    #expect(calls[0].description == "signIn(identifier: ann, password: <redacted>)")
  }
}
