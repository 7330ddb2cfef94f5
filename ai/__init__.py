"""Opponents that answer the engine's questions through the Player protocol."""
