import Foundation

/// Reading the child's output: line by line or up to a text (a stream: each read starts
/// where the last one stopped), to the end, or everything so far.
extension ChildProcess {
  /// Everything the child wrote to stdout so far (with stderr when merged).
  public var output: String {
    String(decoding: standardOutput.all, as: UTF8.self)
  }

  /// Everything the child wrote to stderr so far; empty when merged into stdout.
  public var errorOutput: String {
    String(decoding: standardError?.all ?? Data(), as: UTF8.self)
  }

  /// The next line of stdout, without its newline.
  /// - Parameter timeout: The longest wait.
  /// - Returns: The line; the unfinished last line at end of output; nil at end of output or
  ///   on timeout.
  public func readLine(timeout: Duration = .seconds(30)) async -> String? {
    await standardOutput.next(timeout: timeout) { contents in
      let newline = Data([UInt8(ascii: "\n")])
      let rest = contents.consumed..<contents.bytes.count
      if let found = contents.bytes.range(of: newline, in: rest) {
        contents.consumed = found.upperBound
        return String(decoding: contents.bytes[rest.lowerBound..<found.lowerBound], as: UTF8.self)
      }
      guard contents.isClosed, !rest.isEmpty else { return nil }
      contents.consumed = rest.upperBound
      return String(decoding: contents.bytes[rest], as: UTF8.self)
    }
  }

  /// Reads stdout up to and including the next `text`.
  /// - Parameters:
  ///   - text: What to wait for, e.g. `[Verification code]`.
  ///   - timeout: The longest wait.
  /// - Returns: What was read, ending with `text`; nil when the output ended or `timeout`
  ///   passed first (nothing is consumed then).
  public func read(through text: String, timeout: Duration = .seconds(30)) async -> String? {
    await standardOutput.next(timeout: timeout) { contents in
      let rest = contents.consumed..<contents.bytes.count
      guard let found = contents.bytes.range(of: Data(text.utf8), in: rest) else { return nil }
      contents.consumed = found.upperBound
      return String(decoding: contents.bytes[rest.lowerBound..<found.upperBound], as: UTF8.self)
    }
  }

  /// Waits for the end of stdout (the child exited or closed it).
  /// - Returns: Everything written to stdout, from the start.
  public func readOutputToEnd() async -> String {
    await Self.readToEnd(standardOutput)
  }

  /// Waits for the end of stderr; at once when stderr is merged into stdout.
  /// - Returns: Everything written to stderr, from the start; empty when merged.
  public func readErrorToEnd() async -> String {
    guard let standardError else { return "" }
    return await Self.readToEnd(standardError)
  }

  private static func readToEnd(_ pipe: ChildOutput) async -> String {
    let bytes = await pipe.next(timeout: nil) { $0.isClosed ? $0.bytes : nil }
    return String(decoding: bytes ?? Data(), as: UTF8.self)
  }
}
