"""The Textual app and the `mahjong-tui` command line.

Importing this package must stay cheap: `mahjong-tui score` and `sim` never load Textual.
"""
