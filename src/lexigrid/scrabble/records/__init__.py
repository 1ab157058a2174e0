"""Game records: GCG written from a game, read and replayed line by line."""
