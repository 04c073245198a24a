/// The event log's entries about the account's passkeys (`PasskeysLogicControl`). They name
/// no passkey: its name is the person's words and its id a credential's, so neither is kept.
enum PasskeyEvent {
  case listing
  case listed(count: Int)
  case addRequested
  case renameRequested
  case removeRequested
  case added
  case renamed
  case removed
  case freshSignInNeeded

  var text: String {
    switch self {
    case .listing: "reading the list"
    case .listed(let count): "\(count) listed"
    case .addRequested: "adding one"
    case .renameRequested: "renaming one"
    case .removeRequested: "removing one"
    case .added: "added"
    case .renamed: "renamed"
    case .removed: "removed"
    case .freshSignInNeeded: "a fresh sign-in is needed to add one -> sign-in"
    }
  }
}
