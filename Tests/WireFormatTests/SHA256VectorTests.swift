import Testing

import WireFormat

/// SHA-256 at its padding boundaries (FIPS 180-4 §5.1.1): a message of 55 bytes is the
/// longest whose padding fits one block, 56 the shortest that needs a second one, 64 a full
/// block, and 119 and 120 the same two cases one block later. Each expected digest was
/// computed with Python's `hashlib.sha256` and checked with `sha256sum`.
@Suite("SHA-256 at the padding boundaries")
struct SHA256VectorTests {
  /// A length, and the digests of that many `a` bytes and of the bytes 0, 1, 2, ….
  struct Vector: Sendable, CustomStringConvertible {
    let length: Int
    let letters: String
    let counting: String
    var description: String { "\(length) bytes" }
  }

  static let vectors = [
    Vector(
      length: 1,
      letters: "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb",
      counting: "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d"),
    Vector(
      length: 55,
      letters: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
      counting: "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
    Vector(
      length: 56,
      letters: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
      counting: "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
    Vector(
      length: 57,
      letters: "f13b2d724659eb3bf47f2dd6af1accc87b81f09f59f2b75e5c0bed6589dfe8c6",
      counting: "2fe741af801cc238602ac0ec6a7b0c3a8a87c7fc7d7f02a3fe03d1c12eac4d8f"),
    Vector(
      length: 63,
      letters: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
      counting: "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
    Vector(
      length: 64,
      letters: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      counting: "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
    Vector(
      length: 65,
      letters: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
      counting: "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
    Vector(
      length: 119,
      letters: "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb",
      counting: "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
    Vector(
      length: 120,
      letters: "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c",
      counting: "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
    Vector(
      length: 128,
      letters: "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e",
      counting: "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
  ]

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
  }

  @Test("n times 'a' and the bytes 0..<n", arguments: vectors)
  func boundary(_ vector: Vector) {
    let letters = [UInt8](repeating: UInt8(ascii: "a"), count: vector.length)
    let counting = (0..<vector.length).map { UInt8(truncatingIfNeeded: $0) }
    #expect(Self.hex(SHA256.digest(letters)) == vector.letters)
    #expect(Self.hex(SHA256.digest(counting)) == vector.counting)
    // Any collection of bytes, not only an array: a slice starts past index 0.
    let sliced = ([0xFF] + counting)[1...]
    #expect(Self.hex(SHA256.digest(sliced)) == vector.counting)
  }
}
