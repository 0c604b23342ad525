"""The conformance suite: checks every registered game must pass."""
