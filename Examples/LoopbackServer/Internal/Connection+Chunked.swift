import Foundation

extension Connection {
  /// Decodes a chunked body (RFC 9112 §7.1) within `deadline`. Chunk data, extensions and
  /// trailer lines draw on one budget of ``LoopbackServer/Configuration/maxBodyBytes``, checked
  /// before every sum, and decoded bytes leave `buffer` as they go, so neither the body, the
  /// buffer nor the arithmetic can grow with what a client sends.
  func readChunkedBody(from start: Int, until deadline: Date) -> BodyResult {
    var position = start
    var budget = configuration.maxBodyBytes
    var body = Data()
    while true {
      compact(&position)
      // A size line may hold up to 16 bytes of significant digits beyond what it spends.
      let read = readLine(
        from: position, maxLength: min(budget, Int.max - 16) + 16, until: deadline)
      let line: ArraySlice<UInt8>
      switch read {
      case .interrupted(let arrival): return bodyResult(arrival)
      case .tooLong: return .tooLarge
      case .line(let text, let next):
        line = text
        position = next
      }
      let sizeLine: ChunkSizeLine
      switch ChunkSizeLine.parse(line) {
      case .malformed: return .failed(.malformed("A chunk size is not a hexadecimal number."))
      case .tooLarge: return .tooLarge
      case .chunk(let parsed): sizeLine = parsed
      }
      guard sizeLine.overhead <= budget else { return .tooLarge }
      budget -= sizeLine.overhead
      if sizeLine.size == 0 { break }
      guard sizeLine.size <= budget else { return .tooLarge }
      budget -= sizeLine.size
      // The data and its CRLF; a difference, so `size + 2` is never computed.
      while buffer.count - position - 2 < sizeLine.size {
        let arrival = receiveMore(until: deadline)
        guard case .more = arrival else { return bodyResult(arrival) }
      }
      let end = position + sizeLine.size
      body.append(contentsOf: buffer[position..<end])
      guard buffer[end] == UInt8(ascii: "\r"), buffer[end + 1] == UInt8(ascii: "\n") else {
        return .failed(.malformed("A chunk does not end with CRLF."))
      }
      position = end + 2
    }
    return readTrailers(from: position, budget: budget, until: deadline, body: body)
  }

  /// Skips the trailer section, whose lines spend what is left of the body budget.
  private func readTrailers(
    from start: Int, budget: Int, until deadline: Date, body: Data
  ) -> BodyResult {
    var position = start
    var budget = budget
    while true {
      compact(&position)
      switch readLine(from: position, maxLength: budget, until: deadline) {
      case .interrupted(let arrival): return bodyResult(arrival)
      case .tooLong: return .tooLarge
      case .line(let trailer, let next):
        position = next
        if trailer.isEmpty { return .body(body, consumed: position) }
        budget -= trailer.count
      }
    }
  }

  /// Drops the consumed front of `buffer` once it is large enough to be worth the copy.
  private func compact(_ position: inout Int) {
    guard position >= 16 * 1024 else { return }
    buffer.removeFirst(min(position, buffer.count))
    position = 0
  }
}
