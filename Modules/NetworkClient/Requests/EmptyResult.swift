/// The `Result` of a request whose answer has no body worth reading, e.g. `204 No Content`
/// from sign-out. Its body, if any, is ignored.
///
/// ```swift
/// struct SignOutRequest: DefaultRequest {
///   typealias Result = EmptyResult
///   typealias ResultData = EmptyResult
///   …
/// }
/// ```
public struct EmptyResult: Decodable, Sendable, Equatable {
  /// Makes the empty result.
  public init() {}

  /// Decodes from any JSON value, ignoring it.
  /// - Parameter decoder: the decoder (unused).
  /// - Throws: Nothing: any body, or none, is accepted.
  public init(from decoder: any Decoder) throws {}
}
