import DatabaseClient
import Foundation
import UserModel

extension BackendStore {
  /// One message the backend "sent" (it has no SMS gateway; demo mode shows the outbox).
  struct OutboxMessage: Sendable, Encodable {
    var to: String
    var body: String
    var sentAt: Date
  }

  /// Records a message for a recipient.
  /// - Parameters:
  ///   - email: the recipient; normalized here so the outbox compares it like an email.
  ///   - body: the text.
  ///   - connection: the open transaction.
  ///   - now: the time it is sent.
  /// - Throws: `DatabaseError`.
  func sendMessage(to email: String, body: String, in connection: Connection, now: Date) throws {
    try connection.execute(
      "INSERT INTO outbox (recipient, body, sent_at) VALUES (?, ?, ?)",
      CredentialRules.normalizedEmail(email), body, now)
  }

  /// Every message sent to an email, oldest first.
  /// - Parameter email: the recipient as asked for; compared like an email.
  /// - Returns: the messages.
  /// - Throws: `500` when the database fails.
  func messages(to email: String) throws(APIError) -> [OutboxMessage] {
    let rows = try read { database throws(DatabaseError) in
      try database.query(
        "SELECT recipient, body, sent_at FROM outbox WHERE recipient = ? ORDER BY seq",
        CredentialRules.normalizedEmail(email))
    }
    return rows.compactMap { row in
      guard let to = row["recipient"] as String?, let body = row["body"] as String?,
        let sentAt = row["sent_at"] as Date?
      else { return nil }
      return OutboxMessage(to: to, body: body, sentAt: sentAt)
    }
  }
}
