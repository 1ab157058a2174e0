"""The engine: the GADDAG, the compiled move generator and its cache, leave values, the win table."""
