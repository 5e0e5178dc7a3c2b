// Placeholder until the Z3Kit module lands.
