/// How one `koober` process ended.
struct ProcessResult: Sendable {
  /// The exit status.
  let status: Int32
  /// Everything written to stdout.
  let stdout: String
  /// Everything written to stderr.
  let stderr: String

  /// The screen titles in stdout, in order: lines such as `[Welcome]`.
  var titles: [String] { Transcript.titles(in: stdout) }
}

/// Reading `koober`'s output.
enum Transcript {
  /// The lines that are a screen title, `[Name]`, in order.
  static func titles(in text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { line in
      line.hasPrefix("[") && line.hasSuffix("]") && line.count > 2
    }
  }

  /// The lines that are alerts (they begin with `!`), in order.
  static func alerts(in text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("! ") }
  }

  /// The last 6-digit code in an outbox listing.
  static func lastCode(in outbox: String) -> String? {
    outbox.split(separator: "\n").last.flatMap { line in
      line.split(separator: " ").last.map(String.init)
    }.flatMap { $0.count == 6 && $0.allSatisfy(\.isNumber) ? $0 : nil }
  }
}
