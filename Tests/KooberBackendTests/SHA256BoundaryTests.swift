import Testing

@testable import KooberBackend

/// The backend's SHA-256 (the system's, through `SHA256Digest`) at the padding boundaries
/// (FIPS 180-4 §5.1.1): 55 bytes is the longest message whose padding fits one block, 56 the
/// shortest that needs a second, 64 a full block, 119 and 120 the same one block later.
/// Expected digests computed with Python's `hashlib.sha256`, checked with `sha256sum`.
@Suite("the backend's SHA-256 at the padding boundaries")
struct SHA256BoundaryTests {
  static let vectors: [(length: Int, letters: String, counting: String)] = [
    (
      55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
      "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"
    ),
    (
      56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
      "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"
    ),
    (
      63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
      "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"
    ),
    (
      64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"
    ),
    (
      119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb",
      "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"
    ),
    (
      120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c",
      "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"
    ),
  ]

  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
  }

  @Test("n times 'a' and the bytes 0..<n, for n = 55, 56, 63, 64, 119, 120")
  func boundaries() throws {
    for vector in Self.vectors {
      let letters = String(repeating: "a", count: vector.length)
      #expect(try SHA256Digest.hex(letters) == vector.letters, "\(vector.length) bytes")
      let counting = (0..<vector.length).map { UInt8(truncatingIfNeeded: $0) }
      #expect(
        Self.hex(try SHA256Digest.hash(counting)) == vector.counting, "\(vector.length) bytes")
    }
  }
}
