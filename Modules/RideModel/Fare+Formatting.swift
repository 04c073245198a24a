extension Fare {
  /// How many digits of the minor unit a currency has: 0 for JPY or KRW, 3 for KWD or BHD,
  /// 2 for the rest (ISO 4217).
  /// - Parameter currency: An ISO 4217 code such as `AUD`.
  /// - Returns: 0, 2 or 3.
  public static func minorUnitDigits(forCurrency currency: String) -> Int {
    switch currency {
    case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
      "VND", "VUV", "XAF", "XOF", "XPF":
      0
    case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND":
      3
    default:
      2
    }
  }

  /// The symbol written before the number for the few currencies a rider here meets, or
  /// `nil` to write the code instead. Australian dollars are `A$`, not `$`, so a fare reads
  /// the same to visitors whose own dollar is another.
  private static func symbol(forCurrency currency: String) -> String? {
    switch currency {
    case "AUD": "A$"
    case "NZD": "NZ$"
    case "USD": "US$"
    case "EUR": "€"
    case "GBP": "£"
    case "JPY": "¥"
    default: nil
    }
  }

  /// The amount in major units with grouped thousands, e.g. `1,234.50`; no currency.
  ///
  /// Built by hand rather than with a `NumberFormatter` so it never follows the host's
  /// locale: the same fare reads the same in every log, test and terminal.
  public var amountText: String {
    let digits = Self.minorUnitDigits(forCurrency: currency)
    var divisor = 1
    for _ in 0..<digits { divisor *= 10 }
    let major = amount / divisor
    let minor = amount % divisor
    let majorText = Self.grouped(major)
    guard digits > 0 else { return majorText }
    let minorDigits = String(minor)
    let padding = String(repeating: "0", count: max(0, digits - minorDigits.count))
    return "\(majorText).\(padding)\(minorDigits)"
  }

  /// The fare for people: `A$18.40`, `¥1,840`, or `CHF 18.40` for currencies without a
  /// symbol here.
  public var formatted: String {
    if let symbol = Self.symbol(forCurrency: currency) { return "\(symbol)\(amountText)" }
    return "\(currency) \(amountText)"
  }

  private static func grouped(_ value: Int) -> String {
    let plain = String(value)
    var result = ""
    for (offset, character) in plain.enumerated() {
      if offset > 0, (plain.count - offset) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return result
  }
}
