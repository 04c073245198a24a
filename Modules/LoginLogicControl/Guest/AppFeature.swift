import Localization
import LoginCore
import UserModel

/// A feature of the app that a person may open, signed in or browsing as a guest: an open
/// set, like `UserType`. The module declares one, ``profile``; an app declares its own, each
/// with who may use it, and a title in words or read from its own tables when shown (the
/// example host declares its features this way).
///
/// ```swift
/// extension AppFeature {
///   static let dispatchBoard = AppFeature(
///     "dispatchBoard", title: "the dispatch board", requirement: .onlyFor([.dispatcher]))
///   static let fleet = AppFeature("fleet", requirement: .onlyFor([.dispatcher])) {
///     AcmeText.text("feature.fleet")   // in the language of the moment
///   }
/// }
/// ```
///
/// Two features are equal, and hash alike, when their `id`s and requirements are: the title
/// is words for people, read anew each time (the language can change after a feature is
/// made), so it takes no part.
public struct AppFeature: Sendable, Hashable {
  /// One's own profile: every app with accounts has one.
  public static let profile = AppFeature(
    "profile", requirement: .accountNeeded,
    title: { TextTable.loginLogicControl.text("feature.profile") })

  /// A stable name for logs and programs, e.g. `dispatchBoard`.
  public let id: String
  /// Who may open the feature: its row of the guest-gating table.
  public let requirement: FeatureRequirement
  private let readTitle: @Sendable () -> String

  /// Declares a feature whose title is the same in every language.
  /// - Parameters:
  ///   - id: A stable name for logs and programs.
  ///   - title: The name as a sentence uses it, e.g. "the dispatch board".
  ///   - requirement: Who may open it.
  public init(_ id: String, title: String, requirement: FeatureRequirement) {
    self.init(id, requirement: requirement) { title }
  }

  /// Declares a feature whose title is looked up each time it is read, e.g. in the app's
  /// own localized tables.
  /// - Parameters:
  ///   - id: A stable name for logs and programs.
  ///   - requirement: Who may open it.
  ///   - title: Gives the name as a sentence uses it, in the current language.
  public init(
    _ id: String, requirement: FeatureRequirement,
    title: @escaping @Sendable () -> String
  ) {
    self.id = id
    self.requirement = requirement
    readTitle = title
  }

  /// The feature's name as a sentence uses it, e.g. "the dispatch board" (“调度台” in
  /// Chinese), in the language of the moment.
  public var title: String { readTitle() }

  /// The same as `id`.
  public var rawValue: String { id }

  /// Tells whether an account of `type` may use the feature.
  /// - Parameter type: The signed-in user's type.
  /// - Returns: `false` only for a feature reserved to other types.
  public func isAvailable(to type: UserType) -> Bool {
    switch requirement {
    case .guestsWelcome, .accountNeeded: true
    case .onlyFor(let allowed): allowed.contains(type)
    }
  }

  /// Compares the id and the requirement (see the type's comment).
  /// - Parameters:
  ///   - lhs: A feature.
  ///   - rhs: Another feature.
  /// - Returns: `true` when both are the same.
  public static func == (lhs: AppFeature, rhs: AppFeature) -> Bool {
    lhs.id == rhs.id && lhs.requirement == rhs.requirement
  }

  /// Hashes the id and the requirement.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(requirement)
  }

  /// The placeholders of a sentence refusing the feature to `type`: `{feature}` (the title),
  /// `{type}` and `{types}` (the type's name, alone and for its accounts in general).
  func refusalValues(to type: UserType) -> [String: String] {
    ["feature": title, "type": type.sentenceName, "types": type.pluralSentenceName]
  }
}
