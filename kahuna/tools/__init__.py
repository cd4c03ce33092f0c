"""Command-line tools (``python -m kahuna``): replay and link records, the engine
bench, tournaments between players. Never imported by the page."""
