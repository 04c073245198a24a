/// An amount of money in a currency's minor unit, the way Koober's server sends it:
/// `{"amount": 1840, "currency": "AUD"}` is A$18.40.
///
/// Integers in the minor unit keep sums exact; ``formatted`` turns one into text for people
/// without looking at the host's locale.
///
/// ```swift
/// let fare = try Fare(amount: 1840, currency: "AUD")
/// print(fare.formatted)  // "A$18.40"
/// ```
public struct Fare: Hashable, Sendable {
  /// The amount in the currency's minor unit (cents for AUD, yen for JPY); zero or more.
  public let amount: Int
  /// The ISO 4217 code, three upper-case letters such as `AUD`.
  public let currency: String

  /// Makes a fare after checking the amount and the currency code.
  /// - Parameters:
  ///   - amount: Minor units, zero or more.
  ///   - currency: Three upper-case ASCII letters, e.g. `AUD`.
  /// - Throws: ``RideModelError/negativeFareAmount`` or ``RideModelError/invalidCurrencyCode``.
  public init(amount: Int, currency: String) throws(RideModelError) {
    guard amount >= 0 else { throw .negativeFareAmount }
    guard Self.isCurrencyCode(currency) else { throw .invalidCurrencyCode }
    self.amount = amount
    self.currency = currency
  }

  /// Tells whether a string has the form of an ISO 4217 code: exactly three of `A`…`Z`.
  /// - Parameter code: The candidate code.
  /// - Returns: `true` for e.g. `AUD`, `false` for `aud`, `AU` or `A$D`.
  public static func isCurrencyCode(_ code: String) -> Bool {
    let scalars = code.unicodeScalars
    return scalars.count == 3 && scalars.allSatisfy { ("A"..."Z").contains($0) }
  }
}

extension Fare: Codable {
  private enum CodingKeys: String, CodingKey {
    case amount, currency
  }

  /// Decodes `{"amount", "currency"}`.
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a negative amount or a malformed currency
  ///   code (the ``RideModelError`` is its underlying error); other `DecodingError`s for
  ///   missing fields or wrong JSON types.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let amount = try container.decode(Int.self, forKey: .amount)
    let currency = try container.decode(String.self, forKey: .currency)
    do {
      self = try Fare(amount: amount, currency: currency)
    } catch {
      let key: CodingKeys = error == .negativeFareAmount ? .amount : .currency
      throw DecodingError.invalid(error, at: container.codingPath + [key])
    }
  }

  /// Encodes `{"amount", "currency"}`.
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(amount, forKey: .amount)
    try container.encode(currency, forKey: .currency)
  }
}
