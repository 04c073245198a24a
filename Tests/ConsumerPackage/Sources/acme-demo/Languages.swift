// `acme-demo --languages`: a few of the modules' texts in the language the platform chose
// (on Linux from LANGUAGE, LC_ALL, LC_MESSAGES and LANG), with Acme's own tables
// (Resources/<language>.lproj in this target) ahead of the modules'. One text per line;
// ConsumerPackageTests runs it under LANG=fr_FR.UTF-8.
import Foundation
import Localization
import LoginCore
import UserModel

/// Prints the chosen language and five texts: three from Acme's French tables (one of them
/// counted, one the username rule's), one Acme words only in English, one nobody words but
/// UserModel.
func printLanguages() {
  // The one step that makes this target's tables count (Texts' documentation).
  Texts.appBundles = [Bundle.module, .main]
  print("language: \(Texts.language.code)")
  print("acme fr: \(PasswordProblem.tooShort(minimum: 8).message)")
  print("acme fr counted: \(AuthFailure.refused(.invalidCode(attemptsLeft: 0)).message)")
  let taken = AuthFailure.refused(.identifierTaken(IdentifierRule.username.kind))
  print("acme fr taken: \(taken.message)")
  print("acme en: \(EmailProblem.empty.message)")
  print("module en: \(PasswordProblem.empty.message)")
}
