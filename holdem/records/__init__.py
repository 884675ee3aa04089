"""Hand records: reading, replaying and writing hands held outside the engine."""
