extension CBOR {
  /// The item in RFC 8949 §4.2.1's core deterministic encoding: each argument in its
  /// shortest form, definite lengths, and map entries sorted by their keys' encoded bytes.
  /// - Returns: The encoded bytes.
  public func encoded() -> [UInt8] {
    var output: [UInt8] = []
    write(into: &output)
    return output
  }

  private func write(into output: inout [UInt8]) {
    switch self {
    case .unsigned(let value): Self.head(0, value, into: &output)
    case .negative(let value): Self.head(1, value, into: &output)
    case .bytes(let value):
      Self.head(2, UInt64(value.count), into: &output)
      output += value
    case .text(let value):
      Self.head(3, UInt64(value.utf8.count), into: &output)
      output += value.utf8
    case .array(let elements):
      Self.head(4, UInt64(elements.count), into: &output)
      for element in elements { element.write(into: &output) }
    case .map(let entries):
      Self.head(5, UInt64(entries.count), into: &output)
      let sorted = entries.map { (key: $0.key.encoded(), value: $0.value) }
        .sorted { $0.key.lexicographicallyPrecedes($1.key) }
      for entry in sorted {
        output += entry.key
        entry.value.write(into: &output)
      }
    case .bool(let value): output.append(value ? 0xf5 : 0xf4)
    case .null: output.append(0xf6)
    }
  }

  private static func head(_ major: UInt8, _ argument: UInt64, into output: inout [UInt8]) {
    let width: Int
    let info: UInt8
    switch argument {
    case 0..<24:
      output.append(major << 5 | UInt8(argument))
      return
    case 24...0xff: (info, width) = (24, 1)
    case 0x100...0xffff: (info, width) = (25, 2)
    case 0x1_0000...0xffff_ffff: (info, width) = (26, 4)
    default: (info, width) = (27, 8)
    }
    output.append(major << 5 | info)
    for index in stride(from: width - 1, through: 0, by: -1) {
      output.append(UInt8(truncatingIfNeeded: argument >> UInt64(index * 8)))
    }
  }
}
