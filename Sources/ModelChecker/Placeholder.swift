// Placeholder until the ModelChecker module lands.
