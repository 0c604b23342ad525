"""A game that only the tests register: see whist.py."""
