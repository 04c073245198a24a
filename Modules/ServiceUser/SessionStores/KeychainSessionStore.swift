#if canImport(Security)
  import Foundation
  import LoginCore
  import Security
  import UserModel

  /// Keeps the session in the Keychain: the store for Apple platforms.
  ///
  /// One generic-password item, readable after the first unlock and never synced or moved to
  /// another device; its data is `UserSessionPropertyListCoder`'s versioned property list.
  /// A Keychain that cannot be read (for example before the first unlock) throws
  /// `.unavailable(.sessionUnreadable(_:))`: it is never reported as "no session".
  ///
  /// ```swift
  /// let store = KeychainSessionStore(service: "com.example.shop")
  /// ```
  public struct KeychainSessionStore: SessionStore {
    /// The item's service attribute.
    public let service: String
    /// The item's account attribute.
    public let account: String

    /// Creates a store for one Keychain item.
    /// - Parameters:
    ///   - service: The service attribute, usually the app's bundle identifier.
    ///   - account: The account attribute.
    public init(service: String, account: String = "session") {
      self.service = service
      self.account = account
    }

    /// Reads the stored session; an item in an older format is rewritten in the current one.
    /// - Returns: The session, or `nil` when there is no item.
    /// - Throws: `.unavailable(.sessionUnreadable(_:))` when the item exists but cannot be
    ///   read or decoded; `.refused(.updateRequired)` when a newer release wrote it.
    public func load() throws(AuthFailure) -> UserSession? {
      var query = baseQuery
      query[kSecReturnData as String] = true
      query[kSecMatchLimit as String] = kSecMatchLimitOne
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      if status == errSecItemNotFound { return nil }
      guard status == errSecSuccess else {
        throw .unavailable(.sessionUnreadable("Keychain status \(status)"))
      }
      guard let data = result as? Data else {
        throw .unavailable(.sessionUnreadable("the Keychain item has no data"))
      }
      let session = try UserSessionPropertyListCoder.decode(data)
      // An older format is rewritten in the current one; a failed write keeps the old item.
      if try UserSessionPropertyListCoder.formatVersion(of: data)
        < UserSessionPropertyListCoder.currentFormatVersion
      {
        try? save(session)
      }
      return session
    }

    /// Replaces the stored session.
    /// - Parameter session: The session to keep.
    /// - Throws: `.unavailable(.storage(_:))`.
    public func save(_ session: UserSession) throws(AuthFailure) {
      let data = try UserSessionPropertyListCoder.encode(session)
      let update = [kSecValueData as String: data] as CFDictionary
      var status = SecItemUpdate(baseQuery as CFDictionary, update)
      if status == errSecItemNotFound {
        var item = baseQuery
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        status = SecItemAdd(item as CFDictionary, nil)
      }
      guard status == errSecSuccess else {
        throw .unavailable(.storage("Keychain status \(status)"))
      }
    }

    /// Removes the stored session; succeeds when there is none.
    /// - Throws: `.unavailable(.storage(_:))`.
    public func clear() throws(AuthFailure) {
      let status = SecItemDelete(baseQuery as CFDictionary)
      guard status == errSecSuccess || status == errSecItemNotFound else {
        throw .unavailable(.storage("Keychain status \(status)"))
      }
    }

    /// Runs `body` at once: this store takes no lock across processes. An app and its
    /// extensions sharing one item wrap it in a store whose `exclusively(_:)` takes one
    /// (for example `flock` on a file in their App Group container).
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func exclusively<T: Sendable>(
      _ body: @Sendable () async throws(AuthFailure) -> T
    ) async throws(AuthFailure) -> T { try await body() }

    private var baseQuery: [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecAttrAccount as String: account,
      ]
    }
  }
#endif
