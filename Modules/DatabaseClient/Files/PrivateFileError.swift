import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A step of ``PrivateFiles`` failed: which path, and the system's short reason.
package struct PrivateFileError: Error, Sendable, Equatable {
  /// The file or folder the step was about.
  package let path: String
  /// Why, in lower case and without a final period, e.g. `permission denied`.
  package let reason: String

  /// Makes an error with a reason of its own.
  /// - Parameters:
  ///   - path: The file or folder.
  ///   - reason: Why the step failed.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// Makes an error from a system error number.
  /// - Parameters:
  ///   - path: The file or folder.
  ///   - code: The `errno` of the failed call.
  package init(path: String, code: Int32) {
    self.init(path: path, reason: String(cString: strerror(code)).lowercased())
  }
}
