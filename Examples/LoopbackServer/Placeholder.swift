// Placeholder until LoopbackServer gets its code.
