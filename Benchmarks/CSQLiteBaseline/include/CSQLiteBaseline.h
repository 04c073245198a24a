// Placeholder until the raw SQLite baseline gets its code.
#pragma once
int csqlite_baseline_placeholder(void);
