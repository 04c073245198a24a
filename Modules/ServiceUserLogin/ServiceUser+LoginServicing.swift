import LoginCore
import ServiceUser

/// The real service: ServiceUser with this module's operations has every call the login
/// logic makes.
extension ServiceUser: LoginServicing {}
