"""The game as a state machine, driven asynchronously. Never imports Textual."""
