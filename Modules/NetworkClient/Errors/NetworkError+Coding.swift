import Foundation

extension NetworkError {
  /// The `.decoding` error for a `DecodingError`: its coding path (`rides[3].status`) and
  /// what was wrong there, without the offending value.
  /// - Parameter error: the decoder's error.
  public init(decodingError error: DecodingError) {
    let (path, detail) = Self.describe(error)
    self = .decoding(path: path, detail: detail)
  }

  /// The `.encoding` error for an `EncodingError`, with its coding path.
  /// - Parameter error: the encoder's error.
  public init(encodingError error: EncodingError) {
    switch error {
    case .invalidValue(let value, let context):
      self = .encoding(
        path: Self.path(context.codingPath),
        detail: "\(type(of: value)) cannot be encoded as JSON")
    @unknown default:
      self = .encoding(path: "", detail: "the body cannot be encoded as JSON")
    }
  }

  private static func describe(_ error: DecodingError) -> (path: String, detail: String) {
    switch error {
    case .keyNotFound(let key, let context):
      return (path(context.codingPath + [key]), "the field is missing")
    case .typeMismatch(let type, let context):
      return (path(context.codingPath), "expected a value of type \(type)")
    case .valueNotFound(let type, let context):
      return (path(context.codingPath), "expected a value of type \(type), found null")
    case .dataCorrupted(let context):
      let secret = context.codingPath.last.map { Redactor.isSensitive($0.stringValue) } ?? false
      let detail =
        secret
        ? "the value is not valid" : context.debugDescription.trimmingCharacters(in: ["."])
      return (path(context.codingPath), detail)
    @unknown default:
      return ("", "the JSON could not be decoded")
    }
  }

  /// A coding path as people write it: `user.email`, `rides[3].status`.
  static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      // JSONDecoder names array positions "Index 3"; object keys keep their names.
      if let index = key.intValue, key.stringValue.hasPrefix("Index ") {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text
  }
}
