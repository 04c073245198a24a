import UserModel

extension RequestContext {
  /// The user behind the bearer token, who must be of one type.
  /// - Parameter type: the type the route is for.
  /// - Returns: the user.
  /// - Throws: `401` as `authenticate()` does, then `403 passengers_only` or
  ///   `403 drivers_only`.
  func authenticate(as type: UserType) throws(APIError) -> User {
    let user = try authenticate().user
    guard user.type == type else {
      throw APIError(
        status: 403, code: "\(type.rawValue)s_only",
        message: "Only \(type.rawValue)s can do this.")
    }
    return user
  }

  /// The `{id}` of a `/v1/rides/{id}/…` path.
  var rideID: String { request.pathParameters["id"] ?? "" }
}
