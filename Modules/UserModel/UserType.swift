/// The kind of account: who the app serves and which home a signed-in user lands on.
///
/// The raw values are the API's (`"passenger"`, `"driver"`), so the type decodes straight from
/// a User object; any other string fails to decode instead of becoming a silent default.
public enum UserType: String, Codable, Sendable, Hashable, CaseIterable {
  /// Someone who requests rides.
  case passenger
  /// Someone who accepts and drives rides; signs in with a second step (a one-time code).
  case driver
}
