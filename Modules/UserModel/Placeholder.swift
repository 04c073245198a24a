// Placeholder until UserModel gets its code.
