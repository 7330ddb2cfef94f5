"""The subcommands, one module each: the flags checked and bad input refused before
anything heavy is imported. Only the ones that open a screen (`drill`, `learn`,
`replay` in a terminal) import Textual, and only once their flags have passed; the
others (`score`, `sim`, `export`, `games`, ...) never do."""
