"""Server tests: API, websocket, store, restarts, hidden information."""
