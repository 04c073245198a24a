#include "CSQLiteBaseline.h"
int csqlite_baseline_placeholder(void) { return 0; }
