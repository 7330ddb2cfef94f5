"""Learning by practice (issue #15): drills and lessons.

Pure modules (questions, their generators, the lesson scripts and checks) sit
beside the Textual screens that show them (`tui/screens/drill*.py`,
`tui/screens/lesson*.py`), so the answers are testable without a terminal.
"""
