"""The unit tests' common ground:

- Hypothesis without deadline. An example's time is no test's business (speed is
  measured by bench/, never asserted), and the default 200 ms deadline can fail a
  correct example on a busy machine.
- Each test starts in English. The page's view speaks the App's language from the moment
  it draws (web/view/page.py), and that language is the module's state: a test that drew
  a Polish page left the next test in the same worker speaking Polish (the static board
  of index.html was then compared with a Polish one)."""

import pytest
from hypothesis import settings

from web.words import language

settings.register_profile("unit", deadline=None)
settings.load_profile("unit")


@pytest.fixture(autouse=True)
def english():
    language.use("en")
    yield
