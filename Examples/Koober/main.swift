import Foundation

// The composition root grows with the host; for now it knows one subcommand.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" {
  do {
    let command = try ServeCommand(arguments: Array(arguments.dropFirst()))
    exit(command.run())
  } catch {
    let text = "koober serve: \(error.message)\n\(ServeCommand.usage)\n"
    FileHandle.standardError.write(Data(text.utf8))
    exit(64)
  }
}
print("[Welcome]")
