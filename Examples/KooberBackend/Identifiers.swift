/// Random public ids and opaque tokens.
///
/// Ids are a prefix plus 128 random bits in base32 (never sequential, so they leak neither
/// counts nor order); tokens carry 256 random bits.
enum Identifiers {
  /// A new user id, `usr_…`.
  /// - Throws: `APIError.internal` when the random generator fails.
  static func user() throws(APIError) -> String { try make("usr_") }

  /// A new challenge id, `chl_…`.
  /// - Throws: `APIError.internal` when the random generator fails.
  static func challenge() throws(APIError) -> String { try make("chl_") }

  /// A new ride id, `ride_…`.
  /// - Throws: `APIError.internal` when the random generator fails.
  static func ride() throws(APIError) -> String { try make("ride_") }

  /// A new passkey flow id, `pkf_…`.
  /// - Throws: `APIError.internal` when the random generator fails.
  static func passkeyFlow() throws(APIError) -> String { try make("pkf_") }

  /// A new token family id (internal only).
  /// - Throws: `APIError.internal` when the random generator fails.
  static func family() throws(APIError) -> String { try make("fam_") }

  /// A new opaque bearer token with 256 bits of randomness.
  /// - Throws: `APIError.internal` when the random generator fails.
  static func token() throws(APIError) -> String { Base32.encode(try SecureRandom.bytes(32)) }

  private static func make(_ prefix: String) throws(APIError) -> String {
    prefix + Base32.encode(try SecureRandom.bytes(16))
  }
}
