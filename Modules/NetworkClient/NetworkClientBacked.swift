/// A type that reaches its server through one `NetworkClient`, and shows which.
///
/// `KooberAuthAPI` is one: its server is also the app's API server, so ServiceUser takes
/// the client from the adapter (`ServiceUser(remote:accountDatabaseURL:sessionStore:)`)
/// instead of being handed the same client twice.
///
/// ```swift
/// struct AcmeAuthAPI: AuthRemoteAPI, NetworkClientBacked {
///   let network: NetworkClient
///   …
/// }
/// let service = ServiceUser(remote: AcmeAuthAPI(network: client), accountDatabaseURL: url,
///                           sessionStore: store)
/// ```
public protocol NetworkClientBacked: Sendable {
  /// The client the type sends its requests through.
  var network: NetworkClient { get }
}
