"""The board drawn: SVG text from what one seat sees, with a diagram's notes and the
page's marks (``board``), for the page and for pictures that stand alone (``picture``).
Built on ``kahuna.rules`` and ``kahuna.notation`` (the names' languages) only."""
