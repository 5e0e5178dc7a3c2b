// Placeholder until the IdentityModel module lands.
