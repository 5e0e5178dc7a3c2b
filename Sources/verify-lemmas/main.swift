print("verify-lemmas: not yet implemented")
