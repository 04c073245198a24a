import NetworkClient
import Testing

@Suite("CredentialRenewal: the renew-once rule on its own")
struct CredentialRenewalTests {
  enum Failure: Error, Equatable {
    case rejected
    case offline
    case signedOut
  }

  /// A service of its own that runs calls through the rule, its closures touching its state.
  actor Service {
    var token = "t1"
    var calls: [String] = []
    var renewals = 0
    let answers: [String: Result<Int, Failure>]

    init(answers: [String: Result<Int, Failure>]) { self.answers = answers }

    func call() async throws(Failure) -> Int {
      try await CredentialRenewal.renewingOnce(
        startingWith: token,
        { (token: String) throws(Failure) -> Int in
          self.calls.append(token)
          return try (self.answers[token] ?? .failure(.rejected)).get()
        },
        isRejected: { outcome in outcome == .failure(.rejected) },
        renew: { (_: String, _: Result<Int, Failure>) throws(Failure) -> String in
          self.renewals += 1
          self.token = "t\(self.renewals + 1)"
          return self.token
        },
        whenRejectedAgain: { (_: Result<Int, Failure>) throws(Failure) -> Int in
          throw .signedOut
        })
    }
  }

  @Test("a failure that rejects the token renews it once; rejected again, the caller decides")
  func failureShaped() async throws {
    let renewed = Service(answers: ["t1": .failure(.rejected), "t2": .success(7)])
    #expect(try await renewed.call() == 7)
    #expect(await renewed.calls == ["t1", "t2"])
    let refused = Service(answers: [:])
    await #expect(throws: Failure.signedOut) { try await refused.call() }
    #expect(await refused.calls == ["t1", "t2"])
    #expect(await refused.renewals == 1)
  }

  @Test("a failure that does not reject the token is passed on without a renewal")
  func otherFailure() async throws {
    let service = Service(answers: ["t1": .failure(.offline)])
    await #expect(throws: Failure.offline) { try await service.call() }
    #expect(await service.renewals == 0)
  }
}
