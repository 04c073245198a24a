extension DecodingError {
  /// The error a decoder throws when a field parsed but broke a model rule, keeping the
  /// model's reason as the underlying error so callers can still switch on it.
  static func invalid(_ reason: RideModelError, at path: [any CodingKey]) -> DecodingError {
    .dataCorrupted(
      Context(codingPath: path, debugDescription: reason.message, underlyingError: reason))
  }
}
