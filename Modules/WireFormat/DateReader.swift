/// A cursor over the UTF-8 bytes of a ``WireDate`` that never reads past the end.
struct DateReader {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  /// Exactly `count` ASCII digits as a number; `count` is at most 4, so it cannot overflow.
  mutating func number(digits count: Int) -> Int64? {
    var value: Int64 = 0
    for _ in 0..<count {
      guard let digit = digit() else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  /// One or more digits after the decimal point, as a fraction of a second; digits past the
  /// ninth are read and ignored (RFC 3339 sets no limit, a `Date` holds no more).
  mutating func fraction() -> Double? {
    var value: Int64 = 0
    var scale: Int64 = 1
    var count = 0
    while let digit = digit() {
      count += 1
      if count <= 9 {
        value = value * 10 + digit
        scale *= 10
      }
    }
    return count == 0 ? nil : Double(value) / Double(scale)
  }

  /// `Z`/`z` is UTC; `+hh:mm` / `-hh:mm` are offsets east / west of it, in seconds.
  mutating func zoneOffsetSeconds() -> Int64? {
    if skip("Z") || skip("z") { return 0 }
    let sign: Int64
    if skip("+") {
      sign = 1
    } else if skip("-") {
      sign = -1
    } else {
      return nil
    }
    guard let hours = number(digits: 2), skip(":"), let minutes = number(digits: 2),
      (0...23).contains(hours), (0...59).contains(minutes)
    else { return nil }
    return sign * (hours * 3_600 + minutes * 60)
  }

  private mutating func digit() -> Int64? {
    guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    else { return nil }
    defer { index += 1 }
    return Int64(bytes[index] - UInt8(ascii: "0"))
  }
}
