import Foundation

extension ChildOutput {
  /// Reads up to and including the next `text`, from where the last read stopped.
  /// - Parameters:
  ///   - text: What to wait for.
  ///   - timeout: The longest wait.
  /// - Returns: What was read, ending with `text`; nil when the output ended or `timeout`
  ///   passed first (nothing is consumed then).
  func take(through text: String, timeout: Duration) async -> String? {
    await next(timeout: timeout) { contents in
      let rest = contents.consumed..<contents.bytes.count
      guard let found = contents.bytes.range(of: Data(text.utf8), in: rest) else { return nil }
      contents.consumed = found.upperBound
      return String(decoding: contents.bytes[rest.lowerBound..<found.upperBound], as: UTF8.self)
    }
  }
}
