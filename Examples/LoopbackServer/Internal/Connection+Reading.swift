import Foundation

extension Connection {
  enum HeadResult {
    case head(RequestHead, bodyStart: Int)
    case failed(RequestHead.Failure)
    case closed
  }

  enum BodyResult {
    case body(Data, consumed: Int)
    case tooLarge
    case failed(RequestHead.Failure)
    case closed
  }

  /// Reads until a blank line ends the head, then parses it.
  func readHead() -> HeadResult {
    var scanned = 0
    while true {
      if let (headEnd, bodyStart) = findHeadEnd(from: scanned) {
        guard headEnd <= configuration.maxHeaderBytes else { return .failed(headersTooLarge) }
        do {
          return .head(try RequestHead.parse(buffer[0..<headEnd]), bodyStart: bodyStart)
        } catch {
          return .failed(error)
        }
      }
      if buffer.count > configuration.maxHeaderBytes { return .failed(headersTooLarge) }
      scanned = max(0, buffer.count - 3)
      guard receiveMore() else {
        return buffer.isEmpty ? .closed : .failed(.malformed("The request ended early."))
      }
    }
  }

  /// Reads the body the head announces; `consumed` is where the next request starts.
  func readBody(of head: RequestHead, from start: Int) -> BodyResult {
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
      while buffer.count - start < length {
        guard receiveMore() else { return .closed }
      }
      return .body(Data(buffer[start..<(start + length)]), consumed: start + length)
    case .chunked:
      if head.expectsContinue {
        guard write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .closed }
      }
      return readChunkedBody(from: start)
    }
  }

  /// Decodes a chunked body (RFC 9112 §7.1), ignoring extensions and trailers.
  private func readChunkedBody(from start: Int) -> BodyResult {
    var position = start
    var body = Data()
    while true {
      guard let (line, next) = readLine(from: position) else { return .closed }
      let sizeText = line.split(separator: ";", maxSplits: 1).first ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0
      else { return .failed(.malformed("A chunk size is not a hexadecimal number.")) }
      position = next
      if size == 0 { break }
      guard body.count + size <= configuration.maxBodyBytes else { return .tooLarge }
      while buffer.count - position < size + 2 {
        guard receiveMore() else { return .closed }
      }
      body.append(contentsOf: buffer[position..<(position + size)])
      guard buffer[position + size] == UInt8(ascii: "\r"),
        buffer[position + size + 1] == UInt8(ascii: "\n")
      else { return .failed(.malformed("A chunk does not end with CRLF.")) }
      position += size + 2
    }
    while true {
      guard let (trailer, next) = readLine(from: position) else { return .closed }
      position = next
      if trailer.isEmpty { return .body(body, consumed: position) }
    }
  }

  /// The line starting at `position` without its line ending, and where the next line starts;
  /// nil when the connection ends first or the line is absurdly long.
  private func readLine(from position: Int) -> (String, Int)? {
    var scanned = position
    while true {
      if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        var line = buffer[position..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return (String(decoding: line, as: UTF8.self), newline + 1)
      }
      guard buffer.count - position < 4096 else { return nil }
      scanned = buffer.count
      guard receiveMore() else { return nil }
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
