// Placeholder until the LemmaLanguage module lands.
