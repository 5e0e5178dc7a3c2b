// Placeholder until the Prover module lands.
