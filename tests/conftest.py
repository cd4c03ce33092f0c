"""The unit tests' Hypothesis settings: no deadline. An example's time is no test's
business (speed is measured by bench/, never asserted), and the default 200 ms deadline
can fail a correct example on a busy machine."""

from hypothesis import settings

settings.register_profile("unit", deadline=None)
settings.load_profile("unit")
