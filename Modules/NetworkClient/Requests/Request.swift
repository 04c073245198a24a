/// One kind of call to the server, defined by four types: what the caller passes
/// in (`Configuration`), the Decodable template of the server's JSON (`Result`), what the
/// caller gets back (`ResultData`), and its error type (`Failure`).
///
/// Most requests adopt `DefaultRequest`, which supplies `perform(on:)`. Requests that share a
/// result type can share one request type whose `Configuration` is an enum, a request group:
///
/// ```swift
/// struct Article: Decodable, Sendable { let id: String; let title: String }
/// struct ArticlePage: Decodable, Sendable { let articles: [Article] }
///
/// enum ArticleListConfiguration: Sendable {
///   case latest
///   case search(String)
/// }
///
/// struct ArticleListRequest: DefaultRequest {
///   typealias Result = ArticlePage
///   typealias ResultData = [Article]
///   let configuration: ArticleListConfiguration
///   var path: String { "/v1/articles" }
///   var requiresAuthorization: Bool { true }
///   var query: [URLQueryItem] {
///     switch configuration {
///     case .latest: [URLQueryItem(name: "sort", value: "latest")]
///     case .search(let text): [URLQueryItem(name: "q", value: text)]
///     }
///   }
///   func transform(_ result: ArticlePage) -> [Article]? { result.articles }
/// }
///
/// // One request type serves every member of the group:
/// let found = try await ArticleListRequest(configuration: .search("swift")).perform(on: client)
/// ```
public protocol Request: Sendable {
  /// What the caller passes in; `Void` (nothing) unless the request says otherwise.
  associatedtype Configuration: Sendable = Void
  /// The Decodable template of the server's JSON.
  associatedtype Result
  /// What the caller gets back; `Result` itself unless the request says otherwise.
  associatedtype ResultData: Sendable = Result
  /// What can go wrong.
  associatedtype Failure: Error

  /// The parameters this request was made with; a request without any (`Void`) gets this
  /// for free.
  var configuration: Configuration { get }

  /// Sends the request and returns what the caller asked for.
  /// - Parameter client: the client to send it through.
  /// - Returns: the result, transformed for the caller.
  /// - Throws: `Failure`.
  func perform(on client: NetworkClient) async throws(Failure) -> ResultData
}

extension Request where Configuration == Void {
  /// Nothing: a request that takes no parameters needs no `configuration` of its own.
  public var configuration: Void { () }
}
