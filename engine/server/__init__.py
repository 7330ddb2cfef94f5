"""The table server: many tables in one asyncio process, seats over websockets.

`protocol` is the wire format (versioned JSON messages), `table` one table (one
engine `Host`, a stream of redacted frames per seat and one for spectators),
`app` the websocket server with its limits, `client` a headless client that
folds its stream with the engine's own fold. Nothing here imports Textual; the
AI that fills empty seats is handed in by the caller (the engine does not import
`ai`).
"""
