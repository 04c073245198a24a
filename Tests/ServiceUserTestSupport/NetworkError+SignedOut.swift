import LoginCore
import NetworkClient

extension NetworkError {
  /// What ServiceUser, as NetworkClient's authorization provider, throws when there is no
  /// session or it ended: the session core's `.refused(.sessionEnded)` in the client's words,
  /// its reason the sentence in the language of the moment.
  public static var signedOut: NetworkError {
    .authorizationUnavailable(reason: AuthFailure.refused(.sessionEnded).message)
  }
}
