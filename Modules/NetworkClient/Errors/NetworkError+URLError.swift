import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension NetworkError {
  /// Classifies an error from the URL loading system, for transports built on it.
  /// - Parameter error: a `URLError` (or an `NSError` in its domain); anything else becomes
  ///   `.transport(.other(code:))` with the error's code.
  public init(transportError error: any Error) {
    let code: URLError.Code
    if let urlError = error as? URLError {
      code = urlError.code
    } else {
      let nsError = error as NSError
      guard nsError.domain == NSURLErrorDomain else {
        self = .transport(.other(code: nsError.code))
        return
      }
      #if canImport(FoundationNetworking)
        code = URLError.Code(rawValue: nsError.code) ?? .unknown
      #else
        code = URLError.Code(rawValue: nsError.code)
      #endif
    }
    switch code {
    case .cancelled: self = .cancelled
    case .timedOut: self = .timeout
    default: self = .transport(TransportFailure(code))
    }
  }
}
