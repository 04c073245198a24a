// Placeholder until TestSupport gets its code.
