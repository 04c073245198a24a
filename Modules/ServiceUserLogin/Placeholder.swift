// Placeholder until ServiceUserLogin gets its code.
