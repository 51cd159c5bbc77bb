"""The game window: scenes, intents, tweens and the table (pygame-ce)."""
