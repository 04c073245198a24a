import Localization

/// One choice of a menu: its label and what choosing it means.
struct MenuEntry<Value> {
  /// The label, e.g. `Sign in`; typing it (any case) chooses the entry, as does its number.
  let title: String
  /// A quiet note after the label, e.g. `needs an account`.
  var note: String?
  /// What the entry stands for.
  let value: Value
}

extension Console {
  /// Lists the entries numbered from 1 and asks until one is chosen, by number or by label.
  /// - Parameter entries: The choices, at least one.
  /// - Returns: The chosen entry's value, or the reason no choice was made.
  func choose<Value>(from entries: [MenuEntry<Value>]) async -> Result<Value, MenuExit> {
    list(entries)
    while true {
      let event = await ask(TextTable.koober.text("menu.choose"))
      guard case .line(let answer) = event else {
        return .failure(event == .endOfInput ? .endOfInput : .interrupted)
      }
      if let value = pick(answer, from: entries) { return .success(value) }
    }
  }

  /// The value of the entry an answer names, by number or by label (any case); `nil` after
  /// an alert saying how to choose.
  /// - Parameters:
  ///   - answer: What was typed.
  ///   - entries: The choices listed.
  func pick<Value>(_ answer: String, from entries: [MenuEntry<Value>]) -> Value? {
    if let number = Int(answer), entries.indices.contains(number - 1) {
      return entries[number - 1].value
    }
    if let entry = entries.first(where: { $0.title.lowercased() == answer.lowercased() }) {
      return entry.value
    }
    alert(TextTable.koober.text("menu.howToChoose", ["count": "\(entries.count)"]))
    return nil
  }

  /// Writes the entries numbered from 1, each with its note.
  /// - Parameter entries: The choices.
  func list<Value>(_ entries: [MenuEntry<Value>]) {
    for (index, entry) in entries.enumerated() {
      let label = "  \(index + 1)) \(entry.title)"
      if let note = entry.note {
        line(label, quiet: TextTable.koober.text("menu.note", ["note": note]))
      } else {
        line(label)
      }
    }
  }
}

extension Console {
  /// A menu whose entries are destinations: the chosen one, `.quit` at the end of input,
  /// `.interrupted` when something else needs the screen.
  /// - Parameter entries: The choices.
  /// - Returns: Where to go.
  func chooseDestination(from entries: [MenuEntry<Destination>]) async -> Destination {
    switch await choose(from: entries) {
    case .success(let destination): destination
    case .failure(let exit): exit.destination
    }
  }
}

/// Why a menu ended without a choice.
enum MenuExit: Error, Equatable {
  /// Standard input ended.
  case endOfInput
  /// Something else needs the screen.
  case interrupted

  /// The matching destination.
  var destination: Destination {
    self == .endOfInput ? .quit : .interrupted
  }
}
