"""Research adapter tests: PettingZoo environments, OpenSpiel games, observations."""
