// Placeholder until the Encoding module lands.
