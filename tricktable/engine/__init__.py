"""The rules engine every game plugs into: rules, actions, state, tricks, registry."""
