/// Says whether a failed answer to an authorized request rejected its credentials: all the
/// client needs to know to renew the access token once and retry. What a server's answers
/// mean is its adapter's business; ServiceUser installs its adapter's reading here.
public typealias CredentialRejectionCheck = @Sendable (_ response: NetworkResponse) async -> Bool

extension NetworkClient {
  /// The check every client uses unless given another: any `401` to a request that carried
  /// the access token rejected it, whatever its `WWW-Authenticate` challenge says.
  public static let anyUnauthorized: CredentialRejectionCheck = { response in
    response.status == 401
  }
}
