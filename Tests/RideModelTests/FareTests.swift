import RideModel
import Testing

@Suite("Fare")
struct FareTests {
  @Test("formatting for people, with the currency's own minor digits",
    arguments: [
      (1840, "AUD", "A$18.40"),
      (5, "AUD", "A$0.05"),
      (0, "AUD", "A$0.00"),
      (123_456_789, "AUD", "A$1,234,567.89"),
      (100_000, "AUD", "A$1,000.00"),
      (1840, "JPY", "¥1,840"),
      (7, "JPY", "¥7"),
      (1840, "KRW", "KRW 1,840"),
      (1234, "KWD", "KWD 1.234"),
      (5, "BHD", "BHD 0.005"),
      (1840, "CHF", "CHF 18.40"),
      (1840, "NZD", "NZ$18.40"),
      (1840, "USD", "US$18.40"),
      (1840, "EUR", "€18.40"),
      (99, "GBP", "£0.99"),
    ])
  func formatted(amount: Int, currency: String, text: String) throws {
    #expect(try Fare(amount: amount, currency: currency).formatted == text)
  }

  @Test("the largest amount formats without overflow")
  func largest() throws {
    let fare = try Fare(amount: Int.max, currency: "AUD")
    #expect(fare.amountText == "92,233,720,368,547,758.07")
  }

  @Test("minor-unit digits follow ISO 4217")
  func minorDigits() {
    let digits = ["AUD", "JPY", "KWD", "EUR", "VND", "OMR"].map {
      Fare.minorUnitDigits(forCurrency: $0)
    }
    #expect(digits == [2, 0, 3, 2, 0, 3])
  }

  @Test("a negative amount is refused")
  func negative() {
    #expect(throws: RideModelError.negativeFareAmount) { try Fare(amount: -1, currency: "AUD") }
  }

  @Test("currency codes must be three upper-case ASCII letters",
    arguments: ["aud", "AU", "AUDD", "", "A$D", "ÄUD", "A U"])
  func badCurrency(code: String) {
    #expect(throws: RideModelError.invalidCurrencyCode) { try Fare(amount: 1, currency: code) }
    #expect(!Fare.isCurrencyCode(code))
  }

  @Test("decoding a bad fare is a decoding error carrying the reason",
    arguments: [
      (#"{"amount": -5, "currency": "AUD"}"#, RideModelError.negativeFareAmount),
      (#"{"amount": 5, "currency": "dollars"}"#, .invalidCurrencyCode),
    ])
  func decodeBad(json: String, reason: RideModelError) {
    #expect(Fixtures.modelReason(Fixtures.decodingError(Fare.self, json)) == reason)
  }

  @Test("a fractional or missing amount is a decoding error",
    arguments: [
      #"{"amount": 18.4, "currency": "AUD"}"#, #"{"currency": "AUD"}"#,
      #"{"amount": "1840", "currency": "AUD"}"#, #"{"amount": 1840}"#,
    ])
  func decodeMalformed(json: String) {
    #expect(Fixtures.decodingError(Fare.self, json) != nil)
  }

  @Test("vehicle types have display names and wire strings")
  func vehicleTypes() {
    #expect(VehicleType.allCases.map(\.displayName) == ["Wallaby", "Wallaroo", "Kangaroo"])
    #expect(VehicleType.allCases.map(\.rawValue) == ["wallaby", "wallaroo", "kangaroo"])
    #expect(VehicleType.allCases.map(\.seats) == [3, 4, 6])
  }
}
