/// Reads an argument array (`[(any DatabaseValueConvertible)?]`) where it lies, without copying
/// each optional existential out first.
///
/// Copying a `(any DatabaseValueConvertible)?` goes through `Optional`'s generic value
/// witnesses (tag, box, the wrapped type's copy) and was the largest single cost of the
/// everyday `execute(sql, [args])` after SQLite itself. Swift lays out a single-payload enum
/// as its payload with `nil` in an extra inhabitant; for an existential that is a null type
/// pointer after the three-word value buffer. That layout is checked once, at run time, on
/// real values; where it does not hold, ``isUsable`` is `false` and callers take the plain
/// path, so this is an optimization, never a requirement.
@usableFromInline
enum ArgumentList {
  @usableFromInline typealias Argument = (any DatabaseValueConvertible)?

  /// The byte offset of the type pointer inside an argument.
  @usableFromInline static let typeOffset = 3 * MemoryLayout<UInt>.size

  /// Whether arguments are laid out as described above on this platform and compiler.
  @usableFromInline static let isUsable: Bool = {
    guard MemoryLayout<Argument>.size == MemoryLayout<any DatabaseValueConvertible>.size,
      MemoryLayout<Argument>.stride == MemoryLayout<any DatabaseValueConvertible>.stride,
      MemoryLayout<any DatabaseValueConvertible>.size == 5 * MemoryLayout<UInt>.size
    else { return false }
    let probes: [Argument] = [nil, Int64(7), "seven", nil, 7.5]
    let seen = probes.withUnsafeBufferPointer { buffer in
      buffer.indices.map { isPresent(buffer, at: $0) }
    }
    guard seen == [false, true, true, false, true] else { return false }
    // The present ones read back as the values they are.
    let values = probes.withUnsafeBufferPointer { buffer in
      buffer.indices.map { isPresent(buffer, at: $0) ? value(buffer, at: $0) : .null }
    }
    return values == [.null, .integer(7), .text("seven"), .null, .real(7.5)]
  }()

  /// Whether the argument at `position` is not `nil`.
  @inlinable @inline(__always)
  static func isPresent(_ buffer: UnsafeBufferPointer<Argument>, at position: Int) -> Bool {
    guard let base = buffer.baseAddress else { return false }
    return UnsafeRawPointer(base + position).load(fromByteOffset: typeOffset, as: UInt.self) != 0
  }

  /// The database value of the argument at `position`, which ``isPresent(_:at:)`` said is
  /// there.
  @inlinable @inline(__always)
  static func value(_ buffer: UnsafeBufferPointer<Argument>, at position: Int) -> DatabaseValue {
    guard let base = buffer.baseAddress else { return .null }
    return (base + position).withMemoryRebound(
      to: (any DatabaseValueConvertible).self, capacity: 1
    ) {
      // Through `inout`, the value is read where it is; a plain `pointee` would copy it out
      // first. Nothing writes through this pointer.
      read(&UnsafeMutablePointer(mutating: $0).pointee)
    }
  }

  @inlinable @inline(__always)
  static func read(_ argument: inout any DatabaseValueConvertible) -> DatabaseValue {
    argument.databaseValue
  }
}
