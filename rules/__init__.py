"""What the rules say: tiles, hand analysis, rulesets and scoring.

Pure and synchronous, standard library only; it knows nothing of a game in progress.
"""
