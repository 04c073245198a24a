/// The stored form of one password: the PBKDF2 key, its salt and the iteration count used, so
/// a later change of the default count leaves old hashes verifiable.
struct PasswordHash: Sendable, Equatable {
  /// The 32-byte derived key.
  var key: [UInt8]
  /// The random 16-byte salt.
  var salt: [UInt8]
  /// PBKDF2 iterations the key was derived with.
  var iterations: Int
}
