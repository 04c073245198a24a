import Foundation
import LoopbackServer
import NetworkClient
import Testing

@Suite("Decoding 2xx answers")
struct DecodingTests {
  struct Profile: Decodable, Equatable, Sendable {
    var id: String
    var name: String?
    var joinedAt: Date
    var seenAt: Date
  }

  @Test("a JSON answer decodes into Result, ISO-8601 dates with and without fractions")
  func decodesSuccess() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/v1/users/me") { _ in
      .json(
        raw: #"{"id":"usr_1","name":null,"joinedAt":"2026-11-21T08:30:00Z","#
          + #""seenAt":"2026-11-21T08:30:00.250Z"}"#)
    }
    let profile = try await TestRequest<Profile>(.get, "/v1/users/me").perform(on: h.client)
    #expect(
      profile
        == Profile(
          id: "usr_1", name: nil, joinedAt: Date(timeIntervalSince1970: 1_795_249_800),
          seenAt: Date(timeIntervalSince1970: 1_795_249_800.25)))
  }

  @Test("a 200 whose body is not JSON is a decoding error")
  func malformedJSON() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/items/1") { _ in .json(raw: #"{"id": 1, "name": "#) }
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: h.client)
    guard case .failure(.decoding(let path, _)) = outcome else {
      Issue.record("expected a decoding error, got \(outcome)")
      return
    }
    #expect(path == "")
    #expect(h.server.requestCount == 1)
  }

  @Test("a field of the wrong type names its coding path")
  func wrongFieldType() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/items") { _ in
      .json(raw: #"[{"id": 1, "name": "one"}, {"id": "two", "name": "two"}]"#)
    }
    let outcome = await TestRequest<[Item]>(.get, "/items").outcome(on: h.client)
    #expect(
      outcome == .failure(.decoding(path: "[1].id", detail: "expected a value of type Int")))
  }

  @Test("a missing field names its coding path")
  func missingField() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/wrapped") { _ in .json(raw: #"{"item": {"id": 3}}"#) }
    let outcome = await TestRequest<[String: Item]>(.get, "/wrapped").outcome(on: h.client)
    #expect(outcome == .failure(.decoding(path: "item.name", detail: "the field is missing")))
  }

  @Test("a 200 with an empty body is a decoding error where JSON is expected")
  func emptyBody() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/empty") { _ in HTTPResponse(status: 200) }
    let outcome = await TestRequest<Item>(.get, "/empty").outcome(on: h.client)
    #expect(
      outcome
        == .failure(.decoding(path: "", detail: "the answer had no body where JSON was expected")))
  }

  @Test("EmptyResult accepts 204 and an empty 200")
  func emptyResult() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.post, "/v1/auth/sign-out") { _ in .noContent }
    h.server.route(.get, "/empty") { _ in HTTPResponse(status: 200) }
    let signOut = await TestRequest<EmptyResult>(.post, "/v1/auth/sign-out").outcome(on: h.client)
    let empty = await TestRequest<EmptyResult>(.get, "/empty").outcome(on: h.client)
    #expect([signOut, empty] == [.success(EmptyResult()), .success(EmptyResult())])
  }

  @Test("a 5 MiB body arrives whole and decodes within a client's raised limit")
  func fiveMebibytes() async throws {
    let h = try Harness()
    defer { h.stop() }
    let size = 5 * 1024 * 1024
    let name = String(repeating: "x", count: size)
    h.server.route(.get, "/big") { _ in .json(raw: #"{"id": 7, "name": ""# + name + #""}"#) }
    let raised = NetworkClient(
      baseURL: h.server.baseURL, limits: TransferLimits(maximumBodySize: 8 << 20))
    let item = try await TestRequest<Item>(.get, "/big").perform(on: raised)
    #expect(item.id == 7)
    #expect(item.name.utf8.count == size)
  }

  @Test("a transform that refuses the answer gives unexpectedResponse")
  func transformRefuses() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/items/1") { _ in .json(raw: #"{"id": 1, "name": "one"}"#) }
    let outcome = await TestRequest<Item>(.get, "/items/1", refusesResult: true)
      .outcome(on: h.client)
    guard case .failure(let error) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(error.code == "unexpected_response")
  }
}
