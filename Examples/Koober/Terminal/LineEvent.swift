/// What waiting for a line of input gave.
enum LineEvent: Sendable, Equatable {
  /// A line, without its line break.
  case line(String)
  /// Standard input ended (Ctrl-D, or the end of a pipe): quit cleanly.
  case endOfInput
  /// Something else needs the screen (a countdown ran out, the session ended): no line was
  /// taken, so the next prompt still gets the person's next line.
  case interrupted
}
