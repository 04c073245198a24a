import LoginViewModel
import Testing

@MainActor
@Suite("CodeViewModel")
struct CodeViewModelTests {
  @Test("a fresh screen shows 1:00, no error, no attempts text, and a disabled button")
  func initialState() {
    let model = CodeViewModel()
    let log = ViewEventLog.recording(model)
    #expect(model.countdownText == "1:00" && model.codeError == nil)
    #expect(model.attemptsLeftText == nil && !model.isVerifyEnabled && model.code == "")
    #expect(CodeViewModel(remainingSeconds: 45).countdownText == "0:45")
    #expect(CodeViewModel(remainingSeconds: 600).countdownText == "10:00")
    #expect(CodeViewModel(remainingSeconds: -5).countdownText == "0:00")
    #expect(log.events == [])
  }

  @Test("typing six digits enables verify at the sixth; a seventh or a letter shows why")
  func typingCode() {
    let model = CodeViewModel()
    let log = ViewEventLog.recording(model)
    typeCharacters("123456", into: model.codeChanged)
    #expect(log.take() == [.verifyEnabled(true)])
    #expect(model.code == "123456")
    model.codeChanged("1234567")
    model.codeChanged("12345a")
    model.codeChanged("12345")
    model.codeChanged("")
    #expect(
      log.take() == [
        .codeError(Message.sixDigits), .verifyEnabled(false), .codeError(Message.digitsOnly),
        .codeError(nil),
      ])
  }

  @Test(
    "spaces are dropped and any script's digits become 0–9",
    arguments: ["123 456", " 123456\n", "1 2 3 4 5 6", "١٢٣٤٥٦", "１２３４５６", "१२३४५६"]
  )
  func forgivingCode(text: String) {
    let model = CodeViewModel()
    let log = ViewEventLog.recording(model)
    model.codeChanged(text)
    #expect(log.events == [.verifyEnabled(true)])
    #expect(model.code == "123456")
  }

  @Test("a 1,000-character paste is refused with a clear error")
  func longPaste() {
    let model = CodeViewModel()
    let log = ViewEventLog.recording(model)
    model.codeChanged(String(repeating: "7", count: 1_000))
    model.codeChanged(String(repeating: "x", count: 1_000))
    model.codeChanged("1-2-3-4-5-6")
    #expect(log.events == [.codeError(Message.sixDigits), .codeError(Message.digitsOnly)])
  }

  @Test("the countdown from 60 to 0 shows every m:ss once and disables verify at 0:00")
  func countdown() {
    let model = CodeViewModel(remainingSeconds: 60)
    let log = ViewEventLog.recording(model)
    model.codeChanged("123456")
    for second in stride(from: 60, through: 0, by: -1) {
      model.remainingSecondsChanged(second)
      model.remainingSecondsChanged(second)  // a clock that ticks twice in one second
    }
    model.remainingSecondsChanged(-1)
    let expectedTexts = (0...59).reversed().map { "0:" + ($0 < 10 ? "0" : "") + "\($0)" }
    #expect(expectedTexts.first == "0:59" && expectedTexts[50] == "0:09")
    #expect(expectedTexts.last == "0:00" && expectedTexts.count == 60)
    let expected: [ViewEvent] =
      [.verifyEnabled(true)] + expectedTexts.map { .countdown($0) } + [.verifyEnabled(false)]
    #expect(log.events == expected)
  }

  @Test("attempts left read naturally and repeat nothing")
  func attemptsLeft() {
    let model = CodeViewModel()
    let log = ViewEventLog.recording(model)
    for attempts in [2, 2, 1, 0, -1] {
      model.attemptsLeftChanged(attempts)
    }
    #expect(
      log.events == [
        .attemptsLeft("2 attempts left"), .attemptsLeft("1 attempt left"),
        .attemptsLeft("No attempts left"),
      ])
  }

  @Test("loading disables verify and re-enables it")
  func loading() {
    let model = CodeViewModel()
    model.codeChanged("123456")
    let log = ViewEventLog.recording(model)
    model.setLoading(true)
    model.setLoading(false)
    #expect(
      log.events == [
        .loading(true), .verifyEnabled(false), .loading(false), .verifyEnabled(true),
      ])
  }
}
