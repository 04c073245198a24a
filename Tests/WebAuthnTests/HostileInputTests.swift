import Testing
import WebAuthn

/// Mutated and random input through every reader: each answers a value or a typed error, and
/// none traps (a trap ends the test process, so reaching the end is the assertion).
@Suite("Hostile input")
struct HostileInputTests {
  /// SplitMix64: a fixed sequence, so a failure replays.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9e37_79b9_7f4a_7c15
      var z = state
      z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
      z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
      return z ^ (z >> 31)
    }
  }

  static func mutations(of seed: [UInt8], count: Int) -> [[UInt8]] {
    var generator = Generator(state: UInt64(seed.count))
    return (0..<count).map { _ in
      var bytes = seed
      for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
        case 1: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 2: bytes.removeSubrange(index...)
        default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
        }
      }
      return bytes
    }
  }

  @Test("mutated attestation objects answer a value or a typed error")
  func attestationObjects() throws {
    var outcomes: [String: Int] = [:]
    for bytes in Self.mutations(of: try base64URL(Fixtures.noneAttestationObject), count: 5_000)
    {
      do {
        _ = try AttestationObject(bytes: bytes)
        outcomes["read", default: 0] += 1
      } catch {
        outcomes[error.description, default: 0] += 1
      }
    }
    #expect(outcomes.count > 3)
  }

  @Test("mutated authenticator data, keys and client data answer a value or a typed error")
  func others() throws {
    let authData = try AuthenticatorDataTests.registrationBytes()
    for bytes in Self.mutations(of: authData, count: 5_000) {
      _ = try? AuthenticatorData(bytes: bytes)
    }
    for bytes in Self.mutations(of: try base64URL(Fixtures.rsaKey), count: 2_000) {
      _ = try? COSEKey(cbor: bytes)
    }
    for bytes in Self.mutations(of: try base64URL(Fixtures.noneClientDataJSON), count: 2_000) {
      _ = try? CollectedClientData(json: bytes)
    }
    var generator = Generator(state: 33)
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...24, using: &generator)
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      _ = try? CBOR.decode(bytes)
    }
  }
}
