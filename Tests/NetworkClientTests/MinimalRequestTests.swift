import Foundation
import LoopbackServer
import NetworkClient
import Testing

/// The smallest request there is: a GET without parameters or transform declares its path
/// and its result, nothing else (issue #31, 7). Before `ResultData` defaulted to `Result`
/// and `method` to GET, this file did not compile.
struct MeRequest: DefaultRequest {
  typealias Result = Profile
  var path: String { "/v1/me" }

  struct Profile: Decodable, Sendable, Equatable {
    let name: String
  }
}

@Suite("Minimal requests")
struct MinimalRequestTests {
  @Test("a GET that declares only its path and result compiles, sends GET and decodes")
  func pathAndResultOnly() async throws {
    let methods = Shared([String]())
    let h = try Harness(authorization: TestTokens("token-1"))
    defer { h.stop() }
    h.server.route(.get, "/v1/me") { request in
      methods.update { $0.append(request.method.rawValue) }
      return .json(raw: #"{"name": "Ann"}"#)
    }
    let me = try await MeRequest().perform(on: h.client)
    #expect(me == MeRequest.Profile(name: "Ann"))
    #expect(methods.value == ["GET"])
    #expect(MeRequest.ResultData.self == MeRequest.Result.self)
    #expect(MeRequest.Configuration.self == Void.self)
    #expect(MeRequest().method == .get)
  }
}
