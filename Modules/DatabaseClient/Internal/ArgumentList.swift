/// Reads an argument array (`[(any DatabaseValueConvertible)?]`) where it lies, without copying
/// each optional existential out first.
///
/// Copying a `(any DatabaseValueConvertible)?` goes through `Optional`'s generic value
/// witnesses (tag, box, the wrapped type's copy) and was the largest single cost of the
/// everyday `execute(sql, [args])` after SQLite itself. Swift lays out a single-payload enum
/// as its payload with `nil` in an extra inhabitant; for an existential that is a null type
/// pointer after the three-word value buffer. On 64-bit platforms the everyday types (`Int64`,
/// `Int`, `Double`, `String`) are stored inside that buffer, so their values are read straight
/// from it when the type pointer names them, with no witness call and no `DatabaseValue`
/// made; any other type goes through its `databaseValue` witness, still in place.
///
/// That layout is checked once, at run time, on real values; where it does not hold,
/// ``reader`` is `nil` and callers take the plain path, so this is an optimization, never a
/// requirement.
@usableFromInline
enum ArgumentList {
  @usableFromInline typealias Argument = (any DatabaseValueConvertible)?

  /// The byte offset of the type pointer inside an argument.
  static let typeOffset = 3 * MemoryLayout<UInt>.size

  /// What an argument can be, read from its type pointer.
  enum Kind {
    case null, int64, int, double, string, other
  }

  /// The type pointers of the everyday types, to compare an argument's against. Held by each
  /// ``Connection`` and ``Statement`` so that a bind reads no global (a global `let` costs a
  /// `swift_once` call).
  struct Reader: Sendable {
    let int64: UInt
    let int: UInt
    let double: UInt
    let string: UInt

    init() {
      int64 = ArgumentList.typeWord(Int64.self)
      int = ArgumentList.typeWord(Int.self)
      double = ArgumentList.typeWord(Double.self)
      string = ArgumentList.typeWord(String.self)
    }

    /// What the argument at `slot` is.
    @inline(__always)
    func kind(at slot: UnsafeRawPointer) -> Kind {
      let type = slot.load(fromByteOffset: ArgumentList.typeOffset, as: UInt.self)
      if type == 0 { return .null }
      if type == int64 { return .int64 }
      if type == string { return .string }
      if type == double { return .double }
      if type == int { return .int }
      return .other
    }
  }

  /// The reader, or `nil` where arguments are not laid out as described above on this
  /// platform and compiler.
  static let reader: Reader? = {
    guard MemoryLayout<Argument>.size == MemoryLayout<any DatabaseValueConvertible>.size,
      MemoryLayout<Argument>.stride == MemoryLayout<any DatabaseValueConvertible>.stride,
      MemoryLayout<any DatabaseValueConvertible>.size == 5 * MemoryLayout<UInt>.size,
      MemoryLayout<String>.size <= typeOffset,
      // Stored inside the buffer only if it is aligned for them (not so on 32-bit ARM, where
      // they are boxed): checked before any of them is loaded from it.
      MemoryLayout<Int64>.alignment <= MemoryLayout<UInt>.alignment,
      MemoryLayout<Double>.alignment <= MemoryLayout<UInt>.alignment
    else { return nil }
    let probes: [Argument] = [nil, Int64(7), "seven", nil, 7.5, Int(-3), "a longer text, not small"]
    let expected: [DatabaseValue] = [
      .null, .integer(7), .text("seven"), .null, .real(7.5), .integer(-3),
      .text("a longer text, not small"),
    ]
    let reader = Reader()
    let seen = probes.withUnsafeBufferPointer { buffer in
      buffer.indices.map { position -> DatabaseValue? in
        let slot = slot(buffer, at: position)
        // Read each way the binder reads: by kind, and through the witness.
        let direct: DatabaseValue?
        switch reader.kind(at: slot) {
        case .null: return .null
        case .int64: direct = .integer(slot.load(as: Int64.self))
        case .int: direct = .integer(Int64(slot.load(as: Int.self)))
        case .double: direct = .real(slot.load(as: Double.self))
        case .string: direct = withText(at: slot) { .text(String(decoding: $0, as: UTF8.self)) }
        case .other: direct = nil
        }
        let witnessed = value(buffer, at: position)
        return direct == witnessed ? witnessed : nil
      }
    }
    return seen == expected ? reader : nil
  }()

  /// The type pointer an argument of type `type` holds.
  static func typeWord(_ type: Any.Type) -> UInt {
    UInt(bitPattern: unsafeBitCast(type, to: Int.self))
  }

  /// The address of the argument at `position`.
  @inline(__always)
  static func slot(_ buffer: UnsafeBufferPointer<Argument>, at position: Int) -> UnsafeRawPointer {
    // Only called with a position inside a non-empty buffer.
    UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + position)
  }

  /// Calls `body` with the UTF-8 of the `String` argument at `slot`, where it is stored, or
  /// returns `nil` when the string is not stored as contiguous UTF-8 (a bridged one).
  @inlinable @inline(__always)
  static func withText<R>(
    at slot: UnsafeRawPointer, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R? {
    UnsafeMutableRawPointer(mutating: slot).withMemoryRebound(to: String.self, capacity: 1) {
      // Read through `inout` where it is, as below; with contiguous UTF-8, `withUTF8` only
      // lends the bytes and writes nothing.
      guard $0.pointee.isContiguousUTF8 else { return nil }
      return $0.pointee.withUTF8(body)
    }
  }

  /// The database value of the argument at `position`, which is not `nil`, through its
  /// `databaseValue` witness.
  @inline(__always)
  static func value(_ buffer: UnsafeBufferPointer<Argument>, at position: Int) -> DatabaseValue {
    UnsafeMutableRawPointer(mutating: slot(buffer, at: position)).withMemoryRebound(
      to: (any DatabaseValueConvertible).self, capacity: 1
    ) {
      // Through `inout`, the value is read where it is; a plain `pointee` would copy it out
      // first. Nothing writes through this pointer.
      read(&$0.pointee)
    }
  }

  @inline(__always)
  static func read(_ argument: inout any DatabaseValueConvertible) -> DatabaseValue {
    argument.databaseValue
  }
}
