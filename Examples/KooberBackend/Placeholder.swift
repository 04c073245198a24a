// Placeholder until KooberBackend gets its code.
