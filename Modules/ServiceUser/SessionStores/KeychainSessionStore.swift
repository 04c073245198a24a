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
  /// `.unreadable`: it is never reported as "no session".
  ///
  /// ```swift
  /// let store = KeychainSessionStore(service: "com.example.koober")
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
    /// - Throws: `SessionStoreError` when the item exists but cannot be read or decoded.
    public func load() throws(SessionStoreError) -> UserSession? {
      var query = baseQuery
      query[kSecReturnData as String] = true
      query[kSecMatchLimit as String] = kSecMatchLimitOne
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      if status == errSecItemNotFound { return nil }
      guard status == errSecSuccess else { throw .unreadable("Keychain status \(status)") }
      guard let data = result as? Data else { throw .corrupt("the Keychain item has no data") }
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
    /// - Throws: `SessionStoreError.writeFailed`.
    public func save(_ session: UserSession) throws(SessionStoreError) {
      let data = try UserSessionPropertyListCoder.encode(session)
      let update = [kSecValueData as String: data] as CFDictionary
      var status = SecItemUpdate(baseQuery as CFDictionary, update)
      if status == errSecItemNotFound {
        var item = baseQuery
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        status = SecItemAdd(item as CFDictionary, nil)
      }
      guard status == errSecSuccess else { throw .writeFailed("Keychain status \(status)") }
    }

    /// Removes the stored session; succeeds when there is none.
    /// - Throws: `SessionStoreError.removeFailed`.
    public func clear() throws(SessionStoreError) {
      let status = SecItemDelete(baseQuery as CFDictionary)
      guard status == errSecSuccess || status == errSecItemNotFound else {
        throw .removeFailed("Keychain status \(status)")
      }
    }

    private var baseQuery: [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecAttrAccount as String: account,
      ]
    }
  }
#endif
