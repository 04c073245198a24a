import Localization

/// Why a display name cannot be used. An empty name is not a problem: it means "no name".
public enum NameProblem: Error, Sendable, Hashable {
  /// More than `maximum` Unicode scalars after trimming.
  case tooLong(maximum: Int)
  /// A control character (general category Cc: line breaks, tabs, NUL, …) anywhere in it.
  case controlCharacter

  /// A stable identifier a program can switch on or log.
  public var code: String {
    switch self {
    case .tooLong: "name_too_long"
    case .controlCharacter: "name_control_character"
    }
  }

  /// One sentence a person can act on, ready to show under the field.
  public var message: String {
    switch self {
    case .tooLong(let maximum): TextTable.userModel.text("name.tooLong", ["maximum": "\(maximum)"])
    case .controlCharacter: TextTable.userModel.text("name.controlCharacter")
    }
  }
}
