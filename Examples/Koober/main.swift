// Placeholder entry point until the koober host gets its code.
print("[Welcome]")
