import ServiceUser
import ServiceUserLogin

/// The real service: ServiceUser with its ServiceUserLogin extension already has every call.
extension ServiceUser: LoginServicing {}
