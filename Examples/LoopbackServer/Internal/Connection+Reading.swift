import Foundation

extension Connection {
  enum HeadResult {
    case head(RequestFields, bodyStart: Int)
    case failed(RequestHead.Failure)
    case closed
  }

  enum BodyResult {
    case body(Data, consumed: Int)
    case tooLarge
    case failed(RequestHead.Failure)
    case closed
  }

  /// Reads until a blank line ends the head, then reads its request line and fields. Until
  /// the first byte arrives the idle timeout applies (and ends the connection silently); from
  /// then on the head deadline, which no trickle of bytes extends.
  func readHead() -> HeadResult {
    var scanned = 0
    var deadline = buffer.isEmpty ? nil : Date(timeIntervalSinceNow: configuration.headTimeout)
    while true {
      if let (headEnd, bodyStart) = findHeadEnd(from: scanned) {
        guard headEnd <= configuration.maxHeaderBytes else { return .failed(headersTooLarge) }
        do {
          return .head(try RequestFields.parse(buffer[0..<headEnd]), bodyStart: bodyStart)
        } catch {
          return .failed(error)
        }
      }
      if buffer.count > configuration.maxHeaderBytes { return .failed(headersTooLarge) }
      scanned = max(0, buffer.count - 3)
      switch receiveMore(until: deadline ?? Date(timeIntervalSinceNow: configuration.idleTimeout))
      {
      case .more:
        if deadline == nil { deadline = Date(timeIntervalSinceNow: configuration.headTimeout) }
      case .ended:
        return buffer.isEmpty ? .closed : .failed(.malformed("The request ended early."))
      case .timedOut:
        guard deadline != nil else { return .closed }
        return .failed(.timedOut("head", after: configuration.headTimeout))
      }
    }
  }

  /// Reads the body the head announces, within the body deadline; `consumed` is where the
  /// next request starts.
  func readBody(of head: RequestHead, from start: Int) -> BodyResult {
    let deadline = Date(timeIntervalSinceNow: configuration.bodyTimeout)
    switch head.framing {
    case .none:
      return .body(Data(), consumed: start)
    case .tooLong:
      return .tooLarge
    case .length(let length):
      guard length <= configuration.maxBodyBytes else { return .tooLarge }
      if head.expectsContinue && buffer.count - start < length {
        guard write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .closed }
      }
      // `buffer.count - start`, never `start + length`: no sum of a client's numbers.
      while buffer.count - start < length {
        let arrival = receiveMore(until: deadline)
        guard case .more = arrival else { return bodyResult(arrival) }
      }
      return .body(Data(buffer[start..<(start + length)]), consumed: start + length)
    case .chunked:
      if head.expectsContinue {
        guard write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .closed }
      }
      return readChunkedBody(from: start, until: deadline)
    }
  }

  /// The body result when the wait for body bytes ended without bytes.
  func bodyResult(_ arrival: Arrival) -> BodyResult {
    guard case .timedOut = arrival else { return .closed }
    return .failed(.timedOut("body", after: configuration.bodyTimeout))
  }

  /// A line of a chunked body, or why there is none.
  enum LineRead {
    /// The line without its line ending, and where the next line starts.
    case line(ArraySlice<UInt8>, next: Int)
    /// The line is longer than allowed.
    case tooLong
    /// The connection ended or the deadline passed first.
    case interrupted(Arrival)
  }

  /// The line starting at `position`, at most `maxLength` bytes before its line ending.
  func readLine(from position: Int, maxLength: Int, until deadline: Date) -> LineRead {
    var scanned = position
    while true {
      if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        var line = buffer[position..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return line.count <= maxLength ? .line(line, next: newline + 1) : .tooLong
      }
      // Room for a CR beyond `maxLength`, written as a difference so nothing can overflow.
      guard buffer.count - position - 1 <= maxLength else { return .tooLong }
      scanned = buffer.count
      let arrival = receiveMore(until: deadline)
      guard case .more = arrival else { return .interrupted(arrival) }
    }
  }

  /// Where the head ends (the index of its last newline) and the body starts, accepting CRLF
  /// or bare LF line endings.
  private func findHeadEnd(from start: Int) -> (Int, Int)? {
    var index = start
    let newline = UInt8(ascii: "\n")
    while index < buffer.count {
      if buffer[index] == newline {
        if index + 1 < buffer.count, buffer[index + 1] == newline {
          return (index, index + 2)
        }
        if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"),
          buffer[index + 2] == newline
        {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }

  private var headersTooLarge: RequestHead.Failure {
    RequestHead.Failure(
      status: 431, code: "headers_too_large",
      message: "The request line and headers are larger than "
        + "\(configuration.maxHeaderBytes) bytes.")
  }
}
