"""Headless subcommands: they never import Textual."""
