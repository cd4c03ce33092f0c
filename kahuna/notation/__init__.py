"""The game written down: positions, game records, links to a game, and the
plain-words narration of what an action caused. Built on ``kahuna.rules`` only."""
